package dev.evperf.monitor.sensors;

import dev.evperf.results.TrialResult;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How often the machine took the core away from the threads that send: each sender thread's
 * involuntary context switches over its timed loop (procfs {@code nonvoluntary_ctxt_switches} of
 * {@code /proc/thread-self/status}: preempted while runnable; a park is voluntary), and the
 * machine's steal time (the {@code cpu} line of {@code /proc/stat}: a VM's vCPUs waiting for the
 * host), in CPU-ms over all CPUs; and each sender thread's time on a CPU and time runnable but
 * waiting for one (the first two fields of {@code /proc/thread-self/schedstat}, ns): on a machine
 * whose cores are all busy, a trial's senders share them with its own other threads and with the
 * machine's other work, so their wall time per event says how much CPU they got, and their time
 * on a CPU per event what the send path costs. A sender calls {@link #begin} before its loop and {@link #end}
 * after, off the loop; the sensor sampler reads the registered threads' counters as the run goes.
 * The senders' time on a CPU is also summed per phase of the schedule ({@link #phaseOnCpu}, from
 * the thread's CPU clock, the same counter as schedstat's first field, read once per chunk): a
 * share of the whole loop's time on a CPU applied to one phase's wall time counts the time the
 * sender was blocked (parked waiting for the supply, stopped for a collection) as time on a CPU.
 * Where procfs is unreadable the figures are null, not 0.
 */
public final class Descheduling {
    private static final Set<Path> THREADS = ConcurrentHashMap.newKeySet();
    private static final ThreadLocal<Long> START = new ThreadLocal<>();
    private static final AtomicLong SWITCHES = new AtomicLong();
    private static final ThreadLocal<long[]> SCHED_START = new ThreadLocal<>();
    private static final AtomicLong ON_CPU_NS = new AtomicLong();
    private static final AtomicLong RUNQUEUE_WAIT_NS = new AtomicLong();
    private static final ConcurrentHashMap<Integer, AtomicLong> PHASE_ON_CPU_NS = new ConcurrentHashMap<>();
    private static final ThreadMXBean CPU = ManagementFactory.getThreadMXBean();
    private static volatile boolean schedUnreadable;
    private static volatile boolean unreadable;
    /** /proc/stat's unit (USER_HZ), in ms. */
    private static final double MS_PER_TICK = 1000 / ProcSensors.TICKS_PER_S;

    private Descheduling() {}

    /** Forgets the threads and counts (one trial per JVM; tests run several loops). */
    public static void reset() {
        THREADS.clear();
        SWITCHES.set(0);
        unreadable = false;
        ON_CPU_NS.set(0);
        RUNQUEUE_WAIT_NS.set(0);
        PHASE_ON_CPU_NS.clear();
        schedUnreadable = false;
    }

    /** The calling thread's time on a CPU so far, ns (its CPU clock; no allocation), or -1 where the JVM has none. */
    public static long threadCpuNs() {
        return CPU.isCurrentThreadCpuTimeSupported() ? CPU.getCurrentThreadCpuTime() : -1;
    }

    /** Adds a sender's time on a CPU while it sent (part of) a chunk of phase {@code phase} (0-based). */
    public static void phaseOnCpu(int phase, long ns) {
        PHASE_ON_CPU_NS.computeIfAbsent(phase, k -> new AtomicLong()).addAndGet(ns);
    }

    /** The senders' time on a CPU in phase {@code phase} (0-based) so far, ns, or -1 when no chunk of it was timed. */
    public static long onCpuNs(int phase) {
        AtomicLong ns = PHASE_ON_CPU_NS.get(phase);
        return ns == null ? -1 : ns.get();
    }

    /** The senders' time on a CPU per phase, ms (index: phase; null for a phase no chunk was timed in); null when none. */
    static List<Double> onCpuMsByPhase() {
        if (PHASE_ON_CPU_NS.isEmpty()) return null;
        int phases = PHASE_ON_CPU_NS.keySet().stream()
                        .mapToInt(Integer::intValue)
                        .max()
                        .orElse(-1)
                + 1;
        List<Double> ms = new ArrayList<>();
        for (int p = 0; p < phases; p++) {
            AtomicLong ns = PHASE_ON_CPU_NS.get(p);
            ms.add(ns == null ? null : ns.get() / 1e6);
        }
        return ms;
    }

