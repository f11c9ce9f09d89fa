package dev.evperf.analysis.stats;

import java.util.Locale;

/**
 * One metric compared between two samples a and b (e.g. run A and run B): their sizes and
 * locations, the bootstrap 95 % intervals of the differences (b − a) of the means and of the
 * medians, the two-sample Kolmogorov–Smirnov and Wilcoxon rank-sum tests, and the verdict.
 *
 * <p>Verdict at level alpha: when the rank-sum p-value is below alpha, the run whose values tend
 * to be better (smaller for times, larger for rates; judged by P(a &lt; b) against ½) is "faster";
 * otherwise {@link #NO_DIFFERENCE}. The KS test answers a wider question (do the distributions
 * differ at all, in location, spread or shape); {@code distributionsDiffer} reports it
 * alongside without changing the verdict.
 *
 * @param diff        b − a of means and medians with their bootstrap intervals
 * @param relativeMedian (median b − median a) / median a; NaN when median a is 0
 */
public record Comparison(Metric metric, String unit, String a, String b, int nA, int nB,
                         double meanA, double meanB, double medianA, double medianB,
                         Bootstrap.Difference diff, double relativeMedian,
                         TwoSampleTests.Ks ks, TwoSampleTests.RankSum rankSum,
                         double alpha, String verdict, boolean distributionsDiffer) {
    public static final String NO_DIFFERENCE = "no significant difference";
    public static final String NOT_ENOUGH_DATA = "not enough data";
    public static final double DEFAULT_ALPHA = 0.01;

    /** Options of a comparison: bootstrap resamples and seed, test level. */
    public record Options(int resamples, long seed, double alpha, int maxDraw) {
        public static final Options DEFAULT = new Options(Bootstrap.DEFAULT_RESAMPLES, Bootstrap.DEFAULT_SEED, DEFAULT_ALPHA,
                Bootstrap.DEFAULT_MAX_DRAW);

        public Options {
            if (resamples < 1) throw new IllegalArgumentException("resamples must be >= 1, got " + resamples);
            if (!(alpha > 0 && alpha < 1)) throw new IllegalArgumentException("alpha must be in (0, 1), got " + alpha);
        }
    }

    /**
     * Compares sample b against sample a, both in the metric's unit.
     *
     * @param a label of the first sample, as it appears in the verdict ("A faster")
     */
    public static Comparison of(Metric metric, String a, double[] va, String b, double[] vb, Options o) {
        if (va.length < 2 || vb.length < 2) {
            return new Comparison(metric, metric.unit(), a, b, va.length, vb.length, Describe.mean(va), Describe.mean(vb),
                    Describe.median(va), Describe.median(vb), null, Double.NaN, null, null, o.alpha(), NOT_ENOUGH_DATA, false);
        }
        Bootstrap.Difference diff = Bootstrap.difference(va, vb, o.resamples(), 0.95, o.seed(), o.maxDraw());
        TwoSampleTests.Ks ks = TwoSampleTests.kolmogorovSmirnov(va, vb);
        TwoSampleTests.RankSum rs = TwoSampleTests.mannWhitney(va, vb);
        double medA = Describe.median(va), medB = Describe.median(vb);
        String verdict = NO_DIFFERENCE;
        if (rs.p() < o.alpha() && rs.probALess() != 0.5) {
            boolean aSmaller = rs.probALess() > 0.5;
            verdict = (aSmaller == metric.lowerIsBetter() ? a : b) + " faster";
        }
        return new Comparison(metric, metric.unit(), a, b, va.length, vb.length, Describe.mean(va), Describe.mean(vb), medA, medB,
                diff, medA == 0 ? Double.NaN : (medB - medA) / medA, ks, rs, o.alpha(), verdict, ks.p() < o.alpha());
    }

    /** e.g. "+98.7 µs [97.1, 100.2]". */
    public static String formatInterval(Bootstrap.Interval i) {
        if (i == null) return "";
        return String.format(Locale.ROOT, "%s [%s, %s]", signed(i.estimate()), num(i.lo()), num(i.hi()));
    }

    static String signed(double v) {
        return (v > 0 ? "+" : "") + num(v);
    }

    /** Four significant digits, no exponent for everyday magnitudes. */
    public static String num(double v) {
        if (Double.isNaN(v)) return "-";
        double a = Math.abs(v);
        if (a == 0) return "0";
        if (a >= 1e7 || a < 1e-3) return String.format(Locale.ROOT, "%.3e", v);
        int digits = Math.max(0, 3 - (int) Math.floor(Math.log10(a)));
        return String.format(Locale.ROOT, "%." + digits + "f", v);
    }

    /** p-values: "<1e-300" at the floor of double, else 3 significant digits. */
    static String p(double p) {
        if (Double.isNaN(p)) return "-";
        if (p == 0) return "<1e-300";
        if (p < 1e-3) return String.format(Locale.ROOT, "%.2e", p);
        return String.format(Locale.ROOT, "%.4f", p);
    }
}
