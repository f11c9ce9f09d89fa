package dev.evperf.suites.pairs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PairsScaleTest {

    @Test
    void loadMatchesTheThesisTable() {
        // seed 001, Appendix A and the condensed spec: SF → load
        int[][] table = {{1, 3}, {2, 6}, {3, 9}, {4, 12}, {5, 15}, {9, 27}, {10, 30}, {11, 44}};
        for (int[] row : table) {
            assertThat(new PairsScale(row[0]).load()).as("SF %d", row[0]).isEqualTo(row[1]);
        }
    }

    @Test
    void pScoreReproducesTable71() {
        // engine X at SF 1..5 and Y at SF 1..2: p99 in ms → p_score as printed (two decimals)
        double[][] rows = {
            {1, 63, 47.62},
            {2, 175, 34.29},
            {3, 203, 44.33},
            {4, 351, 34.19},
            {5, 91862, 0.16},
            {1, 22, 136.36},
            {2, 24, 250.00}
        };
        for (double[] r : rows) {
            assertThat(new PairsScale((int) r[0]).pScore(r[1] / 1000))
                    .as("SF %s at %s ms", r[0], r[1])
                    .isCloseTo(r[2], within(0.005));
        }
    }

    @Test
    void scalingFollowsSection735() {
        PairsScale sf8 = new PairsScale(8);
        assertThat(sf8.users()).isEqualTo(40);
        assertThat(sf8.strategies()).isEqualTo(200);
        assertThat(sf8.markets()).isEqualTo(1);
        PairsScale sf11 = new PairsScale(11);
        assertThat(sf11.markets()).isEqualTo(2);
        assertThat(sf11.symbols()).isEqualTo(200);
        assertThat(sf11.basisRate()).isEqualTo(10_000);
        assertThat(sf11.peakRate()).isEqualTo(15_000);
        assertThatThrownBy(() -> new PairsScale(0)).hasMessageContaining("scale factor 0");
        assertThatThrownBy(() -> new PairsScale(1).pScore(0)).hasMessageContaining("must be positive");
    }

    @Test
    void profileHasEveryPhase() {
        RunProfile p = RunProfile.of(new PairsScale(1), 121);
        assertThat(p.compression()).isEqualTo(1.0);
        assertThat(p.rateAt(0)).isZero();
        assertThat(p.rateAt(30_000)).isEqualTo(3750);
        assertThat(p.rateAt(RunProfile.RAMP_MS)).isEqualTo(7500);
        assertThat(p.rateAt(RunProfile.measureStartMs())).isEqualTo(5000);
        assertThat(p.rateAt(RunProfile.measureStartMs() + 30 * 60_000)).isEqualTo(7500);
        assertThat(p.rateAt(RunProfile.measureEndMs())).isEqualTo(5000);
        assertThat(p.rateAt(RunProfile.SIMULATED_MS)).isEqualTo(7500);
        RunProfile quick = RunProfile.of(new PairsScale(1), 6.05);
        assertThat(quick.compression()).isCloseTo(0.05, within(1e-12));
        assertThat(quick.rateAt(RunProfile.measureStartMs())).isEqualTo(5000);
    }
}
