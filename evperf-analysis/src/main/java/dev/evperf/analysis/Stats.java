package dev.evperf.analysis;

/** Small numeric helpers shared by the analyses. */
final class Stats {
    static final double NS_PER_US = 1_000.0;
    static final double NS_PER_MS = 1_000_000.0;
    static final double NS_PER_S = 1_000_000_000.0;

    private Stats() {}

    static double mean(double[] v) {
        if (v.length == 0) return Double.NaN;
        double sum = 0;
        for (double x : v) sum += x;
        return sum / v.length;
    }

    /**
     * Sample standard deviation (divides by n − 1, like the thesis's spreadsheets and
     * R's sd()); NaN below two values, where it is undefined. Two passes, for accuracy.
     */
    static double sampleStd(double[] v) {
        if (v.length < 2) return Double.NaN;
        double mean = mean(v);
        double sq = 0;
        for (double x : v) sq += (x - mean) * (x - mean);
        return Math.sqrt(sq / (v.length - 1));
    }

    static double[] scale(long[] ns, double divisor) {
        double[] out = new double[ns.length];
        for (int i = 0; i < ns.length; i++) out[i] = ns[i] / divisor;
        return out;
    }

    static double max(double[] v) {
        double m = Double.NaN;
        for (double x : v) if (Double.isNaN(m) || x > m) m = x;
        return m;
    }

    static double min(double[] v) {
        double m = Double.NaN;
        for (double x : v) if (Double.isNaN(m) || x < m) m = x;
        return m;
    }

    static double sum(double[] v) {
        double s = 0;
        for (double x : v) s += x;
        return s;
    }
}
