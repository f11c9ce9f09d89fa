package dev.evperf.core.load;

import dev.evperf.core.workload.Workload.BatchDef;

/**
 * How a schedule is cut into micro-batches (SPBench): a batch opens with an event and closes when
 * it holds {@code size} events, or {@code interval} after its first event was due, whichever comes
 * first. A full batch is due when its last event is; one closed by the interval is due when the
 * interval ends. The cut is made on intended times (by {@link Schedule.Cursor}), so it is the same
 * in every trial; scheduled latency then includes the wait in the batch.
 */
final class Batches {
    private Batches() {}

    /** The batch size at a fraction of the phase: fixed, or linear from → to. */
    static int size(BatchDef def, double fraction) {
        if (!def.size.isObject()) return def.size.asInt();
        int from = def.size.get("from").asInt(), to = def.size.get("to").asInt();
        return (int) Math.max(1, Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction))));
    }

    /** The largest size a batch of this definition can have. */
    static int largest(BatchDef def) {
        return Math.max(size(def, 0), size(def, 1));
    }
}
