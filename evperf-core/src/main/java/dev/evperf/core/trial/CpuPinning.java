package dev.evperf.core.trial;

import dev.evperf.core.results.Json;
import dev.evperf.core.workload.TrialCpus;
import dev.evperf.results.TrialResult;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

/**
 * Applies {@code trial.cpus} with Linux's own means: {@code taskset -a -p} moves every thread of
 * the trial JVM and of each component (with its child processes) to the others' CPUs (threads
 * started later inherit their creator's set), then each sender moves itself to the sender's CPUs
 * by its thread id ({@code /proc/thread-self}). What was applied is read back from procfs
 * ({@code Cpus_allowed_list}), not taken from what was asked. All of it happens before the
 * schedule starts, never in the loop. Components outlive the trial: they stay where the last trial
 * with {@code trial.cpus} put them.
 *
 * <p>A thread started by a sender after it moved inherits the sender's CPUs (a pool's worker made
 * lazily by a send: seen as one trial-JVM thread on the sender's CPU, at load ~5 only). A keeper
 * thread, on the others' CPUs, therefore looks at the trial JVM's threads every
 * {@value #KEEP_MS} ms while the senders run and moves any that is not a sender off the senders'
 * CPUs; each one moved is recorded with its name ({@code moved_off_sender_cpus}), so a placement
 * that did not hold for part of the run says so.
 */
final class CpuPinning {
    private final TrialCpus cpus;
    private final Map<String, Long> componentPids;
    /** This JVM's CPUs before it was pinned: the machine's, as the controller validated against. */
    private final String machine = TrialCpus.machine();
    /** Sender thread name → its tid and the CPUs it got, read back right after it pinned itself. */
    private final Map<String, Map<String, Object>> senders = new ConcurrentHashMap<>();
    /** The senders' tids, each known before it moves (so that the keeper never moves a sender back). */
    private final Set<Long> senderTids = ConcurrentHashMap.newKeySet();
    /** Threads the keeper moved off the senders' CPUs: "name (tid)" → the CPUs they had. */
    private final Map<String, String> moved = new ConcurrentHashMap<>();

    static final long KEEP_MS = 100;
    private volatile Thread keeper;

    /** @return null when the workload asks for no placement */
    static CpuPinning of(TrialCpus cpus, Map<String, Long> componentPids) {
        return cpus == null ? null : new CpuPinning(cpus, componentPids);
    }

    private CpuPinning(TrialCpus cpus, Map<String, Long> componentPids) {
        this.cpus = cpus;
        this.componentPids = componentPids;
    }

    /** Every thread of this JVM and of each component onto the others' CPUs (the senders move after). */
    void pinRest() {
        String others = TrialCpus.list(cpus.others);
        taskset(others, ProcessHandle.current().pid(), true);
        // With each component's child processes already running (PostgreSQL's backends of the trial's connections).
        componentPids.values().forEach(pid -> processTree(pid).forEach(p -> taskset(others, p, true)));
        // Started here, by a thread on the others' CPUs, before any sender moves: it stays on them.
        Thread k = new Thread(this::keep, "evperf-cpu-placement");
        k.setDaemon(true);
        keeper = k;
        k.start();
    }

    /** The keeper's loop: until {@link #applied} stops it, strays off the senders' CPUs every KEEP_MS. */
    private void keep() {
        TreeSet<Integer> others = new TreeSet<>(cpus.others);
        String list = TrialCpus.list(cpus.others);
        Path tasks = Path.of("/proc/self/task");
        while (keeper == Thread.currentThread()) {
            try (DirectoryStream<Path> all = Files.newDirectoryStream(tasks)) {
                for (Path task : all) {
                    long tid = Long.parseLong(task.getFileName().toString());
                    if (senderTids.contains(tid)) continue;
                    try {
                        String had = TrialCpus.allowedList(task.resolve("status"));
                        if (TrialCpus.parse(had).equals(others)) continue;
                        String name = Files.readString(task.resolve("comm")).strip();
                        taskset(list, tid, false);
                        moved.put(name + " (" + tid + ")", had);
                    } catch (IOException | TrialFailure gone) {
                        // the thread ended between the listing and the read or the move
                    }
                }
                Thread.sleep(KEEP_MS);
            } catch (IOException e) {
                return; // no procfs: nothing to keep (pinRest would have failed first)
            } catch (InterruptedException e) {
                return;
            }
        }
    }

