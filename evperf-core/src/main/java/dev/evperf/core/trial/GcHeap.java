package dev.evperf.core.trial;

import java.lang.management.ManagementFactory;
import java.util.List;

/**
 * The heap a trial holds live, read right after a full collection. The peak of the sampled heap
 * mixes live state with garbage the collector has not reached yet, so it says as much about when
 * the collector last ran as about the engine; heap used after {@code System.gc()} is what is live.
 */
final class GcHeap {
    private GcHeap() {}

    /** Whether {@code System.gc()} collects the whole heap before it returns (not disabled, not made concurrent). */
    static boolean explicitGcCollects() {
        List<String> args = ManagementFactory.getRuntimeMXBean().getInputArguments();
        return !args.contains("-XX:+DisableExplicitGC") && !args.contains("-XX:+ExplicitGCInvokesConcurrent");
    }

    /** Heap used now, in bytes: read it right after {@code System.gc()}. */
    static long used() {
        return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
    }
}
