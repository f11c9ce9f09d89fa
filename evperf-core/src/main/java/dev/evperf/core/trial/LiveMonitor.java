package dev.evperf.core.trial;

import dev.evperf.core.driver.OutputRecords;
import java.io.PrintStream;
import java.util.Locale;
import org.HdrHistogram.Histogram;

/**
 * The trial's live line: every interval, the input and output rate, p99 processing time and the
 * generator lag of what was sent since the last line, printed to the trial's stdout (the
 * controller shows the latest one). It reads the driver's columns as they fill, so the driver
 * does nothing extra: the count sent so far is the prefix of non-zero send ends (every send end
 * is after the origin, so > 0). Reads race with the driver's writes; the figures are for watching
 * a run, the exact ones are computed from the records afterwards (intervals.csv).
 */
final class LiveMonitor implements AutoCloseable {
    static final String PREFIX = "evperf-live ";

    private final Thread thread;
    private volatile boolean running = true;

    LiveMonitor(long[] sendStart, long[] sendEnd, long[] intended, OutputRecords out, long origin, long intervalNs, PrintStream sink) {
        thread = new Thread(() -> {
            Histogram h = new Histogram(3);
            int prevSent = 0, prevOut = 0;
            long prevT = System.nanoTime();
            while (running) {
                try {
                    Thread.sleep(Math.max(1, intervalNs / 1_000_000));
                } catch (InterruptedException e) {
                    return;
                }
                long now = System.nanoTime();
                int sent = sentSoFar(sendEnd, prevSent);
                int outs = out.count();
                h.reset();
                long lag = 0;
                for (int i = prevSent; i < sent; i++) {
                    if (sendStart[i] > 0 && sendEnd[i] >= sendStart[i]) h.recordValue(sendEnd[i] - sendStart[i]);
                }
                if (sent > 0) lag = sendStart[sent - 1] - intended[sent - 1];
                double dt = (now - prevT) / 1e9;
                sink.printf(Locale.ROOT, "%st=%.2fs sent=%d in=%.0f/s out=%.0f/s p99=%.1fus lag=%.1fms%n", PREFIX, (now - origin) / 1e9, sent,
                        (sent - prevSent) / dt, (outs - prevOut) / dt, h.getTotalCount() == 0 ? 0 : h.getValueAtPercentile(99) / 1e3, lag / 1e6);
                sink.flush();
                prevSent = sent;
                prevOut = outs;
                prevT = now;
            }
        }, "evperf-live");
        thread.setDaemon(true);
        // The driver's thread matters more; the monitor only needs to run now and then.
        thread.setPriority(Thread.MIN_PRIORITY);
        thread.start();
    }

    /** The length of the non-zero prefix of sendEnd, at least {@code from}. */
    static int sentSoFar(long[] sendEnd, int from) {
        int lo = from, hi = sendEnd.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (sendEnd[mid] != 0) lo = mid + 1; else hi = mid;
        }
        return lo;
    }

    @Override
    public void close() {
        running = false;
        thread.interrupt();
        try {
            thread.join(1000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
