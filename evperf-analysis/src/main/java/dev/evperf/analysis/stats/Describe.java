package dev.evperf.analysis.stats;

import dev.evperf.analysis.figures.Stats;
import dev.evperf.results.Percentiles;
import java.util.Arrays;

/**
 * Descriptive figures of a sample. Quantiles follow evperf's percentile rule (nearest rank: the
 * smallest value with at least p % of the values at or below it), so the median of an even-sized
 * sample is the lower middle value, never an interpolation.
 */
public final class Describe {
    private Describe() {}

    public static double mean(double[] v) {
        return Stats.mean(v);
    }

    /** Sample standard deviation (n − 1); NaN below two values. */
    public static double std(double[] v) {
        return Stats.sampleStd(v);
    }

    /** Nearest-rank quantile of an ascending array; p in [0, 1]. NaN when empty. */
    public static double quantileSorted(double[] sorted, double p) {
        if (sorted.length == 0) return Double.NaN;
        return sorted[rankIndex(sorted.length, p)];
    }

    /** Nearest-rank median; does not modify {@code v}. */
    public static double median(double[] v) {
        if (v.length == 0) return Double.NaN;
        return select(v.clone(), rankIndex(v.length, 0.5));
    }

    /** Nearest-rank quantile of an unsorted array (copied, then sorted). */
    public static double quantile(double[] v, double p) {
        double[] s = v.clone();
        Arrays.sort(s);
        return quantileSorted(s, p);
    }

    /** 0-based index of the nearest-rank p-quantile among n values ({@link Percentiles#rankOfFraction}). */
    static int rankIndex(int n, double p) {
        return (int) Percentiles.rankOfFraction(p, n) - 1;
    }

    /** The k-th smallest value (0-based) by quickselect; reorders {@code a}. */
    static double select(double[] a, int k) {
        int lo = 0, hi = a.length - 1;
        while (hi > lo) {
            // Median of three as pivot keeps sorted or constant inputs from going quadratic.
            int mid = (lo + hi) >>> 1;
            double pivot = medianOf3(a[lo], a[mid], a[hi]);
            int i = lo, j = hi;
            while (i <= j) {
                while (a[i] < pivot) i++;
                while (a[j] > pivot) j--;
                if (i <= j) {
                    double t = a[i];
                    a[i] = a[j];
                    a[j] = t;
                    i++;
                    j--;
                }
            }
            if (k <= j) hi = j;
            else if (k >= i) lo = i;
            else return a[k];
        }
        return a[k];
    }

    private static double medianOf3(double a, double b, double c) {
        return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    }
}
