package dev.evperf.analysis.report;

import java.util.Arrays;

/**
 * Shrinks aligned series (one x array, several y arrays, NaN = no value) to at most maxPoints
 * points while keeping their envelope: the rows are cut into buckets of consecutive points, and
 * each bucket becomes two points, at its first and its last x, holding every series' minimum and
 * maximum in the bucket, in the order they occurred. Spikes therefore survive, whatever their
 * width.
 */
final class Downsample {
    private Downsample() {}

    /** @return {x, y1, y2, …}; the input itself when it is short enough */
    static double[][] minMax(double[] x, double[][] ys, int maxPoints) {
        int n = x.length;
        for (double[] y : ys) {
            if (y.length != n)
                throw new IllegalArgumentException("series of " + y.length + " points against " + n + " x values");
        }
        double[][] all = new double[ys.length + 1][];
        all[0] = x;
        System.arraycopy(ys, 0, all, 1, ys.length);
        if (n <= maxPoints || maxPoints < 2) return all;
        int buckets = maxPoints / 2;
        double[][] out = new double[ys.length + 1][2 * buckets];
        int m = 0;
        for (int b = 0; b < buckets; b++) {
            int from = (int) ((long) b * n / buckets);
            int to = (int) ((long) (b + 1) * n / buckets);
            if (to <= from) continue;
            out[0][m] = x[from];
            out[0][m + 1] = x[to - 1];
            for (int s = 0; s < ys.length; s++) {
                double[] y = ys[s];
                int lo = -1, hi = -1;
                for (int i = from; i < to; i++) {
                    double v = y[i];
                    if (Double.isNaN(v)) continue;
                    if (lo < 0 || v < y[lo]) lo = i;
                    if (hi < 0 || v > y[hi]) hi = i;
                }
                if (lo < 0) {
                    out[s + 1][m] = Double.NaN;
                    out[s + 1][m + 1] = Double.NaN;
                } else {
                    boolean lowFirst = lo <= hi;
                    out[s + 1][m] = lowFirst ? y[lo] : y[hi];
                    out[s + 1][m + 1] = lowFirst ? y[hi] : y[lo];
                }
            }
            m += 2;
        }
        for (int s = 0; s < out.length; s++) out[s] = Arrays.copyOf(out[s], m);
        return out;
    }
}
