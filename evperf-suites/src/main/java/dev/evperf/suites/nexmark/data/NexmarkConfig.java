package dev.evperf.suites.nexmark.data;

import com.fasterxml.jackson.annotation.JsonProperty;
import dev.evperf.suites.spec.Span;
import dev.evperf.suites.spec.Specs;

/**
 * The Nexmark model's parameters, as Nexmark names and defaults them, plus evperf's seed, fixed base
 * time and out-of-order option. Every event is a function of this record and its sequence number.
 *
 * @param seed              the same seed gives the same events, in every run and on every engine
 * @param interEventDelay   event time between consecutive events (default 100 µs: 10 000 events/s)
 * @param baseTime          event time of event 0, epoch ms (default 2024-01-01T00:00:00Z)
 * @param personProportion  of every {@code person + auction + bid} consecutive events, this many are
 *                          persons, then auctions, then bids (1 : 3 : 46)
 * @param hotAuctionRatio   a bid is for the hot auction with probability 1 − 1/ratio (2), else for a
 *                          random auction in flight
 * @param hotSellersRatio   an auction is by the hot seller with probability 1 − 1/ratio (4)
 * @param hotBiddersRatio   a bid is by the hot bidder with probability 1 − 1/ratio (4)
 * @param inFlightAuctions  random auctions are among the last this many (100), plus a few ids ahead
 * @param activePeople      random persons are among the last this many (1 000), plus a few ids ahead
 * @param avgPersonSize     the person's text is padded ({@code extra}) to about this many bytes (200)
 * @param lateness          out-of-order events: an event is late by up to this much event time
 *                          (default 0: every event in order)
 * @param lateFraction      the share of late events when lateness &gt; 0 (0.1, Nexmark's probDelayedEvent)
 */
public record NexmarkConfig(
        Long seed,
        @JsonProperty("inter_event_delay") EventDelay interEventDelay,
        @JsonProperty("base_time") Long baseTime,
        @JsonProperty("person_proportion") Integer personProportion,
        @JsonProperty("auction_proportion") Integer auctionProportion,
        @JsonProperty("bid_proportion") Integer bidProportion,
        @JsonProperty("hot_auction_ratio") Integer hotAuctionRatio,
        @JsonProperty("hot_sellers_ratio") Integer hotSellersRatio,
        @JsonProperty("hot_bidders_ratio") Integer hotBiddersRatio,
        @JsonProperty("in_flight_auctions") Integer inFlightAuctions,
        @JsonProperty("active_people") Integer activePeople,
        @JsonProperty("avg_person_size") Integer avgPersonSize,
        @JsonProperty("avg_auction_size") Integer avgAuctionSize,
        @JsonProperty("avg_bid_size") Integer avgBidSize,
        Span lateness,
        @JsonProperty("late_fraction") Double lateFraction) {

    public static final NexmarkConfig DEFAULT = new NexmarkConfig(
            null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);

    public NexmarkConfig {
        seed = seed == null ? 1L : seed;
        interEventDelay = interEventDelay == null ? new EventDelay(100_000) : interEventDelay;
        baseTime = baseTime == null ? 1_704_067_200_000L : baseTime;
        personProportion = positive(personProportion, 1, "person_proportion");
        auctionProportion = positive(auctionProportion, 3, "auction_proportion");
        bidProportion = positive(bidProportion, 46, "bid_proportion");
        hotAuctionRatio = positive(hotAuctionRatio, 2, "hot_auction_ratio");
        hotSellersRatio = positive(hotSellersRatio, 4, "hot_sellers_ratio");
        hotBiddersRatio = positive(hotBiddersRatio, 4, "hot_bidders_ratio");
        inFlightAuctions = positive(inFlightAuctions, 100, "in_flight_auctions");
        activePeople = positive(activePeople, 1000, "active_people");
        avgPersonSize = positive(avgPersonSize, 200, "avg_person_size");
        avgAuctionSize = positive(avgAuctionSize, 500, "avg_auction_size");
        avgBidSize = positive(avgBidSize, 100, "avg_bid_size");
        lateFraction = lateFraction == null ? 0.1 : lateFraction;
        Specs.check(lateFraction >= 0 && lateFraction <= 1, "late_fraction", "must be in [0, 1], not " + lateFraction);
        Specs.check(baseTime >= 0, "base_time", "must be epoch milliseconds, not " + baseTime);
    }

    private static int positive(Integer v, int dflt, String field) {
        int x = v == null ? dflt : v;
        Specs.check(x >= 1, field, "must be at least 1, not " + x);
        return x;
    }

    /** person + auction + bid proportions: the events of one round of the cycle. */
    public int totalProportion() {
        return personProportion + auctionProportion + bidProportion;
    }

    /** The out-of-order bound in ms: 0 when every event is in order. */
    public long latenessMillis() {
        return lateness == null ? 0 : lateness.millis();
    }

    public boolean inOrder() {
        return latenessMillis() == 0 || lateFraction == 0;
    }

    public NexmarkConfig withLateness(Span l, double fraction) {
        return new NexmarkConfig(
                seed,
                interEventDelay,
                baseTime,
                personProportion,
                auctionProportion,
                bidProportion,
                hotAuctionRatio,
                hotSellersRatio,
                hotBiddersRatio,
                inFlightAuctions,
                activePeople,
                avgPersonSize,
                avgAuctionSize,
                avgBidSize,
                l,
                fraction);
    }
}
