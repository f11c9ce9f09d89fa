package dev.evperf.analysis.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.commons.statistics.distribution.NormalDistribution;

/**
 * One metric compared between two samples a and b (e.g. run A and run B), on {@link Units}: per
 * trial when both have repetitions, else per block of consecutive values. The location compared
 * is the median (the mean of the trials' medians for trial units, the median of all values for
 * block units); the difference b − a gets an interval at level 1 − alpha (Welch's t over the
 * trials' medians; a percentile bootstrap of the blocks, widened for the autocorrelation left
 * between them), and an effect size: the difference in units of the {@link Spread spread}, how far
 * the trials' medians (or the medians of tenths of each trial) lie apart.
 *
 * <p>Verdict: "A faster" or "B faster" only when all three hold, otherwise {@link #NO_DIFFERENCE}
 * however small the p-value:
 * <ol>
 * <li>the interval excludes 0: a difference the units' own noise does not explain;</li>
 * <li>|difference| ≥ minEffect × spread: larger than runs differ by chance. Over trial units the
 *     spread is the run-to-run spread itself, and the default is 1. Over block units (one trial
 *     per run) the spread between JVMs is not measured; it is taken to be how far the medians of
 *     tenths of each trial lie apart, an assumption one trial per run cannot check (docs/benchmarks.md
 *     measures where it held and where not), and two runs then differ by chance by up to
 *     z(1 − alpha/2) × √2 spreads: the default (3.64 at alpha 0.01);</li>
 * <li>|difference| ≥ minChange × |a's location|: a relative change worth a verdict (default 1 %),
 *     so that a difference of 0.4 % in a spread of nearly nothing is not called faster.</li>
 * </ol>
 * The direction is the metric's: smaller is faster for times, larger for rates.
 *
 * @param units       the kind of unit, both samples alike
 * @param blockLength values per block (0 for trial units)
 * @param diffMedian  b − a of the locations (medians), with its interval: the verdict's figure
 * @param diffMean    b − a of the means, with its interval (informative: one stall moves a mean)
 * @param relative    diffMedian / a's location (NaN when that is 0)
 * @param effect      diffMedian / spread (±infinity when the units do not vary and yet differ)
 * @param minEffect   the least |effect| a verdict needed here (the option, or its default for the units)
 * @param rankSumP    Wilcoxon rank-sum p-value over the units' medians (null when not enough data)
 * @param reason      why the verdict is what it is, one line
 */
