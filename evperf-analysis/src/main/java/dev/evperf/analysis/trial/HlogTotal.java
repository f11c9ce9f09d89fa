package dev.evperf.analysis.trial;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;

/**
 * A trial's HdrHistogram interval log (latency-MODE.hlog) added up into one histogram. Its
 * intervals are [k·I, (k+1)·I) on the trial's nanoTime axis, stamped in ms since the log's
 * StartTime (the trial's origin, to the ms), and an event lies in the interval in which its
 * latency ended. So a warm-up cut can only be applied to the interval: {@code fromNs} keeps the
 * intervals that end after it, the one holding the warm-up's end included.
 */
public final class HlogTotal {
    private HlogTotal() {}

    /**
     * @param fromNs keep only the intervals ending after this time on the trial's axis; null: all
     * @return the sum, or null when the trial has no such log
     * @throws IllegalArgumentException naming the file when it is not a readable HdrHistogram log
     */
    public static Histogram read(Path file, Long fromNs) {
        if (!Files.isRegularFile(file)) return null;
        Histogram total = new Histogram(3);
        try {
            HistogramLogReader reader = new HistogramLogReader(file.toFile());
            try {
                EncodableHistogram e;
                while ((e = reader.nextIntervalHistogram()) != null) {
                    double endMs = e.getEndTimeStamp() - reader.getStartTimeSec() * 1000;
                    if (fromNs != null && endMs * 1e6 <= fromNs) continue;
                    total.add((Histogram) e);
                }
            } finally {
                reader.close();
            }
        } catch (FileNotFoundException e) {
            return null;
        } catch (RuntimeException e) {
            throw new IllegalArgumentException(file + ": not a readable HdrHistogram log: " + e.getMessage(), e);
        }
        return total;
    }
}
