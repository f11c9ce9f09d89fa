package dev.evperf.monitor.sensors;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.ArrayList;
import java.util.List;

/** The JVM's own gauges: heap used and committed, GC count and time per collector, JIT time, threads. */
final class JvmSensors {
    private JvmSensors() {}

    static List<Sensor> all() {
        List<Sensor> out = new ArrayList<>();
        MemoryMXBean mem = ManagementFactory.getMemoryMXBean();
        out.add(ProcSensors.gauge("jvm", "heap", "used_bytes", null, () -> mem.getHeapMemoryUsage()
                .getUsed()));
        out.add(ProcSensors.gauge("jvm", "heap", "committed_bytes", null, () -> mem.getHeapMemoryUsage()
                .getCommitted()));
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            String name = gc.getName().replace(' ', '_');
            out.add(ProcSensors.gauge("jvm", "gc", "count", name, gc::getCollectionCount));
            out.add(ProcSensors.gauge("jvm", "gc", "time_ms", name, gc::getCollectionTime));
        }
        var jit = ManagementFactory.getCompilationMXBean();
        if (jit != null && jit.isCompilationTimeMonitoringSupported()) {
            out.add(ProcSensors.gauge("jvm", "jit", "time_ms", null, jit::getTotalCompilationTime));
        }
        var threads = ManagementFactory.getThreadMXBean();
        out.add(ProcSensors.gauge("jvm", "threads", "count", null, threads::getThreadCount));
        return out;
    }
}
