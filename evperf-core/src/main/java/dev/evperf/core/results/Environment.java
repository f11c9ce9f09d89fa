package dev.evperf.core.results;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;

/**
 * What a trial ran on: JDK, JVM flags, CPU, memory, kernel, frequency scaling and TSC flags,
 * evperf's version and commit. Whatever the machine does not expose is recorded as
 * "unreadable", never guessed (cpufreq is often missing inside VMs).
 */
public final class Environment {
    static final String UNREADABLE = "unreadable";

    private Environment() {}

    public static Map<String, Object> capture() {
        Map<String, Object> env = new LinkedHashMap<>();
        // this JVM's pid (the trial's, in a trial's env.json): to find it in perf, top or a kernel trace
        env.put("pid", ProcessHandle.current().pid());
        env.put("jdk_vendor", System.getProperty("java.vendor"));
        env.put("jdk_version", System.getProperty("java.runtime.version"));
        env.put("jvm_name", System.getProperty("java.vm.name"));
        env.put("jvm_flags", ManagementFactory.getRuntimeMXBean().getInputArguments());
        env.put("max_heap_bytes", Runtime.getRuntime().maxMemory());
        env.put("available_processors", Runtime.getRuntime().availableProcessors());
        String cpuinfo = read("/proc/cpuinfo");
        env.put("cpu_model", cpuField(cpuinfo, "model name"));
        env.put("cpu_flags_tsc", tscFlags(cpuinfo));
        env.put("memory_total", firstLine(read("/proc/meminfo")));
        env.put("kernel", firstLine(read("/proc/version")));
        env.put("kernel_cmdline", firstLine(read("/proc/cmdline")));
        env.put("clocksource", firstLine(read("/sys/devices/system/clocksource/clocksource0/current_clocksource")));
        env.put("cpu_governor", firstLine(read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor")));
        env.put("scaling_driver", firstLine(read("/sys/devices/system/cpu/cpu0/cpufreq/scaling_driver")));
        env.put("cpu_freq_khz", frequencies());
        env.put(
                "os",
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                        + System.getProperty("os.arch"));
        env.put("evperf_version", version());
        env.put("evperf_commit", commit());
        return env;
    }

    private static Object frequencies() {
        Map<String, String> out = new TreeMap<>();
        try (var dirs = Files.list(Path.of("/sys/devices/system/cpu"))) {
            dirs.filter(p -> p.getFileName().toString().matches("cpu\\d+")).forEach(p -> {
                String f = firstLine(read(p.resolve("cpufreq/scaling_cur_freq").toString()));
                out.put(p.getFileName().toString(), f);
            });
        } catch (IOException e) {
            return UNREADABLE;
        }
        return out.values().stream().allMatch(UNREADABLE::equals) ? UNREADABLE : out;
    }

    private static List<String> tscFlags(String cpuinfo) {
        List<String> flags = new ArrayList<>();
        String line = cpuField(cpuinfo, "flags");
        for (String f : List.of("tsc", "constant_tsc", "nonstop_tsc", "tsc_reliable", "rdtscp")) {
            if ((" " + line + " ").contains(" " + f + " ")) flags.add(f);
        }
        return flags;
    }

    private static String cpuField(String cpuinfo, String key) {
        for (String line : cpuinfo.split("\n")) {
            if (line.startsWith(key)) {
                int c = line.indexOf(':');
                return c < 0 ? "" : line.substring(c + 1).trim();
            }
        }
        return UNREADABLE;
    }

    static String read(String path) {
        try {
            return Files.readString(Path.of(path));
        } catch (IOException | RuntimeException e) {
            return UNREADABLE;
        }
    }

    private static String firstLine(String s) {
        int nl = s.indexOf('\n');
        return (nl < 0 ? s : s.substring(0, nl)).trim().replaceAll("\\s+", " ");
    }

    public static String version() {
        String v = Environment.class.getPackage().getImplementationVersion();
        return v != null ? v : "dev";
    }

    /** The git commit of the checkout evperf runs from (dirty when it has uncommitted changes). */
    public static String commit() {
        try {
            Path here = Path.of(Environment.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
            Process p = new ProcessBuilder("git", "describe", "--always", "--dirty", "--abbrev=12")
                    .directory((Files.isDirectory(here) ? here : here.getParent()).toFile())
                    .redirectErrorStream(true)
                    .start();
            String out = new String(p.getInputStream().readAllBytes()).trim();
            if (p.waitFor(5, TimeUnit.SECONDS) && p.exitValue() == 0 && !out.isEmpty()) return out;
        } catch (Exception e) {
            // not a checkout, or no git: say so below
        }
        return "unknown";
    }
}