public record Comparison(
        Metric metric,
        String unit,
        Units.Kind units,
        int blockLength,
        Side a,
        Side b,
        Bootstrap.Interval diffMedian,
        Bootstrap.Interval diffMean,
        double level,
        String interval,
        double relative,
        Spread spread,
        double effect,
        double minEffect,
        double minChange,
        Double rankSumP,
        double alpha,
        String verdict,
        String reason) {
    public static final String NO_DIFFERENCE = "no difference";
    public static final String NOT_ENOUGH_DATA = "not enough data";
    public static final double DEFAULT_ALPHA = 0.01;
    /** The least effect over trial units, in run-to-run spreads. */
    public static final double DEFAULT_MIN_EFFECT_TRIALS = 1.0;

    public static final double DEFAULT_MIN_CHANGE = 0.01;

    /**
     * One sample's side of the comparison.
     *
     * @param run    its label, as the verdict names it ("A faster")
     * @param n      values, counted as {@code summary} counts them (measured, after the warm-up cut)
     * @param count  units
     * @param trials trials the values come from
     * @param median the location: the median of all values, or the mean of the trials' medians
     * @param mean   the mean of all values, or the mean of the trials' means
     * @param lag1   lag-1 autocorrelation left between consecutive blocks (NaN for trial units)
     * @param widen  the factor its interval contribution was widened by for lag1 (1: none)
     */
    public record Side(
            String run, long n, int count, int trials, double median, double mean, double lag1, double widen) {
        static Side of(String run, Units u) {
            return new Side(run, u.values(), u.count(), u.trials(), u.median(), u.mean(), u.lag1(), u.inflation());
        }
    }

    /**
     * Options of a comparison.
     *
     * @param minEffect least |difference| / spread a verdict needs; null: the default for the units
     *                  ({@link #DEFAULT_MIN_EFFECT_TRIALS}, or {@link #blockMinEffect} for blocks)
     * @param minChange least |difference| / |a's location| a verdict needs (0.01 = 1 %)
     */
    public record Options(int resamples, long seed, double alpha, Double minEffect, double minChange) {
        public static final Options DEFAULT = new Options(
                Bootstrap.DEFAULT_RESAMPLES, Bootstrap.DEFAULT_SEED, DEFAULT_ALPHA, null, DEFAULT_MIN_CHANGE);

        public Options {
            if (resamples < 1) throw new IllegalArgumentException("resamples must be >= 1, got " + resamples);
            if (!(alpha > 0 && alpha < 1)) throw new IllegalArgumentException("alpha must be in (0, 1), got " + alpha);
            if (minEffect != null && !(minEffect >= 0 && minEffect < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException("min-effect must be a number >= 0, got " + minEffect);
            }
            if (!(minChange >= 0 && minChange < Double.POSITIVE_INFINITY)) {
                throw new IllegalArgumentException("min-change must be a number >= 0, got " + minChange);
            }
        }

        /** The least effect over these units. */
        public double minEffect(Units.Kind units) {
            return minEffect != null
                    ? minEffect
                    : units == Units.Kind.TRIAL ? DEFAULT_MIN_EFFECT_TRIALS : blockMinEffect(alpha);
        }
    }

    /**
     * The default least effect over block units: z(1 − alpha/2) × √2, how many spreads two runs'
     * locations differ by at most (at level 1 − alpha) when each run's location varies between JVMs
     * by one spread.
     */
    public static double blockMinEffect(double alpha) {
        return NormalDistribution.of(0, 1).inverseSurvivalProbability(alpha / 2) * Math.sqrt(2);
    }

    /**
     * Compares sample b against sample a, each given as its trials' series (values in the order
     * they arose, in the metric's unit).
     *
     * @param a label of the first sample, as it appears in the verdict ("A faster")
     */
    public static Comparison of(
            Metric metric, String a, List<double[]> seriesA, String b, List<double[]> seriesB, Options o) {
        List<double[]> xa = nonEmpty(seriesA), xb = nonEmpty(seriesB);
        boolean perTrial = xa.size() >= 2 && xb.size() >= 2;
        Units ua, ub;
        if (perTrial) {
            ua = Units.ofTrials(xa);
            ub = Units.ofTrials(xb);
        } else {
            List<double[]> both = new ArrayList<>(xa);
            both.addAll(xb);
            int length = Units.blockLength(both);
            ua = Units.ofBlocks(xa, length);
            ub = Units.ofBlocks(xb, length);
        }
        Side sa = Side.of(a, ua), sb = Side.of(b, ub);
        double level = 1 - o.alpha(), minEffect = o.minEffect(ua.kind());
        if (ua.count() < 2 || ub.count() < 2) {
            return new Comparison(
                    metric,
                    metric.unit(),
                    ua.kind(),
                    ua.length(),
                    sa,
                    sb,
                    null,
                    null,
                    level,
                    "",
                    Double.NaN,
                    null,
                    Double.NaN,
                    minEffect,
                    o.minChange(),
                    null,
                    o.alpha(),
                    NOT_ENOUGH_DATA,
                    "fewer than 2 units in " + (ua.count() < 2 ? a : b));
        }
        Bootstrap.Interval median, mean;
        String interval;
        if (perTrial) {
            median = Welch.meanDifference(ua.medians(), ub.medians(), level);
            mean = Welch.meanDifference(means(xa), means(xb), level);
            interval = "Welch t";
        } else {
            Bootstrap.Difference diff = BlockBootstrap.difference(ua, ub, o.resamples(), level, o.seed());
            median = diff.median();
            mean = diff.mean();
            interval = "block bootstrap";
        }
        Spread sp = Spread.of(ua, ub);
        double spread = sp.value();
        double d = median.estimate();
        double effect = spread > 0 || Double.isNaN(spread)
                ? d / spread
                : d == 0 ? 0 : Math.copySign(Double.POSITIVE_INFINITY, d);
        double relative = ua.median() == 0 ? Double.NaN : d / ua.median();
        double p = TwoSampleTests.mannWhitney(ua.medians(), ub.medians()).p();
        String pct = NumberText.percent(level);
        String reason;
        if (!median.excludesZero()) {
            reason = "the " + pct + " interval includes 0";
        } else if (!(Math.abs(effect) >= minEffect)) {
            reason = "within the spread: |Δ| = " + NumberText.num(Math.abs(effect)) + " × spread < "
                    + NumberText.num(minEffect);
        } else if (Math.abs(d) < o.minChange() * Math.abs(ua.median())) {
            reason = String.format(
                    Locale.ROOT,
                    "|Δ| = %.2f %% < %s %% of %s",
                    100 * Math.abs(relative),
                    NumberText.plain(100 * o.minChange()),
                    a);
        } else {
            reason = null;
        }
        String verdict = NO_DIFFERENCE;
        if (reason == null) {
            verdict = ((d < 0) == metric.lowerIsBetter() ? b : a) + " faster";
            reason = "|Δ| = " + NumberText.num(Math.abs(effect)) + " × spread ≥ " + NumberText.num(minEffect) + ", the "
                    + pct + " interval excludes 0";
        }
        return new Comparison(
                metric,
                metric.unit(),
                ua.kind(),
                ua.length(),
                sa,
                sb,
                median,
                mean,
                level,
                interval,
                relative,
                sp,
                effect,
                minEffect,
                o.minChange(),
                p,
                o.alpha(),
                verdict,
                reason);
    }

    private static double[] means(List<double[]> series) {
        return series.stream().mapToDouble(Describe::mean).toArray();
    }

    private static List<double[]> nonEmpty(List<double[]> series) {
        return series.stream().filter(s -> s.length > 0).toList();
    }
}
