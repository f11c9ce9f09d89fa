package dev.evperf.suites.nexmark.query;

import static dev.evperf.api.FieldType.LONG;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.spec.OutputSchema;
import java.util.List;

/**
 * cep2, price dips (Nexmark's CEP query 0): per auction and bidder, a bid, then one or more bids each
 * lower than the one before, then a bid higher than the last of them, in consecutive bids of the pair.
 * <pre>
 * MATCH_RECOGNIZE (PARTITION BY auction, bidder ORDER BY dateTime
 *   AFTER MATCH SKIP TO LAST U  PATTERN (S D+ U)
 *   DEFINE D AS D.price &lt; PREV(D.price),  U AS U.price &gt; PREV(U.price))
 * </pre>
 * PREV is the row before in the partition: S for the first D, the last D for U. After a match the
 * next may start at its U. Every match that ends at a U ends there with the same last D, so this is
 * one match per U, the one with the earliest start: Siddhi's sequence with {@code every} gives
 * exactly that. One row {@code (sseq, dseq, useq, auction, bidder, bottom)} per match (dseq and
 * bottom: the last D), caused by U.
 */
public record PriceDips(NexmarkConfig data) implements NexmarkQuery {
    public PriceDips {
        data = Outputs.data(data);
    }

    @Override
    public String name() {
        return "cep2";
    }

    @Override
    public List<StreamSchema> inputs() {
        return List.of(NexmarkStreams.BID_SCHEMA);
    }

    @Override
    public List<OutputSchema> outputs() {
        return List.of(new OutputSchema(
                Outputs.OUT,
                Outputs.fields(
                        "sseq", LONG, "dseq", LONG, "useq", LONG, "auction", LONG, "bidder", LONG, "bottom", LONG),
                List.of("useq"),
                1,
                List.of("sseq"),
                false));
    }

    @Override
    public boolean dependsOnEventTimeOrder() {
        return true;
    }

    @Override
    public String label() {
        return "cep2 price dips";
    }

    @Override
    public <R> R accept(Visitor<R> visitor) {
        return visitor.priceDips(this);
    }
}
