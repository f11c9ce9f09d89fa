package dev.evperf.analysis.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Percentile-bootstrap confidence intervals of the difference between two independent samples,
 * stat(b) − stat(a), for the mean and the (nearest-rank) median at once (and of one sample's
 * mean, {@link #mean}): each resample draws
 * n_a values from a and n_b from b with replacement; the interval is the (1−level)/2 and
 * (1+level)/2 quantiles of the resampled differences. Seeded, so a report is reproducible.
 *
 * <p>Large samples: a resample of more than {@code maxDraw} values would cost n draws and a
 * selection each time, so above that size each resample draws m = maxDraw values and the
 * resampled deviation from the point estimate is scaled by √(m/n) (the m-out-of-n bootstrap;
 * the sampling error of a mean or median shrinks as 1/√n).
 */
public final class Bootstrap {
    public static final int DEFAULT_RESAMPLES = 1000;
    public static final long DEFAULT_SEED = 1;
    public static final int DEFAULT_MAX_DRAW = 200_000;

    private Bootstrap() {}

    /** An interval [lo, hi] around the point estimate; NaN bounds when there was no data. */
    public record Interval(double estimate, double lo, double hi) {
        public boolean contains(double v) {
            return v >= lo && v <= hi;
        }

        /** Whether the interval lies wholly above or below 0. */
        public boolean excludesZero() {
            return lo > 0 || hi < 0;
        }
    }

    /** Differences of means and of medians, b − a, with their intervals. */
    public record Difference(Interval mean, Interval median, int resamples, double level, long seed) {}

    public static Difference difference(double[] a, double[] b) {
        return difference(a, b, DEFAULT_RESAMPLES, 0.95, DEFAULT_SEED, DEFAULT_MAX_DRAW);
    }

    public static Difference difference(double[] a, double[] b, int resamples, double level, long seed, int maxDraw) {
        if (a.length == 0 || b.length == 0)
            throw new IllegalArgumentException("bootstrap needs values in both samples");
        checkOptions(resamples, level);
        double meanDiff = Describe.mean(b) - Describe.mean(a);
        double medianDiff = Describe.median(b) - Describe.median(a);
        SplittableRandom rnd = new SplittableRandom(seed);
        Resampler ra = new Resampler(a, maxDraw), rb = new Resampler(b, maxDraw);
        double[] means = new double[resamples], medians = new double[resamples];
        double meanA = Describe.mean(a), meanB = Describe.mean(b);
        double medA = Describe.median(a), medB = Describe.median(b);
        for (int r = 0; r < resamples; r++) {
            ra.draw(rnd);
            rb.draw(rnd);
            means[r] = rb.scaled(rb.mean(), meanB) - ra.scaled(ra.mean(), meanA);
            medians[r] = rb.scaled(rb.median(), medB) - ra.scaled(ra.median(), medA);
        }
        return new Difference(
                interval(meanDiff, means, level), interval(medianDiff, medians, level), resamples, level, seed);
    }

    /** The mean of one sample with its percentile-bootstrap interval (same resampling as {@link #difference}). */
    public static Interval mean(double[] v, int resamples, double level, long seed, int maxDraw) {
        if (v.length == 0) throw new IllegalArgumentException("bootstrap needs values");
        checkOptions(resamples, level);
        double estimate = Describe.mean(v);
        SplittableRandom rnd = new SplittableRandom(seed);
        Resampler r = new Resampler(v, maxDraw);
        double[] means = new double[resamples];
        for (int i = 0; i < resamples; i++) {
            r.draw(rnd);
            means[i] = r.scaled(r.mean(), estimate);
        }
        return interval(estimate, means, level);
    }

    private static void checkOptions(int resamples, double level) {
        if (resamples < 1) throw new IllegalArgumentException("resamples must be >= 1, got " + resamples);
        if (!(level > 0 && level < 1)) throw new IllegalArgumentException("level must be in (0, 1), got " + level);
    }

    /** The percentile interval of the resampled statistics around the estimate (sorts {@code resampled}). */
    static Interval interval(double estimate, double[] resampled, double level) {
        Arrays.sort(resampled);
        double tail = (1 - level) / 2;
        return new Interval(estimate, percentile(resampled, tail), percentile(resampled, 1 - tail));
    }

    /** Linear interpolation between order statistics (the usual percentile-bootstrap rule). */
    private static double percentile(double[] sorted, double p) {
        double pos = p * (sorted.length - 1);
        int i = (int) Math.floor(pos);
        if (i >= sorted.length - 1) return sorted[sorted.length - 1];
        return sorted[i] + (pos - i) * (sorted[i + 1] - sorted[i]);
    }

    /** One sample's resampling buffer. */
    private static final class Resampler {
        final double[] values;
        final double[] buf;
        final double scale;

        Resampler(double[] values, int maxDraw) {
            this.values = values;
            int m = Math.min(values.length, Math.max(1, maxDraw));
            this.buf = new double[m];
            this.scale = Math.sqrt((double) m / values.length);
        }

        void draw(SplittableRandom rnd) {
            int n = values.length;
            for (int i = 0; i < buf.length; i++) buf[i] = values[rnd.nextInt(n)];
        }

        double mean() {
            double s = 0;
            for (double x : buf) s += x;
            return s / buf.length;
        }

        double median() {
            return Describe.select(buf, Describe.rankIndex(buf.length, 0.5));
        }

        /** The resampled statistic, its deviation from the estimate scaled back to n values. */
        double scaled(double resampled, double estimate) {
            return scale == 1 ? resampled : estimate + scale * (resampled - estimate);
        }
    }
}
