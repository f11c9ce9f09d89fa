package dev.evperf.api.jvm;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The heap a JVM holds live, as the JVM itself says after full collections: the one way evperf
 * measures heap after a full GC, for the trial runner's {@code heap_after_gc} and the reference
 * studies' memory figures alike. The peak of the sampled heap mixes live objects with garbage the
 * collector has not reached yet, so it says as much about when the collector last ran as about
 * the engine; heap used right after {@code System.gc()} is what is live. It lives here, in the
 * module every other one depends on, so that core and ref share it without depending on each other.
 */
public final class LiveHeap {
    private LiveHeap() {}

    /**
     * Heap used after {@code System.gc()} (a full, compacting collection with G1 and the parallel
     * collector), repeated until two readings agree within 64 KB, at most 8 times: a collection can
     * leave garbage (objects freed by finalisation or reference processing) that the next one takes.
     */
    public static long usedAfterGc() {
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

    /**
     * Whether {@code System.gc()} collects the whole heap before it returns (not disabled, not made
     * concurrent): otherwise {@link #usedAfterGc} would read garbage too, and nothing should be reported.
     */
    public static boolean explicitGcCollects() {
        List<String> args = ManagementFactory.getRuntimeMXBean().getInputArguments();
        return !args.contains("-XX:+DisableExplicitGC") && !args.contains("-XX:+ExplicitGCInvokesConcurrent");
    }
}
