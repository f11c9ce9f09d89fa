package dev.evperf.analysis.figures;

import java.util.ArrayList;
import java.util.List;

/**
 * Table 4.4: share of the measured events whose event time is strictly below each threshold,
 * and the largest event time.
 */
public record Cumulative(long events, List<Row> rows, double maxUs) {
    public static final double[] DEFAULT_THRESHOLDS_US = {
        20, 30, 40, 50, 100, 150, 200, 300, 500, 750, 1000, 2000, 5000, 10000
    };

    /** {@code percent} is NaN when there are no measured events. */
    public record Row(double thresholdUs, long count, double percent) {}

    /** The thresholds in whole ns, as the event times are counted against them. */
    public static long[] limitsNs(double[] thresholdsUs) {
        long[] limits = new long[thresholdsUs.length];
        for (int i = 0; i < limits.length; i++) limits[i] = Math.round(thresholdsUs[i] * Stats.NS_PER_US);
        return limits;
    }

    /**
     * The table from the counts the SQL aggregation makes ({@code Distribution.countBelow}).
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
}
