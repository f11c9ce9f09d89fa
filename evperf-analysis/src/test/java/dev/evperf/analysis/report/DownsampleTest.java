package dev.evperf.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class DownsampleTest {
    @Test
    void shortSeriesStayAsTheyAre() {
        double[] x = {1, 2, 3};
        double[][] out = Downsample.minMax(x, new double[][] {{5, 6, 7}}, 10);
        assertThat(out[0]).isSameAs(x);
        assertThat(out[1]).containsExactly(5, 6, 7);
    }

    @Test
    void keepsEverySpikeAndTheEnvelopeOfEverySeries() {
        int n = 100_000;
        double[] x = new double[n], a = new double[n], b = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = i * 0.001;
            a[i] = 1 + (i % 2); // 1, 2, 1, 2, …
            b[i] = i % 3 == 0 ? Double.NaN : 10; // gaps
        }
        a[54_321] = 1000; // a one-point spike
        a[77_777] = -5; // and a dip
        double[][] out = Downsample.minMax(x, new double[][] {a, b}, 2000);
        assertThat(out[0].length).isLessThanOrEqualTo(2000);
        assertThat(out[1].length).isEqualTo(out[0].length);
        assertThat(Arrays.stream(out[1]).max().orElseThrow()).isEqualTo(1000);
        assertThat(Arrays.stream(out[1]).min().orElseThrow()).isEqualTo(-5);
        assertThat(Arrays.stream(out[2]).filter(v -> !Double.isNaN(v)).allMatch(v -> v == 10))
                .isTrue();
        for (int i = 1; i < out[0].length; i++) assertThat(out[0][i]).isGreaterThanOrEqualTo(out[0][i - 1]);
        assertThat(out[0][0]).isEqualTo(0);
        assertThat(out[0][out[0].length - 1]).isEqualTo(x[n - 1]);
    }
}
