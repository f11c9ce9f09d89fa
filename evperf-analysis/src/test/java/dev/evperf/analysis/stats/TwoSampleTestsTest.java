package dev.evperf.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.data.Offset.offset;

import org.junit.jupiter.api.Test;

/**
 * Wilcoxon rank-sum p-values against reference values computed independently with SciPy 1.17
 * ({@code scipy.stats.mannwhitneyu(x, y, method=…)}), and R's textbook example.
 */
class TwoSampleTestsTest {
    // Two N(0,1)-like samples of 25 without ties (Apache Commons Math's test data, rounded).
    static final double[] X = {
        0.61, 0.29, 0.06, 0.59, -1.73, -0.74, 0.51, -0.56, 0.39, 1.64, 0.05, -0.06, 0.64, -0.82, 0.37, 1.77, 1.09,
        -1.28, 2.36, 1.31, 1.05, -0.32, -0.4, 1.06, -2.47
    };
    static final double[] Y = {
        2.20, 1.66, 1.38, 0.20, 0.36, 0.00, 0.96, 1.56, 0.44, 1.50, -0.30, 0.66, 2.31, 3.29, -0.27, 2.52, 2.68, 1.22,
        0.14, 1.45, 1.26, 0.23, 0.60, 2.45, 0.41
    };

    @Test
    void rankSumExactWhenSmallAndWithoutTies() {
        // Below 50 values per sample and no ties: the exact distribution of U.
        TwoSampleTests.RankSum r = TwoSampleTests.mannWhitney(X, Y);
        assertThat(r.u()).isEqualTo(174.0);
        assertThat(r.p()).isCloseTo(0.006638569349900537, offset(1e-9));
        assertThat(r.probALess()).isCloseTo(1 - 174.0 / 625, offset(1e-12));
    }

    @Test
    void rankSumTextbookExample() {
        // Hollander & Wolfe, the example of R's wilcox.test: W = 35, one-sided p = 0.1272, so two-sided 0.2544.
        double[] x = {0.80, 0.83, 1.89, 1.04, 1.45, 1.38, 1.91, 1.64, 0.73, 1.46};
        double[] y = {1.15, 0.88, 0.90, 0.74, 1.21};
        TwoSampleTests.RankSum r = TwoSampleTests.mannWhitney(x, y);
        assertThat(r.u()).isEqualTo(35.0);
        assertThat(r.p()).isCloseTo(0.2544122544122544, offset(1e-9));
    }

    // Lognormal samples rounded to 0.1, so full of ties (as measured times quantised by a clock are).
    static final double[] C = {
        1.2, 0.6, 1.5, 1.6, 0.4, 0.5, 1.1, 0.9, 1.0, 0.7, 1.6, 1.5, 1.0, 1.8, 1.3, 0.7, 1.2, 0.6, 1.6, 1.0, 0.9, 0.7,
        1.8, 0.9, 0.8, 0.8, 1.3, 1.2, 1.2, 1.2, 2.9, 0.8, 0.8, 0.7, 1.4, 1.8, 0.9, 0.7, 0.7, 1.4, 1.5, 1.3, 0.7, 1.1,
        1.1, 1.1, 1.5, 1.1, 1.4, 1.0, 1.2, 1.4, 0.5, 0.9, 0.8, 0.7, 0.9, 2.1, 0.6, 1.6, 0.4, 0.8, 1.1, 1.3, 1.4, 1.5,
        0.8, 0.8, 1.5, 0.9, 0.5, 0.6, 0.6, 1.3, 1.1, 1.4, 0.8, 1.1, 1.4, 0.9
    };
    static final double[] D = {
        1.7, 1.0, 1.1, 1.1, 0.7, 1.7, 1.1, 1.4, 1.7, 1.7, 1.9, 1.3, 1.1, 1.3, 0.6, 0.7, 0.7, 0.8, 1.6, 0.9, 1.1, 2.6,
        1.1, 2.0, 0.8, 1.2, 0.8, 1.1, 2.1, 0.6, 1.7, 1.5, 1.0, 0.7, 1.4, 1.0, 1.5, 1.4, 3.0, 1.2, 0.8, 1.5, 1.5, 2.7,
        2.0, 1.6, 2.8, 0.7, 1.0, 0.8, 1.1, 0.7, 1.9, 1.2, 0.6, 0.8, 1.6, 2.1, 3.7, 5.8, 1.7, 0.8, 0.5, 1.5, 0.9, 1.1,
        1.0, 1.3, 2.3, 1.5, 1.2, 0.8, 0.6, 1.1, 1.3, 3.3, 1.4, 2.2, 1.1, 0.7, 0.8, 0.9, 3.9, 0.9, 2.1, 0.9, 2.2, 1.6,
        1.2, 1.3, 1.0, 1.7, 1.1, 0.7, 0.7, 1.5, 3.0, 1.5, 1.3, 1.6, 2.6, 1.5, 1.1, 2.3, 1.7, 2.9, 1.5, 0.7, 0.7, 3.1,
        3.2, 1.2, 1.1, 2.8, 0.8, 0.9, 1.9, 1.1, 1.3, 1.2
    };

    @Test
    void withTiesRankSumUsesTheCorrectedNormalApproximation() {
        TwoSampleTests.RankSum r = TwoSampleTests.mannWhitney(C, D);
        assertThat(r.u()).isEqualTo(3449.0);
        // scipy.stats.mannwhitneyu(c, d, method='asymptotic', use_continuity=True): tie-corrected variance.
        assertThat(r.p()).isCloseTo(0.0007341293937099489, offset(1e-10));
    }

    @Test
    void tooFewValuesIsBadInput() {
        assertThatThrownBy(() -> TwoSampleTests.mannWhitney(new double[] {1}, new double[] {1, 2}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("at least 2");
    }
}
