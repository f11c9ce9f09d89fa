package dev.evperf.analysis.model;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.Random;
import org.junit.jupiter.api.Test;

class DistTest {
    static double[] lognormal(Random r, int n, double mu, double sigma) {
        double[] v = new double[n];
        for (int i = 0; i < n; i++) v[i] = Math.exp(mu + sigma * r.nextGaussian());
        return v;
    }

    @Test
    void fitsALognormalByMaximumLikelihood() {
        Dist d = Dist.of(lognormal(new Random(1), 5000, 1.0, 0.5));
        assertThat(d.n()).isEqualTo(5000);
        assertThat(d.lognormalMu()).isCloseTo(1.0, offset(0.03));
        assertThat(d.lognormalSigma()).isCloseTo(0.5, offset(0.02));
        assertThat(d.lognormalMeanUs()).isCloseTo(Math.exp(1.125), offset(0.1));
        assertThat(d.fitKsD()).isLessThan(0.03);
        assertThat(d.modes()).isEqualTo(1);
        assertThat(d.p50Us()).isCloseTo(Math.E, offset(0.1));
    }

    @Test
    void quantilesByHand() {
        Dist d = Dist.of(new double[] {4, 1, 3, 2, 10});
        assertThat(d.meanUs()).isEqualTo(4.0);
        assertThat(d.minUs()).isEqualTo(1.0);
        assertThat(d.p50Us()).isEqualTo(3.0);
        assertThat(d.p99Us()).isEqualTo(10.0);
        assertThat(d.lognormalMu())
                .isCloseTo((Math.log(4) + 0 + Math.log(3) + Math.log(2) + Math.log(10)) / 5, offset(1e-12));
        assertThat(Dist.of(new double[0]).n()).isZero();
    }

    @Test
    void twoSeparatedModesAreFlaggedForAHumanToCheck() {
        Random r = new Random(2);
        double[] a = lognormal(r, 700, 0, 0.2), b = lognormal(r, 300, Math.log(20), 0.2);
        double[] both = new double[1000];
        System.arraycopy(a, 0, both, 0, 700);
        System.arraycopy(b, 0, both, 700, 300);
        Dist d = Dist.of(both);
        assertThat(d.modes()).isEqualTo(2);
        assertThat(d.possiblyMultimodal()).isTrue();
        assertThat(d.minorModeShare()).isCloseTo(0.3, offset(0.02));
        assertThat(d.modesUs()[0]).isCloseTo(1, offset(0.05));
        assertThat(d.modesUs()[1]).isCloseTo(20.0, offset(1.0));
        // One mode with a heavy tail and 1 % outliers (GC spikes) is not multimodal.
        double[] tail = lognormal(new Random(3), 1000, 0, 0.8);
        for (int i = 0; i < 10; i++) tail[i] *= 100;
        assertThat(Dist.of(tail).modes()).isEqualTo(1);
        // Clock quantisation: two values 20 % apart are one mode.
        double[] steps = new double[1000];
        for (int i = 0; i < steps.length; i++) steps[i] = i % 2 == 0 ? 0.110 : 0.130;
        assertThat(Dist.of(steps).modes()).isEqualTo(1);
    }
}
