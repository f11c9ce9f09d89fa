package dev.evperf.ref.study;

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/**
 * What the JVM says about its collectors and CPU time. The studies' memory figures are the heap
 * after full collections as the trial runner measures it, {@link dev.evperf.api.jvm.LiveHeap#usedAfterGc}
 * (with the parallel collector, the studies' default as in the seed's JVMs, {@code System.gc()} is
 * a full, compacting collection and "used" is then the live objects' bytes), not estimates.
 */
public final class Heap {
    private Heap() {}

    /** Collections so far, all collectors. */
    public static long gcCount() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans())
            n += Math.max(0, gc.getCollectionCount());
        return n;
    }

    /** Milliseconds spent collecting so far, all collectors. */
    public static long gcMillis() {
        long t = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans())
            t += Math.max(0, gc.getCollectionTime());
        return t;
    }

    /** CPU time of this process so far, in ns (all threads), or -1. */
    public static long processCpuNanos() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof OperatingSystemMXBean sun ? sun.getProcessCpuTime() : -1;
    }
}
