package dev.evperf.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.Random;
import org.junit.jupiter.api.Test;

class WelchTest {
    @Test
    void theIntervalsEndsAreWhereWelchsTestRejectsAtItsLevel() {
        // Equal variances and sizes: df = 4, half-width t(0.975, 4) × √(1/3 + 1/3) = 2.776445 × 0.816497.
        Bootstrap.Interval i = Welch.meanDifference(new double[] {1, 2, 3}, new double[] {4, 5, 6}, 0.95);
        assertThat(i.estimate()).isEqualTo(3);
        assertThat(i.hi() - i.estimate()).isCloseTo(2.776445105 * Math.sqrt(2.0 / 3), offset(1e-8));
        // Unequal variances (Welch–Satterthwaite df): Apache Commons' Welch test of a against b shifted to either end
        // of the 95 % interval has p = 0.05.
        double[] a = {10, 30, 50, 20}, b = {1, 2, 3};
        Bootstrap.Interval u = Welch.meanDifference(a, b, 0.95);
        assertThat(u.estimate()).isEqualTo(2 - 27.5);
        for (double end : new double[] {u.lo(), u.hi()}) {
            double p = org.apache.commons.statistics.inference.TTest.withDefaults()
                    .test(a, Series.plus(b, -end))
                    .getPValue();
            assertThat(p).isCloseTo(0.05, offset(1e-9));
        }
    }

    @Test
    void threeAgainstThreeCoversAtItsLevel() {
        Random r = new Random(9);
        int covered = 0, experiments = 2000;
        for (int e = 0; e < experiments; e++) {
            double[] a = Series.normal(r, 3, 10, 1), b = Series.normal(r, 3, 12, 2);
            if (Welch.meanDifference(a, b, 0.95).contains(2)) covered++;
        }
        // Binomial(2000, 0.95): within ±1 % with probability > 0.999 (Welch's interval is close to exact).
        assertThat(covered / (double) experiments).isBetween(0.93, 0.975);
    }

    @Test
    void constantSamplesGiveAPointInterval() {
        assertThat(Welch.meanDifference(new double[] {2, 2}, new double[] {5, 5, 5}, 0.99))
                .isEqualTo(new Bootstrap.Interval(3, 3, 3));
    }
}
