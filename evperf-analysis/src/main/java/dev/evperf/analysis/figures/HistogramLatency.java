package dev.evperf.analysis.figures;

import dev.evperf.analysis.trial.HlogTotal;
import dev.evperf.results.LatencyMode;
import dev.evperf.results.Layout;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;

/**
 * Latency figures from a trial's HdrHistogram interval logs, for trials run with per-event
 * records off. Values carry HdrHistogram's 3 significant digits (≤ 0.1% error) instead of being
 * exact, and the percentile is HdrHistogram's (the value at or above the given fraction).
 */
public final class HistogramLatency {
    private HistogramLatency() {}

    public static Latency load(Path trialDir) {
        return load(trialDir, null);
    }

    /** @param fromNs leave out the intervals that end by this time (a warm-up cut, to the interval); null: none */
    public static Latency load(Path trialDir, Long fromNs) {
        return new Latency(
                mode(trialDir, LatencyMode.PROCESSING, fromNs),
                mode(trialDir, LatencyMode.END_TO_END, fromNs),
                mode(trialDir, LatencyMode.SCHEDULED, fromNs));
    }

    public static LatencyStats mode(Path trialDir, LatencyMode mode, Long fromNs) {
        Histogram read = HlogTotal.read(trialDir.resolve(Layout.hlog(mode)), fromNs);
        Histogram total = read == null ? new Histogram(3) : read;
        if (total.getTotalCount() == 0) {
            return LatencyStats.of(new long[0]);
        }
        double us = Stats.NS_PER_US;
        return new LatencyStats(
                total.getTotalCount(),
                total.getMean() / us,
                total.getValueAtPercentile(50) / us,
                total.getValueAtPercentile(90) / us,
                total.getValueAtPercentile(99) / us,
                total.getValueAtPercentile(99.9) / us,
                total.getValueAtPercentile(99.99) / us,
                total.getMaxValue() / us);
    }
}
