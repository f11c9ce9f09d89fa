package dev.evperf.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.Random;
import org.junit.jupiter.api.Test;

class BootstrapTest {
    static double[] normal(Random r, int n, double mean, double sd) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = mean + sd * r.nextGaussian();
        return v;
    }

    @Test
    void intervalCoversTheTrueDifferenceOfNormalSamples() {
        Random r = new Random(7);
        double[] a = normal(r, 400, 10, 2), b = normal(r, 600, 11, 2);
        Bootstrap.Difference d = Bootstrap.difference(a, b);
        assertThat(d.resamples()).isEqualTo(1000);
        assertThat(d.mean().estimate()).isCloseTo(Describe.mean(b) - Describe.mean(a), offset(1e-12));
        assertThat(d.mean().contains(1.0)).as("%s", d.mean()).isTrue();
        assertThat(d.median().contains(1.0)).as("%s", d.median()).isTrue();
        assertThat(d.mean().excludesZero()).isTrue();
        // The interval's width is about 2 × 1.96 × the standard error √(σ²/n_a + σ²/n_b).
        double se = Math.sqrt(4.0 / 400 + 4.0 / 600);
        assertThat(d.mean().hi() - d.mean().lo()).isCloseTo(2 * 1.96 * se, offset(0.15 * 2 * 1.96 * se));
    }

    @Test
    void ninetyFivePercentIntervalsCoverAboutNinetyFivePercentOfTheTime() {
        Random r = new Random(11);
        int covered = 0, experiments = 200;
        for (int e = 0; e < experiments; e++) {
            double[] a = normal(r, 60, 5, 1), b = normal(r, 80, 5.5, 1.5);
            if (Bootstrap.difference(a, b, 1000, 0.95, e, Bootstrap.DEFAULT_MAX_DRAW)
                    .mean()
                    .contains(0.5)) covered++;
        }
        // Binomial(200, 0.95) lies in [180, 200] with probability > 0.999; the percentile
        // bootstrap undercovers slightly at these sizes.
        assertThat(covered).isBetween(176, 200);
    }

    @Test
    void sameSeedSameInterval() {
        Random r = new Random(3);
        double[] a = normal(r, 100, 0, 1), b = normal(r, 100, 0, 1);
        assertThat(Bootstrap.difference(a, b, 500, 0.95, 42, 1000))
                .isEqualTo(Bootstrap.difference(a, b, 500, 0.95, 42, 1000));
    }

    @Test
    void largeSamplesDrawFewerValuesAndScaleTheSpreadBack() {
        Random r = new Random(5);
        double[] a = normal(r, 20_000, 10, 2), b = normal(r, 20_000, 10.1, 2);
        Bootstrap.Difference full = Bootstrap.difference(a, b, 400, 0.95, 1, 1_000_000);
        Bootstrap.Difference drawn = Bootstrap.difference(a, b, 400, 0.95, 1, 2_000);
        double wFull = full.mean().hi() - full.mean().lo(),
                wDrawn = drawn.mean().hi() - drawn.mean().lo();
        assertThat(wDrawn).isCloseTo(wFull, offset(0.15 * wFull));
        assertThat(drawn.mean().contains(0.1)).isTrue();
    }

    @Test
    void oneSampleMeanIntervalCoversTheTrueMeanWithTheStandardErrorsWidth() {
        Random r = new Random(13);
        double[] v = normal(r, 500, 20, 3);
        Bootstrap.Interval m = Bootstrap.mean(v, 1000, 0.95, 1, Bootstrap.DEFAULT_MAX_DRAW);
        assertThat(m.estimate()).isCloseTo(Describe.mean(v), offset(1e-12));
        assertThat(m.contains(m.estimate())).isTrue();
        assertThat(m.contains(20)).as("%s", m).isTrue();
        double se = 3 / Math.sqrt(500);
        assertThat(m.hi() - m.lo()).isCloseTo(2 * 1.96 * se, offset(0.15 * 2 * 1.96 * se));
        assertThat(Bootstrap.mean(v, 1000, 0.95, 1, Bootstrap.DEFAULT_MAX_DRAW)).isEqualTo(m);
    }

    @Test
    void oneSampleMeanOfAConstantSampleHasAZeroWidthInterval() {
        Bootstrap.Interval m = Bootstrap.mean(new double[] {7, 7, 7, 7}, 200, 0.95, 3, Bootstrap.DEFAULT_MAX_DRAW);
        assertThat(m).isEqualTo(new Bootstrap.Interval(7, 7, 7));
    }
}
