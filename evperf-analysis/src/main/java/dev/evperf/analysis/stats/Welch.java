package dev.evperf.analysis.stats;

import org.apache.commons.statistics.distribution.TDistribution;

/**
 * Welch's t-interval of the difference of two samples' means, b − a, without assuming equal
 * variances (Welch–Satterthwaite degrees of freedom). Used for trial units: a handful of values,
 * where a percentile bootstrap, which can only reshuffle those few, gives too narrow an interval.
 */
public final class Welch {
    private Welch() {}

    /** @param level e.g. 0.99 for a 99 % interval */
    public static Bootstrap.Interval meanDifference(double[] a, double[] b, double level) {
        if (a.length < 2 || b.length < 2)
            throw new IllegalArgumentException("Welch's interval needs at least 2 values per sample");
        if (!(level > 0 && level < 1)) throw new IllegalArgumentException("level must be in (0, 1), got " + level);
        double d = Describe.mean(b) - Describe.mean(a);
        double va = variance(a) / a.length, vb = variance(b) / b.length;
        double se2 = va + vb;
        if (se2 == 0) return new Bootstrap.Interval(d, d, d);
        double df = se2 * se2 / (va * va / (a.length - 1) + vb * vb / (b.length - 1));
        double half = TDistribution.of(df).inverseSurvivalProbability((1 - level) / 2) * Math.sqrt(se2);
        return new Bootstrap.Interval(d, d - half, d + half);
    }

    private static double variance(double[] v) {
        double s = Describe.std(v);
        return s * s;
    }
}
