package dev.evperf.core.trial;

import java.util.Locale;

/**
 * The heap a trial's columns take before its engine holds anything: a lower bound, from the
 * arrays the trial allocates per event (schedule, prepared events, send times) and per output
 * slot. A trial whose lower bound does not fit the JVM's maximum heap fails at once with a
 * reason that says what to change, instead of an OutOfMemoryError minutes into preparation.
 */
final class MemoryNeed {
    /** intended (8) + phase, burst, position (3 × 4): the schedule. */
    static final int SCHEDULE = 20;
    /** send start and send end. */
    static final int SEND_TIMES = 16;
    /** received (8) + seq (8) + stream (2) per output slot. */
    static final int OUTPUT_SLOT = 18;
    /** The boxed sequence number each prepared event carries. */
    static final int BOXED_LONG = 16;

    private MemoryNeed() {
    }

    /**
     * @param events      events in the trial
     * @param fields      fields of an event (the prepared Object[]'s length)
     * @param outputSlots output records kept
     * @return bytes, assuming compressed references (4 B) and 8-byte object alignment
     */
    static long bytes(long events, int fields, long outputSlots) {
        long row = align(16 + 4L * fields); // Object[] header (with length) and its references
        long perEvent = SCHEDULE + SEND_TIMES + 4 /* the reference in events[] */ + row + BOXED_LONG;
        return events * perEvent + outputSlots * OUTPUT_SLOT;
    }

    /** Fails when {@code need} exceeds {@code maxHeap}; the message says what to change. */
    static void check(long need, long maxHeap, long events) {
        if (need <= maxHeap) return;
        throw new TrialFailure(String.format(Locale.ROOT, "the trial's %d events need at least %.2f GiB of heap for their schedule,"
                + " prepared events, send times and output records, but the trial JVM has %.2f GiB (-Xmx): raise it with trial.jvm:"
                + " [-Xmx...], shorten the load, or lower trial.outputs_per_input", events, need / GIB, maxHeap / GIB));
    }

    private static final double GIB = 1024.0 * 1024 * 1024;

    private static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }
}
