package dev.evperf.analysis.stats;

import java.util.Random;

/** Synthetic series for the statistics tests: independent, autocorrelated, drifting. */
final class Series {
    private Series() {}

    static double[] normal(Random r, int n, double mean, double sd) {
        return BootstrapTest.normal(r, n, mean, sd);
    }

    /** AR(1): x_i = mean + φ (x_{i−1} − mean) + ε_i, ε ~ N(0, sd²), started at its stationary law. */
    static double[] ar1(Random r, int n, double mean, double phi, double sd) {
        double[] v = new double[n];
        double x = sd / Math.sqrt(1 - phi * phi) * r.nextGaussian();
        for (int i = 0; i < n; i++) {
            x = phi * x + sd * r.nextGaussian();
            v[i] = mean + x;
        }
        return v;
    }

    /**
     * A JVM's series as measured: noise around a level that wanders slowly (a random walk with steps
     * of {@code driftSd} every 1000 values), plus the JVM's own offset.
     */
    static double[] drifting(Random r, int n, double mean, double offset, double noiseSd, double driftSd) {
        double[] v = new double[n];
        double level = 0;
        for (int i = 0; i < n; i++) {
            if (i % 1000 == 0) level += driftSd * r.nextGaussian();
            v[i] = mean + offset + level + noiseSd * r.nextGaussian();
        }
        return v;
    }

    static double[] plus(double[] v, double d) {
        double[] out = v.clone();
        for (int i = 0; i < out.length; i++) out[i] += d;
        return out;
    }
}
