package dev.evperf.core.load;

import dev.evperf.core.workload.Workload.BatchDef;
import dev.evperf.core.workload.Workload.PhaseDef;
import java.util.Arrays;
import java.util.List;

/**
 * Cuts a schedule into micro-batches (SPBench): a batch opens with an event and closes when it
 * holds {@code size} events, or {@code interval} after its first event was due, whichever comes
 * first. A full batch is due when its last event is; one closed by the interval is due when the
 * interval ends. The cut is made on intended times, so it is the same in every trial and the
 * batches can be built before the timed loop; scheduled latency then includes the wait in the
 * batch.
 */
final class Batches {
    private Batches() {
    }

    static void cut(Schedule s, List<PhaseDef> phases, BatchDef defaultBatch) {
        boolean any = defaultBatch != null || phases.stream().anyMatch(p -> p.batch != null);
        if (!any) return;
        int n = s.size();
        int[] first = new int[n + 1];
        long[] due = new long[n];
        int b = 0;
        for (int ph = 0; ph < phases.size(); ph++) {
            Schedule.PhaseInfo info = s.phases.get(ph);
            BatchDef def = phases.get(ph).batch != null ? phases.get(ph).batch : defaultBatch;
            int from = (int) info.firstSeq(), to = (int) (info.firstSeq() + info.count());
            long phaseStart = from < to ? s.intended[from] : 0;
            long span = Math.max(1, info.intendedSpan());
            int i = from;
            while (i < to) {
                long open = s.intended[i];
                int size = def == null ? 1 : size(def, (open - phaseStart) / (double) span);
                long interval = def == null || def.interval == null ? Long.MAX_VALUE : def.interval.nanos();
                int j = i + 1;
                while (j < to && j - i < size && s.intended[j] - open < interval) j++;
                boolean full = j - i == size;
                first[b] = i;
                due[b] = full || interval == Long.MAX_VALUE ? s.intended[j - 1] : open + interval;
                b++;
                i = j;
            }
        }
        first[b] = n;
        s.batchFirst = Arrays.copyOf(first, b + 1);
        s.batchDue = Arrays.copyOf(due, b);
    }

    /** The batch size at a fraction of the phase: fixed, or linear from → to. */
    static int size(BatchDef def, double fraction) {
        if (!def.size.isObject()) return def.size.asInt();
        int from = def.size.get("from").asInt(), to = def.size.get("to").asInt();
        return (int) Math.max(1, Math.round(from + (to - from) * Math.min(1, Math.max(0, fraction))));
    }
}
