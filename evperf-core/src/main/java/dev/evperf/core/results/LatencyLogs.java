package dev.evperf.core.results;

import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.load.Schedule;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * HdrHistogram interval logs, one per latency mode, built from the trial's records after the
 * timed phase. An event belongs to the interval in which its latency ended (send end for
 * processing, receipt for end-to-end and scheduled). Values are ns. Scheduled latency is already
 * measured from the intended time, so no coordinated-omission correction is applied on top.
 */
public final class LatencyLogs {
    private LatencyLogs() {
    }

    /** @param originEpochMs wall-clock time of the trial's nanoTime origin, for the log's StartTime */
    public static void write(Path trialDir, Iterable<String> modes, Schedule s, long[] sendStart, long[] sendEnd,
                             OutputRecords out, long intervalNs, double originEpochMs) throws IOException {
        boolean[] measured = new boolean[s.phases.size()];
        for (int p = 0; p < measured.length; p++) measured[p] = s.phases.get(p).measure();
        int outputs = out.recorded();
        for (String mode : modes) {
            try (PrintStream ps = new PrintStream(Files.newOutputStream(trialDir.resolve(Layout.hlog(mode))))) {
                HistogramLogWriter w = new HistogramLogWriter(ps);
                w.outputComment("evperf " + mode + " latency of measured events, ns; intervals on the trial's nanoTime axis");
                w.outputLogFormatVersion();
                w.outputStartTime((long) originEpochMs);
                w.setBaseTime((long) originEpochMs);
                w.outputLegend();
                Intervals iv = new Intervals(w, intervalNs, originEpochMs);
                if (mode.equals("processing")) {
                    for (int i = 0; i < s.size(); i++) {
                        if (measured[s.phase[i]]) iv.record(sendEnd[i], sendEnd[i] - sendStart[i]);
                    }
                } else {
                    boolean scheduled = mode.equals("scheduled");
                    for (int k = 0; k < outputs; k++) {
                        long seq = out.seq[k];
                        if (seq < 0 || seq >= s.size() || !measured[s.phase[(int) seq]]) continue;
                        long from = scheduled ? s.intended[(int) seq] : sendStart[(int) seq];
                        iv.record(out.received[k], out.received[k] - from);
                    }
                }
                iv.flush();
            }
        }
    }

    /** Cuts a time-ordered-enough series into fixed intervals; out-of-order values go to the current one. */
    private static final class Intervals {
        private final HistogramLogWriter writer;
        private final long intervalNs;
        private final double originEpochMs;
        private final Histogram h = new Histogram(3);
        private long end = Long.MIN_VALUE;

        Intervals(HistogramLogWriter writer, long intervalNs, double originEpochMs) {
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
