package dev.evperf.monitor.sensors;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * CPU time of other processes of the run (a broker, a JobManager, TaskManagers: the components),
 * from {@code /proc/<pid>/stat} (utime + stime, every thread of the JVM, and of the process's
 * children: a database's backends), as Nexmark measures it,
 * because an engine's own CPU figures (Flink's CPU load) are not accurate. A process that is gone
 * reads as NaN.
 */
public final class ProcessCpu {
    private ProcessCpu() {}

    /** CPU seconds the process has used so far, or NaN when it no longer runs. */
    public static double seconds(long pid) {
        double[] f = stat(pid);
        return f == null ? Double.NaN : f[0];
    }

    /**
     * CPU seconds of the process and its descendants: its own, those of the children it has reaped
     * (cutime + cstime), and those of the children still running, recursively. A database server
     * does its work in a backend process per connection, which its own figure leaves out. A child
     * reaped inside an interval counts whole, its CPU before the interval too: an upper bound for
     * short-lived children, exact for the long-lived connection a trial uses.
     */
    public static double treeSeconds(long pid) {
        double[] f = stat(pid);
        if (f == null) return Double.NaN;
        double total = f[0] + f[1];
        for (long child : children(pid)) {
            double c = treeSeconds(child);
            if (!Double.isNaN(c)) total += c;
        }
        return total;
    }

    /** {own utime + stime, reaped children's cutime + cstime} in seconds, or null when gone. */
    private static double[] stat(long pid) {
        try {
            String[] f = fields(pid);
            return new double[] {
                (Double.parseDouble(f[14 - 3]) + Double.parseDouble(f[15 - 3])) / ProcSensors.TICKS_PER_S,
                (Double.parseDouble(f[16 - 3]) + Double.parseDouble(f[17 - 3])) / ProcSensors.TICKS_PER_S
            };
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** The fields of /proc/<pid>/stat after the command name, so that field n (1-based) is at n − 3. */
    private static String[] fields(long pid) throws IOException {
        String s = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        return s.substring(s.lastIndexOf(')') + 2).trim().split("\\s+");
    }

    /**
     * Processes whose parent is pid: the kernel's list per thread ({@code /proc/<pid>/task/<tid>/children}),
     * read for every thread because the thread that forked holds the child.
     */
    private static List<Long> children(long pid) {
        List<Long> out = new ArrayList<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                try {
                    for (String c :
                            Files.readString(task.resolve("children")).trim().split("\\s+")) {
                        if (!c.isEmpty()) out.add(Long.parseLong(c));
                    }
                } catch (IOException | RuntimeException gone) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException | RuntimeException e) {
            return out;
        }
        return out;
    }

    /** A sensor per process: its CPU time since the last sample in % of one CPU ({@code sensor://procfs/component/cpu_percent#<name>}). */
    static Sensor percent(String name, long pid) {
        return new Sensor() {
            private double last = Double.NaN;
            private long lastNanos;

            public String uri() {
                return Sensor.uri("procfs", "component", "cpu_percent", name);
            }

            public double sample() {
                double now = treeSeconds(pid);
                long t = System.nanoTime();
                double u = Double.isNaN(last) || Double.isNaN(now)
                        ? Double.NaN
                        : 100.0 * (now - last) / ((t - lastNanos) / 1e9);
                last = now;
                lastNanos = t;
                return u;
            }
        };
    }

    /** CPU seconds of this JVM and of each named process between {@link #start} and {@link Interval#end}. */
    public static final class Interval {
        private final Map<String, Long> pids;
        private final Map<String, Double> before = new LinkedHashMap<>();
        private final long startNanos = System.nanoTime();

        private Interval(Map<String, Long> pids) {
            this.pids = pids;
            before.put("trial", seconds(ProcessHandle.current().pid()));
            pids.forEach((name, pid) -> before.put(name, treeSeconds(pid)));
        }

        /**
         * @param events events sent in the interval
         * @return result.json's {@code cpu}: seconds per process, their sum, the interval's length, the
         *         cores busy on average, and events per CPU-second (throughput per core)
         */
        public Map<String, Object> end(long events) {
            double wall = (System.nanoTime() - startNanos) / 1e9;
            Map<String, Object> per = new LinkedHashMap<>();
            double total = 0;
            for (var e : before.entrySet()) {
                boolean trial = e.getKey().equals("trial");
                long pid = trial ? ProcessHandle.current().pid() : pids.get(e.getKey());
                double used = (trial ? seconds(pid) : treeSeconds(pid)) - e.getValue();
                per.put(e.getKey(), Double.isNaN(used) ? null : Math.round(used * 100) / 100.0);
                if (!Double.isNaN(used)) total += used;
            }
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("seconds", per);
            m.put("total_s", Math.round(total * 100) / 100.0);
            m.put("wall_s", Math.round(wall * 1000) / 1000.0);
            m.put("cores_busy", wall > 0 ? Math.round(total / wall * 100) / 100.0 : null);
            m.put("events_per_cpu_s", total > 0 ? Math.round(events / total) : null);
            m.put(
                    "note",
                    "utime + stime from /proc/<pid>/stat at 1/100 s resolution, from the first send to the end of the drain;"
                            + " trial = the driver's JVM (driver, sink, and the engine where it runs in it);"
                            + " a component counts its child processes too (a database's backends)");
            return m;
        }
    }

    public static Interval start(Map<String, Long> pids) {
        return new Interval(pids);
    }
}
