package dev.evperf.analysis.figures;

import dev.evperf.results.Percentiles;
import java.util.Arrays;

/**
 * Figures one extreme value cannot move much, for tables whose means one event can dominate (a
 * multi-ms first event after idle time, a GC pause): the median (nearest rank, as every
 * percentile here) and the 10 % trimmed mean (the lowest and highest ⌊n/10⌋ values left out),
 * and where the largest value is and how far it alone moves the mean.
 *
 * @param median      in the values' unit
 * @param trimmedMean in the values' unit
 * @param maxIndex    the index of the largest value (the first such)
 * @param minIndex    the index of the smallest value (the first such)
 * @param maxShift    (mean − mean without the largest value) / mean: 0.2 means one value lifts
 *                    the mean by a fifth; NaN for fewer than two values or a zero mean
 */
public record Robust(double median, double trimmedMean, int maxIndex, int minIndex, double maxShift) {
    /** The share of the values trimmed at each end. */
    public static final double TRIM = 0.10;
    /** One value that moves the mean by more than this makes the mean a figure about that value. */
    public static final double DOMINATED = 0.10;

    /** @param values any order, not changed; @return null for no values */
    public static Robust of(long[] values) {
        int n = values.length;
        if (n == 0) return null;
        int maxIndex = 0, minIndex = 0;
        long sum = 0;
        for (int i = 0; i < n; i++) {
            if (values[i] > values[maxIndex]) maxIndex = i;
            if (values[i] < values[minIndex]) minIndex = i;
            sum += values[i];
        }
        long[] sorted = values.clone();
        Arrays.sort(sorted);
        int cut = (int) Math.floor(n * TRIM);
        long kept = 0;
        for (int i = cut; i < n - cut; i++) kept += sorted[i];
        double mean = (double) sum / n;
        double shift = n < 2 || mean == 0 ? Double.NaN : (mean - (double) (sum - values[maxIndex]) / (n - 1)) / mean;
        return new Robust(
                Percentiles.nearestRank(sorted, 50), (double) kept / (n - 2 * cut), maxIndex, minIndex, shift);
    }

    /** The shift of a mean by its largest value from the figures a table already has. */
    public static double shift(double mean, double max, long count) {
        if (count < 2 || mean == 0 || Double.isNaN(mean)) return Double.NaN;
        double without = (mean * count - max) / (count - 1);
        return (mean - without) / mean;
    }

    /** Whether the largest value alone moves the mean by more than {@link #DOMINATED}. */
    public static boolean dominated(double shift) {
        return shift > DOMINATED;
    }
}
