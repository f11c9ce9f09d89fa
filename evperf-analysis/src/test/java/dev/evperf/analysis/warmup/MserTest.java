package dev.evperf.analysis.warmup;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import java.util.Random;
import org.junit.jupiter.api.Test;

class MserTest {
    /** 2000 points: 10 + N(0, 1), plus a transient A·e^(−i/τ) over the first {@code end} points. */
    static double[] withTransient(long seed, int n, int end, double amplitude, double tau) {
        Random r = new Random(seed);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = 10 + r.nextGaussian() + (i < end ? amplitude * Math.exp(-i / tau) : 0);
        return x;
    }

    @Test
    void statisticByHand() {
        // MSER-1 of {5, 1, 1, 1, 1, 1}: d = 0: mean 10/6, Σ(x − x̄)² = (10/3)² + 5·(2/3)² = 40/3, / 6² = 0.370…;
        // d = 1..3: the rest is constant, 0. The first minimum is d = 1.
        double[] stat = Mser.statistic(new double[] {5, 1, 1, 1, 1, 1}, 1);
        assertThat(stat).hasSize(4);
        assertThat(stat[0]).isCloseTo(40.0 / 3 / 36, offset(1e-12));
        assertThat(stat[1]).isCloseTo(0, offset(1e-12));
        assertThat(Mser.truncation(new double[] {5, 1, 1, 1, 1, 1}, 1)).isEqualTo(1);
        // MSER-5 of 20 values: batch means {3, 1, 1, 1}: d = 0: Σ = 4·0.75²… = 3, / 16; d = 1: 0. Truncation 5.
        double[] x = {3, 3, 3, 3, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1};
        stat = Mser.statistic(x, 5);
        assertThat(stat).hasSize(3);
        assertThat(stat[0]).isCloseTo(3.0 / 16, offset(1e-12));
        assertThat(Mser.truncation(x)).isEqualTo(5);
    }

    @Test
    void findsTheEndOfAnExponentialTransientWithinTenPercent() {
        for (long seed = 1; seed <= 5; seed++) {
            double[] x = withTransient(seed, 2000, 200, 10, 100);
            assertThat(Mser.truncation(x)).as("seed %d", seed).isBetween(180, 220);
        }
    }

    @Test
    void aStationarySeriesIsNotTruncated() {
        for (long seed = 1; seed <= 5; seed++) {
            double[] x = withTransient(seed, 2000, 0, 0, 1);
            assertThat(Mser.truncation(x)).as("seed %d", seed).isLessThanOrEqualTo(100); // ≤ 5 % of the series
        }
        assertThat(Mser.truncation(new double[100])).isZero(); // constant: every d ties, the first wins
    }

    @Test
    void searchesOnlyTheFirstHalfAndNeedsTwoBatches() {
        // A decreasing ramp never settles: MSER stops at the half.
        double[] ramp = new double[100];
        for (int i = 0; i < ramp.length; i++) ramp[i] = 100 - i;
        assertThat(Mser.truncation(ramp)).isLessThanOrEqualTo(50);
        assertThat(Mser.truncation(new double[] {1, 2, 3, 4, 5, 6, 7, 8, 9})).isZero(); // one batch of 5
        assertThatThrownBy(() -> Mser.truncation(new double[] {1, Double.NaN, 1, 1, 1, 1, 1, 1, 1, 1}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("NaN at index 1");
    }
}