    /** The calling thread is about to send: registers it and reads its counter. */
    public static void begin() {
        Path self = selfTask();
        if (self != null) THREADS.add(self);
        long c = nonvoluntary(Path.of("/proc/thread-self/status"));
        START.set(c);
        if (c < 0) unreadable = true;
        long[] sched = schedstat();
        SCHED_START.set(sched);
        if (sched == null) schedUnreadable = true;
    }

    /** The calling thread has sent its last event: adds its involuntary switches since {@link #begin}. */
    public static void end() {
        long[] sched = schedstat(), schedStart = SCHED_START.get();
        if (sched == null || schedStart == null) {
            schedUnreadable = true;
        } else {
            ON_CPU_NS.addAndGet(sched[0] - schedStart[0]);
            RUNQUEUE_WAIT_NS.addAndGet(sched[1] - schedStart[1]);
        }
        Long start = START.get();
        long c = nonvoluntary(Path.of("/proc/thread-self/status"));
        if (start == null || start < 0 || c < 0) {
            unreadable = true;
            return;
        }
        SWITCHES.addAndGet(c - start);
    }

    /** The registered sender threads' involuntary switches so far, summed (the sensor); NaN before any registered. */
    static double liveSwitches() {
        if (THREADS.isEmpty()) return Double.NaN;
        long sum = 0;
        for (Path t : THREADS) {
            long c = nonvoluntary(t.resolve("status"));
            if (c >= 0) sum += c; // a thread that ended keeps no task directory: its part is in end()
        }
        return sum;
    }

    /** The machine's steal time so far, CPU-ms over all CPUs; NaN where /proc/stat has no steal column. */
    public static double stealMs() {
        try {
            for (String line : ProcSensors.cpuLines()) {
                if (!line.startsWith("cpu ")) continue;
                String[] f = line.trim().split("\\s+");
                return f.length > 8 ? Long.parseLong(f[8]) * MS_PER_TICK : Double.NaN;
            }
        } catch (RuntimeException e) {
            // unreadable: NaN below
        }
        return Double.NaN;
    }

    /** What result.json says, with the driver's stalls (see {@code Stalls}) and the steal over the loop. */
    public static TrialResult.Disturbance summary(TrialResult.Stalls stalls, double stealAtStart) {
        double steal = stealMs() - stealAtStart;
        return new TrialResult.Disturbance(
                stalls,
                unreadable ? null : SWITCHES.get(),
                Double.isNaN(steal) ? null : steal,
                schedUnreadable ? null : ON_CPU_NS.get() / 1e6,
                schedUnreadable ? null : RUNQUEUE_WAIT_NS.get() / 1e6,
                onCpuMsByPhase(),
                "stalls: the driver's clock jumped > 1 ms while it waited for a due time; involuntary switches: the"
                        + " sender threads were preempted while runnable (procfs); steal: CPU time the host gave to others"
                        + " (all CPUs); senders on CPU / runqueue wait: the sender threads' time running and time runnable"
                        + " but waiting for a CPU over their loops (procfs schedstat); senders on CPU by phase: their time"
                        + " running per phase of the schedule (thread CPU clock, read once per chunk of events; a chunk"
                        + " that spans two phases is shared between them by its rows)");
    }

    /** /proc/self/task/TID of the calling thread, from the /proc/thread-self link; null where there is none. */
    private static Path selfTask() {
        try {
            Path link = Files.readSymbolicLink(Path.of("/proc/thread-self")); // "PID/task/TID"
            return Path.of("/proc").resolve(link);
        } catch (IOException | UnsupportedOperationException e) {
            return null;
        }
    }

    /**
     * The calling thread's time on a CPU and time waiting on a runqueue so far, in ns (the first two
     * fields of /proc/thread-self/schedstat), or null when unreadable.
     */
    public static long[] schedstat() {
        try {
            String[] f = Files.readString(Path.of("/proc/thread-self/schedstat"))
                    .trim()
                    .split("\\s+");
            return new long[] {Long.parseLong(f[0]), Long.parseLong(f[1])};
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** nonvoluntary_ctxt_switches of a procfs status file, or -1 when unreadable. */
    static long nonvoluntary(Path status) {
        try {
            for (String line : Files.readAllLines(status)) {
                if (line.startsWith("nonvoluntary_ctxt_switches:")) {
                    return Long.parseLong(line.substring(line.indexOf(':') + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // below
        }
        return -1;
    }
}
