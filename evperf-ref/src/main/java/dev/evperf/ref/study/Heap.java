package dev.evperf.ref.study;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;

/** What the JVM says about its heap and collectors: the studies' memory figures are these, not estimates. */
public final class Heap {
    private Heap() {
    }

    /**
     * Heap in use after full collections, repeated until two readings agree within 64 KB (a
     * collection can leave garbage that the next one takes). With the parallel collector (the
     * studies' default, as in the seed's JVMs) {@code System.gc()} is a full, compacting
     * collection and "used" is then the live objects' bytes.
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

    /** Collections so far, all collectors. */
    public static long gcCount() {
        long n = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) n += Math.max(0, gc.getCollectionCount());
        return n;
    }

    /** Milliseconds spent collecting so far, all collectors. */
    public static long gcMillis() {
        long t = 0;
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) t += Math.max(0, gc.getCollectionTime());
        return t;
    }

    /** CPU time of this process so far, in ns (all threads), or -1. */
    public static long processCpuNanos() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof com.sun.management.OperatingSystemMXBean sun ? sun.getProcessCpuTime() : -1;
    }
}
