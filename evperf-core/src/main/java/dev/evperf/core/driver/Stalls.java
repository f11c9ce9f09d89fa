package dev.evperf.core.driver;

import dev.evperf.results.Layout;
import dev.evperf.results.TrialResult;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * When the driver was descheduled while it waited for an event's due time: two consecutive clock
 * reads of the spin more than {@link #THRESHOLD_NS} apart, or a park that woke that much later than
 * asked. A stall seen while waiting is off the measurement itself, but it says the machine took the
 * driver's core away, and one that overruns the due time makes the next sends late. Recorded by
 * {@link Waiter} (only then: locking is fine), one recorder per trial JVM.
 */
public final class Stalls {
    public static final long THRESHOLD_NS = 1_000_000;
    public static final String FILE = Layout.STALLS;
    static final int KEEP = 100_000;

    private static long count, totalNs, maxNs;
    private static final BoundedPairs SPANS = new BoundedPairs(KEEP);

    private Stalls() {}

    static synchronized void record(long fromNanos, long toNanos) {
        long d = toNanos - fromNanos;
        count++;
        totalNs += d;
        maxNs = Math.max(maxNs, d);
        SPANS.add(fromNanos, toNanos);
    }

    /** Forgets what was recorded (a trial starts with none; tests run several loops in one JVM). */
    public static synchronized void reset() {
        count = totalNs = maxNs = 0;
        SPANS.clear();
    }

    public static synchronized long count() {
        return count;
    }

    /** count, total_ms and max_ms of the stalls since the last reset, for result.json. */
    public static synchronized TrialResult.Stalls summary() {
        return new TrialResult.Stalls(THRESHOLD_NS / 1e6, count, totalNs / 1e6, maxNs / 1e6, SPANS.size());
    }

    /** Writes stalls.csv (start_ns, end_ns on the trial's axis) when there were stalls. */
    public static synchronized void write(Path trialDir, long origin) throws IOException {
        if (SPANS.size() == 0) return;
        try (PrintWriter w = new PrintWriter(Files.newBufferedWriter(trialDir.resolve(FILE)))) {
            w.println("start_ns,end_ns");
            for (int i = 0; i < SPANS.size(); i++)
                w.println((SPANS.first(i) - origin) + "," + (SPANS.second(i) - origin));
        }
    }
}
