package dev.evperf.analysis.figures;

import dev.evperf.analysis.trial.EventTimes;
import dev.evperf.analysis.trial.TrialData;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Table 4.4: share of the measured events whose event time is strictly below each threshold,
 * and the largest event time.
 */
public record Cumulative(long events, List<Row> rows, double maxUs) {
    public static final double[] DEFAULT_THRESHOLDS_US =
            {20, 30, 40, 50, 100, 150, 200, 300, 500, 750, 1000, 2000, 5000, 10000};

    /** {@code percent} is NaN when there are no measured events. */
    public record Row(double thresholdUs, long count, double percent) {}

    public static Cumulative of(TrialData d) {
        return of(d, DEFAULT_THRESHOLDS_US);
    }

    public static Cumulative of(TrialData d, double... thresholdsUs) {
        long[] t = EventTimes.measuredNs(d);
        Arrays.sort(t);
        long[] limits = limitsNs(thresholdsUs);
        long[] below = new long[limits.length];
        for (int i = 0; i < limits.length; i++) below[i] = countBelow(t, limits[i]);
        return of(thresholdsUs, t.length, below, t.length == 0 ? 0 : t[t.length - 1]);
    }

    /** The thresholds in whole ns, as the event times are counted against them. */
    public static long[] limitsNs(double[] thresholdsUs) {
        long[] limits = new long[thresholdsUs.length];
        for (int i = 0; i < limits.length; i++) limits[i] = Math.round(thresholdsUs[i] * Stats.NS_PER_US);
        return limits;
    }

    /**
     * The table from counts made elsewhere (also in SQL for large trials).
     *
     * @param below how many of the {@code events} event times lie strictly below each of {@link #limitsNs}
     * @param maxNs the largest event time (ignored when there are no events)
     */
    public static Cumulative of(double[] thresholdsUs, long events, long[] below, long maxNs) {
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < thresholdsUs.length; i++) {
            rows.add(new Row(thresholdsUs[i], below[i], events == 0 ? Double.NaN : 100.0 * below[i] / events));
        }
        return new Cumulative(events, rows, events == 0 ? Double.NaN : maxNs / Stats.NS_PER_US);
    }

    /** Number of values strictly below the limit in a sorted array (its lower bound). */
    private static int countBelow(long[] sorted, long limit) {
        int lo = 0, hi = sorted.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sorted[mid] < limit) lo = mid + 1; else hi = mid;
        }
        return lo;
    }
}
