package dev.evperf.suites.pairs;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class PairsLatencyTest {
    static final long MS = 1_000_000;
    static final long START = RunProfile.measureStartMs();
    static final long END = RunProfile.measureEndMs();

    /** An order whose tick was sent at 0 (intended at −lagMs) and received latencyMs later. */
    static PairsLatency.Order order(long tickTS, long latencyMs, long lagMs) {
        return new PairsLatency.Order(tickTS, -lagMs * MS, 0, latencyMs * MS);
    }

    @Test
    void onlyOrdersFromTicksOfTheMeasurementIntervalCount() {
        List<PairsLatency.Order> orders = new ArrayList<>();
        // huge latencies in the ramp-up, the falling 30 minutes and the rising 30 minutes after: ignored
        orders.add(order(0, 90_000, 0));
        orders.add(order(START - 1, 90_000, 0));
        orders.add(order(END, 90_000, 0));
        orders.add(order(RunProfile.SIMULATED_MS - 1, 90_000, 0));
        // the interval's edges: its first millisecond counts, its end does not
        orders.add(order(START, 3, 0));
        orders.add(order(END - 1, 7, 0));
        PairsLatency.Figures f = PairsLatency.of(orders);
        assertThat(f.allOrders()).isEqualTo(6);
        assertThat(f.count()).isEqualTo(2);
        assertThat(f.maxNs()).isEqualTo(7 * MS);
        assertThat(f.meanNs()).isEqualTo(5.0 * MS);
        assertThat(f.histogram()[PairsLatency.bucket(3 * MS)]).isEqualTo(1);
        assertThat(f.histogram()[PairsLatency.bucket(7 * MS)]).isEqualTo(1);
        assertThat(f.histogram()[f.histogram().length - 1])
                .as("nothing above 10 s")
                .isZero();
    }

    @Test
    void p99IsTheExactOrderStatisticAndTheHistogramCountsEveryOrder() {
        List<PairsLatency.Order> orders = new ArrayList<>();
        // 200 orders of 1..200 ms: ⌈0.99·200⌉ = 198th → 198 ms; each 2 ms late on the schedule
        for (int i = 1; i <= 200; i++) orders.add(order(START + i, i, 2));
        PairsLatency.Figures f = PairsLatency.of(orders);
        assertThat(f.p99Ns()).isEqualTo(198 * MS);
        assertThat(f.p99FromIntendedNs()).isEqualTo(200 * MS);
        assertThat(f.maxNs()).isEqualTo(200 * MS);
        // buckets ≤1, ≤2, ≤5, ≤10, ≤20, ≤50, ≤100, ≤200 ms
        assertThat(f.histogram()).startsWith(1, 1, 3, 5, 10, 30, 50, 100, 0);
        assertThat(f.histogramLines().get(2)).isEqualTo("<= 5 ms: 3");
        assertThat(f.histogramLines().get(f.histogram().length - 1)).isEqualTo("> 10000 ms: 0");
        assertThat(f.histogramCsv())
                .startsWith("upper_ms,orders\n1,1\n2,1\n5,3\n")
                .endsWith("\n,0\n");
        assertThat(f.line()).contains("interval's 200 orders (of 200)", "p99 198.000 ms", "intended send 200.000 ms");
    }

    @Test
    void noOrderInTheIntervalGivesNoFigures() {
        PairsLatency.Figures f = PairsLatency.of(List.of(order(0, 5, 0)));
        assertThat(f.count()).isZero();
        assertThat(f.line()).contains("none of the 1 orders");
    }
}
