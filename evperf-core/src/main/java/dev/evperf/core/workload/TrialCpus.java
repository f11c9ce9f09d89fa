package dev.evperf.core.workload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;

/**
 * {@code trial.cpus}: CPU placement (Linux CPU affinity) for the run. The sender threads get CPUs
 * that nothing else of the run uses: every other thread of the trial JVM (the engine's, a Kafka
 * producer's I/O thread, the sink's consumer, GC and JIT) and every component evperf started (the
 * broker, Flink's JVMs) runs on {@code others}. On 2 cores a sender that shares its core with the
 * producer and the broker is descheduled thousands of times a second, and each time its intervals
 * miss their rate; this takes that away without changing what the run does.
 */
public final class TrialCpus {
    /** The sender threads' CPUs (each may run on any of them). */
    public List<Integer> sender = new ArrayList<>();
    /** Every other thread of the trial JVM and of the components evperf started. */
    public List<Integer> others = new ArrayList<>();

    /** The CPUs this process may run on (its {@code Cpus_allowed_list}), as taskset takes them: "0-1". */
    public static String machine() {
        try {
            return allowedList(Path.of("/proc/self/status"));
        } catch (IOException e) {
            return null;
        }
    }

    /** The {@code Cpus_allowed_list} of a /proc/…/status file (a process or one of its threads), e.g. "0-1". */
    public static String allowedList(Path status) throws IOException {
        for (String line : Files.readAllLines(status)) {
            if (line.startsWith("Cpus_allowed_list:"))
                return line.substring(line.indexOf(':') + 1).trim();
        }
        throw new IOException(status + ": no Cpus_allowed_list");
    }

    /** "0-2,5" as CPU ids. */
    public static TreeSet<Integer> parse(String list) {
        TreeSet<Integer> cpus = new TreeSet<>();
        for (String part : list.split(",")) {
            if (part.isBlank()) continue;
            String[] ends = part.trim().split("-");
            int from = Integer.parseInt(ends[0]), to = Integer.parseInt(ends[ends.length - 1]);
            for (int c = from; c <= to; c++) cpus.add(c);
        }
        return cpus;
    }

    /** CPU ids as taskset's list: "0,1". */
    public static String list(List<Integer> cpus) {
        return String.join(",", cpus.stream().map(String::valueOf).toList());
    }

    /**
     * Both sets given, each CPU one this machine lets the run use, none in both.
     *
     * @param machine the CPUs this machine lets the run use ({@link #machine()}); null when unreadable (not Linux)
     */
    static void validate(TrialCpus c, String where, String machine) {
        if (c == null) return;
        if (machine == null) {
            WorkloadValidator.fail(where, "trial.cpus", "CPU placement needs Linux (/proc/self/status unreadable)");
        }
        TreeSet<Integer> have = parse(machine);
        check(c.sender, "trial.cpus.sender", where, have, machine);
        check(c.others, "trial.cpus.others", where, have, machine);
        for (int cpu : c.sender) {
            if (c.others.contains(cpu)) {
                WorkloadValidator.fail(
                        where,
                        "trial.cpus.others",
                        "CPU " + cpu + " is also the sender's; the sender's CPUs must be its own");
            }
        }
    }

    private static void check(List<Integer> cpus, String field, String where, TreeSet<Integer> have, String machine) {
        if (cpus == null || cpus.isEmpty())
            WorkloadValidator.fail(where, field, "expected a list of CPU ids, e.g. [0]");
        for (int i = 0; i < cpus.size(); i++) {
            Integer cpu = cpus.get(i);
            if (cpu == null || !have.contains(cpu)) {
                WorkloadValidator.fail(
                        where,
                        field + "[" + i + "]",
                        "CPU " + cpu + " is not one this machine lets the run use (it has CPUs " + machine + ", "
                                + have.size() + " in all)");
            }
        }
    }
}
