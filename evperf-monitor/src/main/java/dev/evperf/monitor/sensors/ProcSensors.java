package dev.evperf.monitor.sensors;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleSupplier;

/**
 * Sensors of the Linux procfs and cpufreq: CPU utilisation per CPU and of this process, context
 * switches, minor and major page faults, resident set size, and the current frequency per CPU
 * (only where the machine exposes cpufreq; VMs often do not).
 */
final class ProcSensors {
    /** USER_HZ: the unit of /proc times on every Linux that matters (CONFIG_HZ aside). */
    static final double TICKS_PER_S = 100;

    private static final long PAGE = 4096;

    private ProcSensors() {}

    static List<Sensor> all() {
        List<Sensor> out = new ArrayList<>();
        List<String> cpus = cpuLines();
        for (String line : cpus) {
            String cpu = line.substring(0, line.indexOf(' '));
            out.add(new CpuUtilisation(cpu));
        }
        out.add(new ProcessCpu());
        out.add(gauge("procfs", "process", "ctx_switches", "voluntary", () -> status("voluntary_ctxt_switches")));
        out.add(gauge("procfs", "process", "ctx_switches", "nonvoluntary", () -> status("nonvoluntary_ctxt_switches")));
        // The sender threads' involuntary switches and the machine's steal time, both cumulative:
        // a rise between two samples marks the interval as disturbed (see Descheduling).
        out.add(gauge("procfs", "driver", "ctx_switches", "nonvoluntary", Descheduling::liveSwitches));
        out.add(gauge("procfs", "cpu", "steal_ms", "all", Descheduling::stealMs));
        out.add(gauge("procfs", "process", "page_faults", "minor", () -> statField(10)));
        out.add(gauge("procfs", "process", "page_faults", "major", () -> statField(12)));
        out.add(gauge("procfs", "process", "rss_bytes", null, () -> {
            String[] f = read("/proc/self/statm").trim().split("\\s+");
            return f.length > 1 ? Double.parseDouble(f[1]) * PAGE : Double.NaN;
        }));
        List<String> cpuNames = new ArrayList<>();
        for (String line : cpus) cpuNames.add(line.substring(0, line.indexOf(' ')));
        out.addAll(cpufreq(Path.of(SYS_CPU), cpuNames));
        return out;
    }

    static final String SYS_CPU = "/sys/devices/system/cpu";

    /**
     * The current frequency of each listed CPU ("cpu" itself, the sum line, is skipped) whose
     * {@code <sysCpu>/<cpu>/cpufreq/scaling_cur_freq} is readable, in kHz as the kernel gives it;
     * none on machines without cpufreq (most VMs), which {@link SensorSampler} notes in its summary.
     */
    static List<Sensor> cpufreq(Path sysCpu, List<String> cpus) {
        List<Sensor> out = new ArrayList<>();
        for (String cpu : cpus) {
            if (cpu.equals("cpu")) continue;
            Path f = sysCpu.resolve(cpu).resolve("cpufreq/scaling_cur_freq");
            if (Files.isReadable(f)) {
                out.add(gauge(
                        "cpufreq",
                        "cpu",
                        "frequency_khz",
                        cpu,
                        () -> Double.parseDouble(read(f.toString()).trim())));
            }
        }
        return out;
    }

    static Sensor gauge(String source, String group, String name, String instance, DoubleSupplier read) {
        String uri = Sensor.uri(source, group, name, instance);
        return new Sensor() {
            public String uri() {
                return uri;
            }

            public double sample() {
                try {
                    return read.getAsDouble();
                } catch (RuntimeException e) {
                    return Double.NaN;
                }
            }
        };
    }

    /** Busy share of a CPU ("cpu" is all of them) since the last sample, in %. */
    static final class CpuUtilisation implements Sensor {
        private final String cpu;
        private long lastBusy = -1, lastTotal = -1;

        CpuUtilisation(String cpu) {
            this.cpu = cpu;
        }

        public String uri() {
            return Sensor.uri("procfs", "cpu", "utilization_percent", cpu.equals("cpu") ? "all" : cpu);
        }

        public double sample() {
            for (String line : cpuLines()) {
                if (!line.startsWith(cpu + " ")) continue;
                String[] f = line.trim().split("\\s+");
                long total = 0, idle = Long.parseLong(f[4]) + Long.parseLong(f[5]);
                for (int i = 1; i < Math.min(f.length, 9); i++) total += Long.parseLong(f[i]);
                long busy = total - idle;
                double u = lastTotal < 0 || total == lastTotal
                        ? Double.NaN
                        : 100.0 * (busy - lastBusy) / (total - lastTotal);
                lastBusy = busy;
                lastTotal = total;
                return u;
            }
            return Double.NaN;
        }
    }

    /** This process's CPU time since the last sample, in % of one CPU. */
    static final class ProcessCpu implements Sensor {
        private double lastTicks = -1;
        private long lastNanos;

        public String uri() {
            return Sensor.uri("procfs", "process", "cpu_percent", null);
        }

        public double sample() {
            double ticks = statField(14) + statField(15);
            long now = System.nanoTime();
            double u =
                    lastTicks < 0 ? Double.NaN : 100.0 * (ticks - lastTicks) / TICKS_PER_S / ((now - lastNanos) / 1e9);
            lastTicks = ticks;
            lastNanos = now;
            return u;
        }
    }

    static List<String> cpuLines() {
        List<String> out = new ArrayList<>();
        for (String line : read("/proc/stat").split("\n")) {
            if (line.startsWith("cpu")) out.add(line);
        }
        return out;
    }

    /** Field n (1-based, as in proc(5)) of /proc/self/stat; the command name may hold spaces. */
    static double statField(int n) {
        String s = read("/proc/self/stat");
        String[] f = s.substring(s.lastIndexOf(')') + 2).trim().split("\\s+");
        return Double.parseDouble(f[n - 3]);
    }

    static double status(String key) {
        for (String line : read("/proc/self/status").split("\n")) {
            if (line.startsWith(key + ":"))
                return Double.parseDouble(line.substring(key.length() + 1).trim());
        }
        return Double.NaN;
    }

    static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException e) {
            throw new IllegalStateException("cannot read " + path, e);
        }
    }
}
