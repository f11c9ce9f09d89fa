package dev.evperf.analysis.model;

import java.util.Arrays;

/**
 * A two-component Gaussian mixture fitted by EM, for the multimodality check of {@link Dist}.
 */
final class Mixture {
    static final int MU1 = 0, MU2 = 1, D = 2, MINOR = 3, TWO = 4;
    static final int MIN_VALUES = 20;
    static final double SIGMA_FLOOR = 0.1;
    static final int MAX_VALUES = 50_000;

    private Mixture() {}

    /**
     * @return {μ1, μ2, Ashman's D, smaller weight, 1 if two modes are accepted else 0}; null
     *         below {@link #MIN_VALUES} values
     */
    static double[] fit(double[] all) {
        if (all.length < MIN_VALUES) return null;
        // A deterministic stride keeps EM cheap on millions of cases.
        int stride = Math.max(1, all.length / MAX_VALUES);
        int n = all.length / stride;
        double[] x = new double[n];
        for (int i = 0; i < n; i++) x[i] = all[i * stride];
        double[] sorted = x.clone();
        Arrays.sort(sorted);

        double mean = 0;
        for (double v : x) mean += v;
        mean /= n;
        double var = 0;
        for (double v : x) var += (v - mean) * (v - mean);
        double s0 = Math.max(Math.sqrt(var / n), SIGMA_FLOOR);
        double ll1 = 0;
        for (double v : x) ll1 += logNormalPdf(v, mean, s0);

        // Start from the lower and upper halves.
        int h = n / 2;
        double m1 = avg(sorted, 0, h), m2 = avg(sorted, h, n);
        double s1 = Math.max(sd(sorted, 0, h, m1), SIGMA_FLOOR), s2 = Math.max(sd(sorted, h, n, m2), SIGMA_FLOOR);
        double w1 = 0.5;
        double[] r = new double[n];
        double ll2 = Double.NEGATIVE_INFINITY;
        for (int it = 0; it < 200; it++) {
            double ll = 0;
            for (int i = 0; i < n; i++) {
                double a = Math.log(w1) + logNormalPdf(x[i], m1, s1), b = Math.log(1 - w1) + logNormalPdf(x[i], m2, s2);
                double mx = Math.max(a, b), lse = mx + Math.log(Math.exp(a - mx) + Math.exp(b - mx));
                r[i] = Math.exp(a - lse);
                ll += lse;
            }
            double sr = 0, sx1 = 0, sx2 = 0;
            for (int i = 0; i < n; i++) {
                sr += r[i];
                sx1 += r[i] * x[i];
                sx2 += (1 - r[i]) * x[i];
            }
            if (sr < 1e-9 || n - sr < 1e-9) break; // one component took everything
            m1 = sx1 / sr;
            m2 = sx2 / (n - sr);
            double v1 = 0, v2 = 0;
            for (int i = 0; i < n; i++) {
                v1 += r[i] * (x[i] - m1) * (x[i] - m1);
                v2 += (1 - r[i]) * (x[i] - m2) * (x[i] - m2);
            }
            s1 = Math.max(Math.sqrt(v1 / sr), SIGMA_FLOOR);
            s2 = Math.max(Math.sqrt(v2 / (n - sr)), SIGMA_FLOOR);
            w1 = Math.min(1 - 1e-9, Math.max(1e-9, sr / n));
            if (Math.abs(ll - ll2) < 1e-6 * Math.abs(ll)) {
                ll2 = ll;
                break;
            }
            ll2 = ll;
        }
        double bic1 = -2 * ll1 + 2 * Math.log(n), bic2 = -2 * ll2 + 5 * Math.log(n);
        double d = Math.sqrt(2) * Math.abs(m1 - m2) / Math.sqrt(s1 * s1 + s2 * s2);
        double minor = Math.min(w1, 1 - w1);
        boolean two = bic2 < bic1 - 10 && minor >= 0.05 && d > 2;
        double lo = Math.min(m1, m2), hi = Math.max(m1, m2);
        return new double[] {lo, hi, d, minor, two ? 1 : 0};
    }

    private static double logNormalPdf(double x, double m, double s) {
        double z = (x - m) / s;
        return -0.5 * z * z - Math.log(s) - 0.5 * Math.log(2 * Math.PI);
    }

    private static double avg(double[] v, int from, int to) {
        double s = 0;
        for (int i = from; i < to; i++) s += v[i];
        return s / (to - from);
    }

    private static double sd(double[] v, int from, int to, double m) {
        double s = 0;
        for (int i = from; i < to; i++) s += (v[i] - m) * (v[i] - m);
        return Math.sqrt(s / (to - from));
    }
}
