package dev.evperf.analysis;

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
        List<Row> rows = new ArrayList<>();
        for (double us : thresholdsUs) {
            long below = countBelow(t, Math.round(us * Stats.NS_PER_US));
            rows.add(new Row(us, below, t.length == 0 ? Double.NaN : 100.0 * below / t.length));
        }
        double max = t.length == 0 ? Double.NaN : t[t.length - 1] / Stats.NS_PER_US;
        return new Cumulative(t.length, rows, max);
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
