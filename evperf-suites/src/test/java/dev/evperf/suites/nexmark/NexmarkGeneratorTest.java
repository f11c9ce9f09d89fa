package dev.evperf.suites.nexmark;

import static dev.evperf.suites.nexmark.data.NexmarkStreams.A_ID;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.A_SELLER;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_AUCTION;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_BIDDER;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_PRICE;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.P_ID;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.nexmark.data.NexmarkConfig;
import dev.evperf.suites.nexmark.data.NexmarkGenerator;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.spec.Span;
import dev.evperf.suites.spec.SpecException;
import dev.evperf.suites.spec.Specs;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The generator follows the Nexmark model and makes event k from (config, k) alone. */
class NexmarkGeneratorTest {
    static final NexmarkConfig CONFIG = NexmarkConfig.DEFAULT;

    @Test
    void eventKIsAFunctionOfConfigAndKAlone() {
        NexmarkGenerator a = new NexmarkGenerator(CONFIG);
        NexmarkGenerator b = new NexmarkGenerator(CONFIG);
        Object[][] forward = new Object[5000][];
        for (int k = 0; k < forward.length; k++) {
            forward[k] = a.event(k);
        }
        for (int k = forward.length - 1; k >= 0; k--) {
            assertThat(b.event(k))
                    .as("event %d made again, backwards, by another generator", k)
                    .isEqualTo(forward[k]);
        }
        // another seed, other events; the same seed on another machine, the same checksum
        assertThat(new NexmarkGenerator(new NexmarkConfig(
                                2L, null, null, null, null, null, null, null, null, null, null, null, null, null, null,
                                null))
                        .event(4))
                .isNotEqualTo(forward[4]);
        assertThat(checksum(a, 20_000))
                .as("the first 20 000 events of the default config")
                .isEqualTo(CHECKSUM);
    }

    /** Fixed when the generator was written: a change here changes every stored Nexmark result's data. */
    static final long CHECKSUM = 1906063620114655140L;

    static long checksum(NexmarkGenerator g, int events) {
        long h = 0;
        for (int k = 0; k < events; k++) {
            h = h * 31 + Arrays.deepHashCode(g.event(k));
        }
        return h;
    }

    @Test
    void everyRowFitsItsStreamsSchema() {
        NexmarkGenerator g = new NexmarkGenerator(CONFIG);
        for (int k = 0; k < 500; k++) {
            Object[] row = g.event(k);
            StreamSchema schema = NexmarkStreams.ALL.get(g.kind(k));
            assertThat(schema.name()).isEqualTo(g.stream(k));
            assertThat(row).hasSize(schema.size());
            for (int i = 0; i < row.length; i++) {
                assertThat(row[i])
                        .as("%s.%s", schema.name(), schema.fields().get(i).name())
                        .isInstanceOf(schema.fields().get(i).type().javaClass());
            }
            assertThat(row[0]).isEqualTo((long) k);
        }
    }

