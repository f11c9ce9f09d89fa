package dev.evperf.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class DescribeTest {
    @Test
    void nearestRankQuantilesAndMedian() {
        double[] v = {5, 1, 4, 2, 3, 6};
        assertThat(Describe.median(v)).isEqualTo(3.0); // rank ⌈0.5·6⌉ = 3
        assertThat(Describe.quantile(v, 0.99)).isEqualTo(6.0);
        assertThat(Describe.quantile(v, 0)).isEqualTo(1.0);
        assertThat(Describe.median(new double[] {7, 7, 7})).isEqualTo(7.0);
        assertThat(v).containsExactly(5, 1, 4, 2, 3, 6); // not modified
        double[] s = new double[1000];
        for (int i = 0; i < s.length; i++) s[i] = i + 1;
        assertThat(Describe.quantileSorted(s, 0.999)).isEqualTo(999.0);
    }

    @Test
    void selectAgreesWithSorting() {
        java.util.Random r = new java.util.Random(1);
        for (int t = 0; t < 200; t++) {
            double[] v = new double[1 + r.nextInt(50)];
            for (int i = 0; i < v.length; i++) v[i] = r.nextInt(10);
            double[] s = v.clone();
            java.util.Arrays.sort(s);
            int k = r.nextInt(v.length);
            assertThat(Describe.select(v.clone(), k)).isEqualTo(s[k]);
        }
    }
}
