package dev.evperf.analysis;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * Latency figures from a trial's HdrHistogram interval logs, for trials run with per-event
 * records off. Values carry HdrHistogram's 3 significant digits (≤ 0.1% error) instead of being
 * exact, and the percentile is HdrHistogram's (the value at or above the given fraction).
 */
final class HistogramLatency {
    private HistogramLatency() {
    }

    static Latency load(Path trialDir) {
        return new Latency(mode(trialDir, "processing"), mode(trialDir, "end-to-end"), mode(trialDir, "scheduled"));
    }

    static LatencyStats mode(Path trialDir, String mode) {
        Path file = trialDir.resolve("latency-" + mode + ".hlog");
        Histogram total = new Histogram(3);
        if (Files.isRegularFile(file)) {
            try {
                HistogramLogReader reader = new HistogramLogReader(file.toFile());
                EncodableHistogram h;
                while ((h = reader.nextIntervalHistogram()) != null) {
                    total.add((Histogram) h);
                }
                reader.close();
            } catch (FileNotFoundException e) {
                throw new IllegalArgumentException(file + ": cannot read", e);
            }
        }
        if (total.getTotalCount() == 0) {
            return LatencyStats.of(new long[0]);
        }
        double us = Stats.NS_PER_US;
        return new LatencyStats(total.getTotalCount(), total.getMean() / us,
                total.getValueAtPercentile(50) / us, total.getValueAtPercentile(90) / us, total.getValueAtPercentile(99) / us,
                total.getValueAtPercentile(99.9) / us, total.getValueAtPercentile(99.99) / us, total.getMaxValue() / us);
    }
}
