package dev.evperf.analysis.model;

import dev.evperf.analysis.stats.Describe;
import java.util.Arrays;
import org.apache.commons.statistics.distribution.LogNormalDistribution;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;

/**
 * A fitted duration distribution (µs): empirical figures and quantiles (nearest rank), plus a
 * lognormal fitted by maximum likelihood (μ, σ of ln x; durations of 0 count as 1 ns) with its
 * Kolmogorov–Smirnov distance from the sample as a measure of fit.
 *
 * <p>Multimodality, which in Kristiansen et al.'s method points at a missing tracepoint (two
 * paths sharing one segment) for a human to check: a two-component Gaussian mixture is fitted to
 * ln x by EM and kept when it beats one Gaussian by BIC (by more than 10), its smaller component
 * holds at least 5 % of the values and the components are separated (Ashman's D =
 * √2·|μ1 − μ2| / √(σ1² + σ2²) &gt; 2). Component σ is floored at 0.1 (10 % in duration) so a
 * clock's quantisation steps do not count as modes. Sarle's bimodality coefficient of ln x is
 * reported too, for information: heavy tails alone push it over 5/9.
 *
 * @param lognormalMu    μ of ln(µs)
 * @param lognormalSigma σ of ln(µs)
 * @param lognormalMeanUs the fitted lognormal's mean, exp(μ + σ²/2)
 * @param fitKsD         sup |F_n − F_lognormal|; NaN below 2 values
 * @param bimodality     Sarle's coefficient (g² + 1) / (k + 3(n−1)²/((n−2)(n−3))) of ln x; NaN below 4 values
 * @param modes          1, or 2 when the mixture test above finds two modes
 * @param modeSeparation Ashman's D of the fitted two-component mixture (NaN below 20 values)
 * @param minorModeShare weight of the mixture's smaller component
 * @param modesUs        the components' medians exp(μ_i) in µs, when modes = 2 (else empty)
 * @param quantilesUs    nearest-rank quantiles at the probabilities {@link #GRID} (p0 … p99 in steps
 *                       of 1, finer in the tail up to p99.999, then the maximum): the empirical
 *                       distribution, compact, for simulation ({@link #sample})
 */
public record Dist(
        int n,
        double meanUs,
        double stdUs,
        double minUs,
        double p5Us,
        double p25Us,
        double p50Us,
        double p75Us,
        double p95Us,
        double p99Us,
        double maxUs,
        double lognormalMu,
        double lognormalSigma,
        double lognormalMeanUs,
        double fitKsD,
        double bimodality,
        int modes,
        double modeSeparation,
        double minorModeShare,
        double[] modesUs,
        double[] quantilesUs) {
    /** Sarle's threshold: the value of a uniform distribution. */
    public static final double BIMODALITY_THRESHOLD = 5.0 / 9.0;

    /** The probabilities of {@link #quantilesUs}: 0, 0.01 … 0.99, 0.991 … 0.999, 0.9991 … 0.9999, 0.99991 … 0.99999, 1. */
    public static final double[] GRID = grid();

    private static double[] grid() {
        double[] g = new double[128];
        int k = 0;
        for (int i = 0; i < 100; i++) g[k++] = i / 100.0;
        for (int level = 0; level < 3; level++) {
            double step = 0.001 / Math.pow(10, level), base = 1 - 10 * step;
            for (int i = 1; i <= 9; i++) g[k++] = base + i * step;
        }
        g[k] = 1.0;
        return g;
    }

    /**
     * A draw from the empirical distribution: the inverse of the piecewise-linear CDF through
     * the grid quantiles. NaN when there are no values.
     */
    public double sample(double u) {
        double[] q = quantilesUs;
        if (q == null || q.length != GRID.length || n == 0) return Double.NaN;
        int lo = 0, hi = GRID.length - 1;
        while (hi - lo > 1) {
            int mid = (lo + hi) >>> 1;
            if (GRID[mid] <= u) lo = mid;
            else hi = mid;
        }
        double f = (u - GRID[lo]) / (GRID[hi] - GRID[lo]);
        return q[lo] + Math.max(0, Math.min(1, f)) * (q[hi] - q[lo]);
    }

    public boolean possiblyMultimodal() {
        return modes > 1;
    }

    public static Dist of(double[] us) {
        int n = us.length;
        if (n == 0) {
            double nan = Double.NaN;
            return new Dist(
                    0,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    nan,
                    0,
                    nan,
                    nan,
                    new double[0],
                    new double[0]);
        }
        double[] s = us.clone();
        Arrays.sort(s);
        double[] ln = new double[n];
        for (int i = 0; i < n; i++) ln[i] = Math.log(Math.max(s[i], 1e-3));
        double mu = Describe.mean(ln);
        double var = 0;
        for (double v : ln) var += (v - mu) * (v - mu);
        double sigma = Math.sqrt(var / n);
        double ksD = Double.NaN;
        if (n >= 2 && sigma > 0) {
            LogNormalDistribution fit = LogNormalDistribution.of(mu, sigma);
            double[] clamped = new double[n];
            for (int i = 0; i < n; i++) clamped[i] = Math.max(s[i], 1e-3);
            ksD = KolmogorovSmirnovTest.withDefaults().statistic(clamped, fit::cumulativeProbability);
        } else if (n >= 2) {
            ksD = 0; // all values equal: the degenerate fit is exact
        }
        double[] mix = Mixture.fit(ln);
        boolean two = mix != null && mix[Mixture.TWO] > 0;
        return new Dist(
                n,
                Describe.mean(s),
                Describe.std(s),
                s[0],
                q(s, 0.05),
                q(s, 0.25),
                q(s, 0.5),
                q(s, 0.75),
                q(s, 0.95),
                q(s, 0.99),
                s[n - 1],
                mu,
                sigma,
                Math.exp(mu + sigma * sigma / 2),
                ksD,
                bimodality(ln),
                two ? 2 : 1,
                mix == null ? Double.NaN : mix[Mixture.D],
                mix == null ? Double.NaN : mix[Mixture.MINOR],
                two ? new double[] {Math.exp(mix[Mixture.MU1]), Math.exp(mix[Mixture.MU2])} : new double[0],
                grid(s));
    }

    private static double[] grid(double[] sorted) {
        double[] g = new double[GRID.length];
        for (int i = 0; i < g.length; i++) g[i] = q(sorted, GRID[i]);
        return g;
    }

    private static double q(double[] sorted, double p) {
        return Describe.quantileSorted(sorted, p);
    }

    static double bimodality(double[] x) {
        int n = x.length;
        if (n < 4) return Double.NaN;
        double m = Describe.mean(x), m2 = 0, m3 = 0, m4 = 0;
        for (double v : x) {
            double d = v - m;
            m2 += d * d;
            m3 += d * d * d;
            m4 += d * d * d * d;
        }
        m2 /= n;
        m3 /= n;
        m4 /= n;
        if (m2 == 0) return Double.NaN;
        // Sample skewness and excess kurtosis with the usual small-sample corrections (SAS, Excel).
        double g = Math.sqrt((double) n * (n - 1)) / (n - 2) * m3 / Math.pow(m2, 1.5);
        double k = ((double) (n - 1) / ((n - 2) * (double) (n - 3))) * ((n + 1) * (m4 / (m2 * m2) - 3) + 6);
        return (g * g + 1) / (k + 3.0 * (n - 1) * (n - 1) / ((n - 2) * (double) (n - 3)));
    }
}
