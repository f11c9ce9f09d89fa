package dev.evperf.core.results;

import dev.evperf.results.LatencyMode;
import dev.evperf.results.Layout;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.Map;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * HdrHistogram interval logs, one per latency mode, fed from the trial's records after the timed
 * phase, one value at a time (so the records are never held whole). An event belongs to the
 * interval in which its latency ended (send end for processing, receipt for end-to-end and
 * scheduled). Values are ns. Scheduled latency is already measured from the intended time, so no
 * coordinated-omission correction is applied on top.
 */
public final class LatencyLogs implements AutoCloseable {
    private final Map<LatencyMode, Intervals> modes = new EnumMap<>(LatencyMode.class);
    private final Intervals processing, endToEnd, scheduled;

    /** @param originEpochMs wall-clock time of the trial's nanoTime origin, for the log's StartTime */
    public LatencyLogs(Path trialDir, Iterable<String> modes, long intervalNs, double originEpochMs)
            throws IOException {
        for (String word : modes) {
            LatencyMode mode = LatencyMode.of(word); // the workload's words, checked by WorkloadValidator
            PrintStream ps = new PrintStream(Files.newOutputStream(trialDir.resolve(Layout.hlog(mode))));
            HistogramLogWriter w = new HistogramLogWriter(ps);
            w.outputComment(
                    "evperf " + word + " latency of measured events, ns; intervals on the trial's nanoTime axis");
            w.outputLogFormatVersion();
            w.outputStartTime((long) originEpochMs);
            w.setBaseTime((long) originEpochMs);
            w.outputLegend();
            this.modes.put(mode, new Intervals(ps, w, intervalNs, originEpochMs));
        }
        processing = this.modes.get(LatencyMode.PROCESSING);
        endToEnd = this.modes.get(LatencyMode.END_TO_END);
        scheduled = this.modes.get(LatencyMode.SCHEDULED);
    }

    /** A measured event's processing time, ending at {@code at} (its send end). */
    public void processing(long at, long value) {
        if (processing != null) processing.record(at, value);
    }

    /** A measured output's end-to-end latency, ending at {@code at} (its receipt). */
    public void endToEnd(long at, long value) {
        if (endToEnd != null) endToEnd.record(at, value);
    }

    public void scheduled(long at, long value) {
        if (scheduled != null) scheduled.record(at, value);
    }

    @Override
    public void close() {
        for (Intervals iv : modes.values()) {
            iv.flush();
            iv.out.close();
        }
    }

    /** Cuts a time-ordered-enough series into fixed intervals; out-of-order values go to the current one. */
    private static final class Intervals {
        private final PrintStream out;
        private final HistogramLogWriter writer;
        private final long intervalNs;
        private final double originEpochMs;
        private final Histogram h = new Histogram(3);
        private long end = Long.MIN_VALUE;

        Intervals(PrintStream out, HistogramLogWriter writer, long intervalNs, double originEpochMs) {
            this.out = out;
            this.writer = writer;
            this.intervalNs = intervalNs;
            this.originEpochMs = originEpochMs;
        }

        void record(long at, long value) {
            if (end == Long.MIN_VALUE) end = (Math.floorDiv(at, intervalNs) + 1) * intervalNs;
            while (at >= end) {
                flush();
                end += intervalNs;
            }
            h.recordValue(Math.max(0, value));
        }

        void flush() {
            if (h.getTotalCount() == 0) return;
            long start = end - intervalNs;
            h.setStartTimeStamp((long) (originEpochMs + start / 1e6));
            h.setEndTimeStamp((long) (originEpochMs + end / 1e6));
            writer.outputIntervalHistogram(h);
            h.reset();
        }
    }
}