    @Test
    void proportionsIdsAndHotRatiosFollowTheModel() {
        NexmarkGenerator g = new NexmarkGenerator(CONFIG);
        int n = 200_000;
        long persons = 0, auctions = 0, bids = 0, hotAuction = 0, hotBidder = 0, hotSeller = 0;
        long nextPerson = NexmarkGenerator.FIRST_PERSON_ID, nextAuction = NexmarkGenerator.FIRST_AUCTION_ID;
        long[] prices = new long[n];
        for (int k = 0; k < n; k++) {
            Object[] e = g.event(k);
            switch (g.kind(k)) {
                case NexmarkGenerator.PERSON -> {
                    persons++;
                    assertThat(e[P_ID]).as("persons get consecutive ids").isEqualTo(nextPerson++);
                }
                case NexmarkGenerator.AUCTION -> {
                    auctions++;
                    assertThat(e[A_ID]).as("auctions get consecutive ids").isEqualTo(nextAuction++);
                    long seller = (Long) e[A_SELLER];
                    assertThat(seller).isBetween(NexmarkGenerator.FIRST_PERSON_ID, nextPerson - 1 + 10);
                    hotSeller += seller % 100 == 0 ? 1 : 0;
                }
                default -> {
                    long auction = (Long) e[B_AUCTION];
                    long bidder = (Long) e[B_BIDDER];
                    assertThat(auction)
                            .as("a bid may be for an auction up to 10 ahead")
                            .isBetween(NexmarkGenerator.FIRST_AUCTION_ID, nextAuction - 1 + 10);
                    assertThat(bidder).isBetween(NexmarkGenerator.FIRST_PERSON_ID, nextPerson - 1 + 10);
                    hotAuction += auction % 100 == 0 ? 1 : 0;
                    hotBidder += bidder % 100 == 1 ? 1 : 0;
                    prices[(int) bids++] = (Long) e[B_PRICE];
                }
            }
        }
        assertThat(new long[] {persons, auctions, bids}).containsExactly(n / 50, 3L * n / 50, 46L * n / 50);
        // P(hot) = 1 − 1/ratio; cold picks land on the hot residue about 1 % of the time
        assertThat((double) hotAuction / bids).isBetween(0.49, 0.52);
        assertThat((double) hotBidder / bids).isBetween(0.74, 0.77);
        assertThat((double) hotSeller / auctions).isBetween(0.73, 0.78);
        long[] sorted = Arrays.copyOf(prices, (int) bids);
        Arrays.sort(sorted);
        assertThat(sorted[0]).isGreaterThanOrEqualTo(100);
        assertThat(sorted[sorted.length - 1]).isLessThan(100_000_000);
        assertThat(sorted[sorted.length / 2])
                .as("log-uniform over 6 decades: median near 10^5 cents")
                .isBetween(80_000L, 125_000L);
    }

    @Test
    void eventTimeAdvancesByTheInterEventDelay() {
        NexmarkGenerator g = new NexmarkGenerator(
                Specs.read("{inter_event_delay: 250us, base_time: 1000}", NexmarkConfig.class, "t"));
        for (long k = 0; k < 10_000; k++) {
            assertThat(g.dateTime(k)).isEqualTo(1000 + k / 4);
            assertThat(g.firstAtOrAfter(g.nominalTime(k))).isLessThanOrEqualTo(k);
            assertThat(g.nominalTime(g.firstAtOrAfter(1000 + k))).isGreaterThanOrEqualTo(1000 + k);
        }
    }

    @Test
    void lateEventsAreLateByAtMostTheLatenessAndNeverBehindTheWatermark() {
        long lateness = 400;
        NexmarkGenerator g = new NexmarkGenerator(NexmarkConfig.DEFAULT.withLateness(new Span(lateness), 0.2));
        long late = 0, max = g.dateTime(0);
        int n = 100_000;
        for (long k = 0; k < n; k++) {
            long t = g.dateTime(k);
            long nominal = g.nominalTime(k);
            assertThat(t).isBetween(nominal - lateness, nominal);
            late += t < nominal ? 1 : 0;
            // a watermark lateness behind the largest time so far never passes a later event
            assertThat(t).as("event %d", k).isGreaterThan(max - lateness - 1);
            max = Math.max(max, t);
        }
        assertThat((double) late / n).isBetween(0.19, 0.21);
    }

    @Test
    void aBadConfigIsOneLineNamingTheField() {
        assertThatThrownBy(() -> Specs.read("{bid_proportion: 0}", NexmarkConfig.class, "n.yaml"))
                .isInstanceOf(SpecException.class)
                .hasMessageContaining("n.yaml:1:")
                .hasMessageContaining("bid_proportion must be at least 1");
        assertThatThrownBy(() -> Specs.read("{inter_event_delay: 3 parsecs}", NexmarkConfig.class, "n.yaml"))
                .hasMessageContaining("'3 parsecs' is not a delay");
        assertThatThrownBy(() -> Specs.read("{late_fraction: 2, lateness: 1s}", NexmarkConfig.class, "n.yaml"))
                .hasMessageContaining("late_fraction must be in [0, 1]");
    }
}
