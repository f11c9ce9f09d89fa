package dev.evperf.core.trial;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.lang.management.ManagementFactory;

/**
 * The heap an engine holds at the end of a trial, as the JVM says (measure.retained_heap): heap used
 * after full collections with the engine open and its state full (a window of the last events),
 * minus the same just before the engine opened. Both readings are taken outside the timed run (before
 * the engine opens; after the drain, with the sensors stopped), so they change nothing measured. The
 * difference also holds what the harness allocated after the engine opened (its output records and
 * event chunks: bounded, the same for every engine); the null engine's trial shows how much.
 */
final class RetainedHeap {
    private RetainedHeap() {}

    /**
     * Heap used after {@code System.gc()} (a full collection with G1 and the parallel collector),
     * repeated until two readings agree within 64 KB, at most 8 times.
     */
    static long usedAfterGc() {
        var memory = ManagementFactory.getMemoryMXBean();
        long last = -1;
        for (int i = 0; i < 8; i++) {
            System.gc();
            long used = memory.getHeapMemoryUsage().getUsed();
            if (last >= 0 && Math.abs(used - last) < 64 * 1024) return used;
            last = used;
        }
        return last;
    }

    /** result.json's {@code retained_heap}: both readings and their difference, in bytes. */
    static ObjectNode json(long before, long after) {
        ObjectNode n = JsonNodeFactory.instance.objectNode();
        n.put("before_open_bytes", before);
        n.put("engine_open_bytes", after);
        n.put("retained_bytes", after - before);
        return n;
    }
}
