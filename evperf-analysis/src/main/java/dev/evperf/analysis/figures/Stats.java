package dev.evperf.analysis.figures;

import java.util.Locale;

/** Small numeric helpers shared by the analyses. */
public final class Stats {
    public static final double NS_PER_US = 1_000.0;
    public static final double NS_PER_MS = 1_000_000.0;
    public static final double NS_PER_S = 1_000_000_000.0;

    private Stats() {}

    /** Fixed decimals, "n/a" for an undefined figure (NaN, or absent): how every figure is written in text. */
    public static String num(Double v, int decimals) {
        return v == null || v.isNaN() ? "n/a" : String.format(Locale.ROOT, "%." + decimals + "f", v);
    }

    public static double mean(double[] v) {
        if (v.length == 0) return Double.NaN;
        double sum = 0;
        for (double x : v) sum += x;
        return sum / v.length;
    }

    /**
     * Sample standard deviation (divides by n − 1, like the thesis's spreadsheets and
     * R's sd()); NaN below two values, where it is undefined. Two passes, for accuracy.
     */
    public static double sampleStd(double[] v) {
        if (v.length < 2) return Double.NaN;
        double mean = mean(v);
        double sq = 0;
        for (double x : v) sq += (x - mean) * (x - mean);
        return Math.sqrt(sq / (v.length - 1));
    }

    public static double[] scale(long[] ns, double divisor) {
        double[] out = new double[ns.length];
        for (int i = 0; i < ns.length; i++) out[i] = ns[i] / divisor;
        return out;
    }

    public static double max(double[] v) {
        double m = Double.NaN;
        for (double x : v) if (Double.isNaN(m) || x > m) m = x;
        return m;
    }

    public static double min(double[] v) {
        double m = Double.NaN;
        for (double x : v) if (Double.isNaN(m) || x < m) m = x;
        return m;
    }

    public static double sum(double[] v) {
        double s = 0;
        for (double x : v) s += x;
        return s;
    }
}
