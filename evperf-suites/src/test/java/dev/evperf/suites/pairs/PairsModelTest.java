package dev.evperf.suites.pairs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
import org.junit.jupiter.api.Test;

class PairsModelTest {
    // 5-s periods, 2 ratios per window, bands ±0.5·stdev, stop-loss at 10 %, 1 000 $
    private static final PairsStrategy S = new PairsStrategy("st_00001", 0, "AAA", "BBB", 100_000, 5, 2, 0.5, 0.1);

    /** Period k: AAA at a, BBB at b; the next period's first tick (AAA) closes it. */
    private static PairsModel run(int[][] periods) {
        PairsModel m = new PairsModel(List.of(S));
        for (int k = 0; k < periods.length; k++) {
            m.tick("AAA", periods[k][0], k * 5000L + 100, k);
            if (periods[k][1] > 0) {
                m.tick("BBB", periods[k][1], k * 5000L + 200, k);
            }
        }
        m.tick("CCC", 1, periods.length * 5000L, 99);
        return m;
    }

    @Test
    void indicatorsSignalsStopLossAndOrders() {
        PairsModel m = run(new int[][] {{100, 100}, {90, 100}, {110, 100}, {130, 100}, {100, 125}, {100, 80}});
        // ratios 1.0, 0.9, 1.1, 1.3, 0.8, 1.25: an Indicator from the second period on
        List<Object[]> ind = m.indicators();
        assertThat(ind).hasSize(5);
        assertThat((double) ind.get(1)[1]).isCloseTo(1.1, within(1e-12));
        assertThat((double) ind.get(1)[2]).isCloseTo(1.0, within(1e-12));
        assertThat((double) ind.get(1)[3]).isCloseTo(1.05, within(1e-12));
        assertThat((double) ind.get(1)[4]).isCloseTo(0.95, within(1e-12));
        assertThat(ind.get(1)[5]).isEqualTo(15_100L); // closed by period 3's first tick
        assertThat(ind.get(1)[6]).isEqualTo(3L);
        assertThat(m.orders())
                .extracting(o -> o[1] + " " + o[2] + " " + o[3] + " " + o[4] + " @" + o[5])
                .containsExactly(
                        "BUY BBB 100 1000 @15100", // 1.1 crosses the upper band: FLAT → SHORT-LONG
                        "SELL BBB 100 1000 @20100", // 1.3 ≥ 1.1·1.1: stop-loss → FLAT
                        "BUY AAA 100 1000 @25100", // 0.8 crosses the lower band: FLAT → LONG-SHORT
                        "SELL AAA 100 1000 @30000", // 1.25 crosses the upper band: LONG-SHORT → SHORT-LONG
                        "BUY BBB 80 1250 @30000"); // 10·⌊100 000 / (80·10)⌋
    }

    @Test
    void anEmptyPeriodGivesNoRatio() {
        // period 1 has no BBB tick: ratios 1.0, (none), 0.9, 1.1
        PairsModel m = run(new int[][] {{100, 100}, {50, 0}, {90, 100}, {110, 100}});
        assertThat(m.indicators()).hasSize(2);
        assertThat((double) m.indicators().get(0)[2]).isCloseTo(0.95, within(1e-12));
    }

    @Test
    void theClosingTickIsTheLastPrice() {
        PairsModel m = new PairsModel(List.of(S));
        int[][] periods = {{100, 100}, {90, 100}, {110, 100}};
        for (int k = 0; k < periods.length; k++) {
            m.tick("AAA", periods[k][0], k * 5000L + 100, k);
            m.tick("BBB", periods[k][1], k * 5000L + 200, k);
        }
        m.tick("BBB", 50, 15_000, 9); // closes period 2 and is BBB's last trade
        assertThat(m.orders())
                .extracting(o -> o[1] + " " + o[2] + " " + o[3] + " " + o[4])
                .containsExactly("BUY BBB 50 2000");
    }
}