    /** The calling thread (a sender) onto the sender's CPUs; called on it before the schedule starts. */
    void pinSender() {
        String name = Thread.currentThread().getName();
        try {
            // /proc/thread-self -> <pid>/task/<tid>: the kernel's id of this Java thread.
            long tid = Long.parseLong(Files.readSymbolicLink(Path.of("/proc/thread-self"))
                    .getFileName()
                    .toString());
            senderTids.add(tid);
            taskset(TrialCpus.list(cpus.sender), tid, false);
            Map<String, Object> got = new LinkedHashMap<>();
            got.put("tid", tid);
            got.put("cpus", TrialCpus.allowedList(Path.of("/proc/thread-self/status")));
            senders.put(name, got);
        } catch (IOException e) {
            throw new TrialFailure("trial.cpus: cannot find or read sender thread " + name + ": " + e.getMessage());
        }
    }

    /**
     * result.json's {@code cpu_placement}: what was asked, what the machine has, and what each
     * thread got: the senders one by one, the trial JVM's other threads and each component's as
     * thread counts per CPU list (read at the call, after the run, so threads started late count).
     */
    Map<String, Object> applied() {
        Thread k = keeper;
        keeper = null;
        if (k != null) {
            k.interrupt();
            try {
                k.join(5_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("asked", Map.of("sender", cpus.sender, "others", cpus.others));
        r.put("machine_cpus", machine);
        r.put("senders", new TreeMap<>(senders));
        long self = ProcessHandle.current().pid();
        Map<String, Integer> trial = threadsByCpus(self);
        // The senders' own threads are still alive when there is one sender (the trial's thread): leave them out.
        for (var s : senders.values()) {
            String key = (String) s.get("cpus");
            if (Files.exists(Path.of("/proc/" + self + "/task/" + s.get("tid")))) trial.merge(key, -1, Integer::sum);
        }
        trial.values().removeIf(n -> n <= 0);
        r.put("trial_jvm_threads", trial);
        Map<String, Object> comps = new LinkedHashMap<>();
        componentPids.forEach((name, pid) -> {
            Map<String, Integer> by = new TreeMap<>();
            processTree(pid).forEach(p -> threadsByCpus(p).forEach((cpus, n) -> by.merge(cpus, n, Integer::sum)));
            comps.put(name, by);
        });
        r.put("components_threads", comps);
        r.put("moved_off_sender_cpus", new TreeMap<>(moved));
        return r;
    }

    /** Into result.json, and one line on the trial's stdout. */
    void record(TrialResult.Draft result) {
        Map<String, Object> applied = applied();
        result.cpuPlacement = Json.MAPPER.valueToTree(applied);
        System.out.println(describe(applied));
    }

    /** Where the senders and the rest ended up. */
    static String describe(Map<String, Object> applied) {
        return "cpu placement: senders " + applied.get("senders") + "; trial JVM's other threads by CPUs "
                + applied.get("trial_jvm_threads") + "; components " + applied.get("components_threads")
                + " (machine CPUs " + applied.get("machine_cpus") + ")"
                + (applied.get("moved_off_sender_cpus") instanceof Map<?, ?> m && !m.isEmpty()
                        ? "; moved off the senders' CPUs during the run: " + m
                        : "");
    }

    /** A process and its descendants. */
    private static List<Long> processTree(long pid) {
        List<Long> tree = new ArrayList<>(List.of(pid));
        ProcessHandle.of(pid).ifPresent(h -> h.descendants().forEach(d -> tree.add(d.pid())));
        return tree;
    }

    /** Thread count per Cpus_allowed_list over a process's threads. */
    private static Map<String, Integer> threadsByCpus(long pid) {
        Map<String, Integer> by = new TreeMap<>();
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc/" + pid + "/task"))) {
            for (Path task : tasks) {
                try {
                    by.merge(TrialCpus.allowedList(task.resolve("status")), 1, Integer::sum);
                } catch (IOException gone) {
                    // the thread ended between the listing and the read
                }
            }
        } catch (IOException e) {
            by.put("unreadable: " + e.getMessage(), 0);
        }
        return by;
    }

    private static void taskset(String cpuList, long id, boolean allThreads) {
        try {
            Process p = new ProcessBuilder(
                            allThreads
                                    ? new String[] {"taskset", "-a", "-p", "-c", cpuList, Long.toString(id)}
                                    : new String[] {"taskset", "-p", "-c", cpuList, Long.toString(id)})
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.PIPE)
                    .start();
            // Read first: with -a it prints two lines per thread, more than a pipe holds for a JVM of many threads.
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            if (!p.waitFor(30, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new TrialFailure("trial.cpus: taskset on " + id + " did not end in 30 s");
            }
            if (p.exitValue() != 0) {
                throw new TrialFailure("trial.cpus: taskset -c " + cpuList + " on " + id + " failed: "
                        + out.lines().reduce((a, b) -> b).orElse("exit " + p.exitValue()));
            }
        } catch (IOException e) {
            throw new TrialFailure("trial.cpus: cannot run taskset (util-linux): " + e.getMessage());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new TrialFailure("trial.cpus: interrupted while pinning threads");
        }
    }
}
