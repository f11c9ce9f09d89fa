package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seeded random mutations of every example workload (examples/*.yaml), and random bytes: each
 * must end with exit code 0, 1 or 2 within its time limit, print no stack trace, and leave
 * nothing running. Bad input must be one line (exit 2); "internal error" is a bug.
 *
 * <p>The bulk runs in this JVM through the CLI's entry point with {@code --dry-run} (everything
 * is validated: queries compiled, data read, JVM options tried; nothing runs); a small sample of
 * mutations that validate runs end to end, as its own process with forked trials, shrunk so that
 * it takes seconds. Sizes: {@code -Devperf.fuzz.mutations=N} (default 2000 per CI run, spread over
 * the examples), {@code -Devperf.fuzz.noise=N} (default 200), {@code -Devperf.fuzz.e2e=N}
 * (default 3), {@code -Devperf.fuzz.seed=S}; {@code scripts/fuzz-workloads} runs 10 000. The
 * totals are printed and written to target/fuzz-totals.txt, every outcome to target/fuzz-log.txt
 * with {@code -Devperf.fuzz.log=true}, and each failing input is kept in target/fuzz-failures/.
 */
class WorkloadFuzzTest {
    private static final long LIMIT_S = 120;
    private static final Path EXAMPLES =
            Path.of("..", "examples").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    /** One input's outcome (a class: the annotation processor on the class path rejects records). */
    static final class Outcome {
        final String name;
        final int exit;
        final String err;
        final String out;
        final double seconds;

        Outcome(String name, int exit, String err, String out, double seconds) {
            this.name = name;
            this.exit = exit;
            this.err = err;
            this.out = out;
            this.seconds = seconds;
        }
    }

    private final List<String> failures = new ArrayList<>();
    private final int[] exits = new int[3];
    private int stackTraces;
    /** Every outcome, one line each, when -Devperf.fuzz.log=true (written to target/fuzz-log.txt). */
    private final StringBuilder log = Boolean.getBoolean("evperf.fuzz.log") ? new StringBuilder() : null;

    private double slowest;
    private String slowestName = "";

    @Test
    void mutatedAndRandomWorkloadsEndCleanly() throws Exception {
        int mutations = Integer.getInteger("evperf.fuzz.mutations", 2000);
        int noise = Integer.getInteger("evperf.fuzz.noise", 200);
        int e2e = Integer.getInteger("evperf.fuzz.e2e", 3);
        long seed = Long.getLong("evperf.fuzz.seed", 20240610L);
        // What this JVM runs already (the broker and Flink cluster other classes share, BrokerExtension) is not
        // the fuzz's: only processes started during it must be gone at its end.
        Set<Long> before =
                ProcessHandle.current().children().map(ProcessHandle::pid).collect(Collectors.toSet());
        List<Path> examples;
        try (Stream<Path> s = Files.list(EXAMPLES)) {
            examples = s.filter(p -> p.toString().endsWith(".yaml")).sorted().toList();
        }
        assertThat(examples).as("examples in " + EXAMPLES).isNotEmpty();
        // The mutated files sit where the examples do, so their relative data paths (data/stocks.txt) resolve.
        Path work = Files.createDirectories(tmp.resolve("w"));
        ReportTest.copyTree(EXAMPLES.resolve("data"), work.resolve("data"));

        deleteTree(Path.of("target", "fuzz-failures"));
        long threadsBefore = nonDaemonThreads();
        long start = System.nanoTime();
        List<Path> validated = new ArrayList<>();
        ExecutorService worker = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "fuzz-cli");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int i = 0; i < mutations; i++) {
                Path example = examples.get(i % examples.size());
                long s = seed * 1_000_003L + i;
                byte[] text = WorkloadMutator.mutate(Files.readString(example), s);
                Path f = work.resolve(example.getFileName().toString().replace(".yaml", "") + "-" + i + ".yaml");
                Files.write(f, text);
                Outcome o = dryRun(worker, f);
                if (check(o, f) && o.exit == 0 && isSmall(example)) validated.add(f);
                else Files.deleteIfExists(f);
            }
            for (int i = 0; i < noise; i++) {
                Path f = work.resolve("noise-" + i + ".yaml");
                Files.write(f, WorkloadMutator.noise(seed * 7 + i));
                Outcome o = dryRun(worker, f);
                check(o, f);
                if (o.exit != 2) failures.add(f.getFileName() + ": random bytes accepted (exit " + o.exit + ")");
                Files.deleteIfExists(f);
            }
        } finally {
            worker.shutdownNow();
        }
        double bulk = (System.nanoTime() - start) / 1e9;
        // Validation compiles queries in this JVM: the engines it opened must not leave threads behind.
        long threadsLeft = nonDaemonThreads() - threadsBefore;

        // End to end: a seeded sample of the mutations that validated, shrunk to seconds, in a process of its own.
        SplittableRandom pick = new SplittableRandom(seed);
        List<String> endToEnd = new ArrayList<>();
        int ran = 0;
        for (int i = 0; i < e2e && !validated.isEmpty(); i++) {
            Path f = validated.remove(pick.nextInt(validated.size()));
            Files.writeString(f, FuzzRun.shrink(Files.readString(f)));
            Outcome o = FuzzRun.endToEnd(f, tmp.resolve("run-" + i), LIMIT_S);
            check(o, f);
            endToEnd.add(String.format(
                    Locale.ROOT,
                    "  %s: exit %d in %.1f s: %s",
                    o.name,
                    o.exit,
                    o.seconds,
                    o.exit == 0
                            ? "ok"
                            : firstLines(
                                    o.err.lines()
                                            .filter(l -> !l.startsWith("["))
                                            .reduce((a, b) -> b)
                                            .orElse(""),
                                    1)));
            ran++;
        }
        double total = (System.nanoTime() - start) / 1e9;

        String totals = String.format(
                Locale.ROOT,
                "workload fuzz (seed %d): %d mutations of %d examples and %d random inputs in %.1f s"
                        + " (dry run); %d end to end; %.1f s in all; exit 0: %d, 1: %d, 2: %d; stack traces: %d; failures: %d;"
                        + " slowest %.2f s (%s); threads left by validation: %d",
                seed,
                mutations,
                examples.size(),
                noise,
                bulk,
                ran,
                total,
                exits[0],
                exits[1],
                exits[2],
                stackTraces,
                failures.size(),
                slowest,
                slowestName,
                threadsLeft);
        System.out.println(totals);
        Files.createDirectories(Path.of("target"));
        Files.writeString(
                Path.of("target", "fuzz-totals.txt"),
                totals + "\nend to end:\n" + String.join("\n", endToEnd) + "\n"
                        + (failures.isEmpty() ? "" : "failures:\n" + String.join("\n", failures) + "\n"));
        if (log != null) Files.writeString(Path.of("target", "fuzz-log.txt"), log);
        assertThat(failures).as(totals).isEmpty();
        assertThat(ProcessHandle.current()
                        .children()
                        .filter(ProcessHandle::isAlive)
                        .filter(p -> !before.contains(p.pid()))
                        .toList())
                .as("processes left running")
                .isEmpty();
        assertThat(threadsLeft)
                .as("non-daemon threads left running by validation")
                .isLessThanOrEqualTo(0);
    }

    private Outcome dryRun(ExecutorService worker, Path f) throws Exception {
        long t0 = System.nanoTime();
        Future<Cli> run = worker.submit(() -> Cli.run("run", f.toString(), "--dry-run"));
        try {
            Cli c = run.get(LIMIT_S, TimeUnit.SECONDS);
            return new Outcome(f.getFileName().toString(), c.exit, c.err, c.out, (System.nanoTime() - t0) / 1e9);
        } catch (TimeoutException e) {
            run.cancel(true);
            throw new AssertionError(
                    f + ": no answer within " + LIMIT_S + " s:\n" + Files.readString(f, StandardCharsets.ISO_8859_1));
        }
    }

    /** @return whether the outcome is clean; otherwise the failure is kept (and the input left in place) */
    private boolean check(Outcome o, Path input) {
        if (log != null)
            log.append(o.name)
                    .append('\t')
                    .append(o.exit)
                    .append('\t')
                    .append(firstLines(o.err, 1))
                    .append('\n');
        if (o.seconds > slowest) {
            slowest = o.seconds;
            slowestName = o.name;
        }
        List<String> wrong = new ArrayList<>();
        if (o.exit < 0 || o.exit > 2) wrong.add("exit " + o.exit);
        else exits[o.exit]++;
        String all = o.err + o.out;
        if (all.contains("\tat ") || all.contains("Caused by:") || all.contains("Exception in thread")) {
            stackTraces++;
            wrong.add("stack trace");
        }
        if (all.contains("internal error")) wrong.add("internal error");
        if (o.err.contains("processes left running")) wrong.add("processes left running");
        if (o.exit == 2 && o.err.strip().lines().count() != 1)
            wrong.add("bad input in " + o.err.strip().lines().count() + " lines");
        if (o.exit == 2 && !o.err.contains(input.getFileName().toString()) && !o.err.contains("data")) {
            wrong.add("the line names neither the workload nor its data file");
        }
        if (o.seconds > LIMIT_S) wrong.add(String.format(Locale.ROOT, "took %.1f s", o.seconds));
        if (wrong.isEmpty()) return true;
        failures.add(o.name + ": " + String.join(", ", wrong) + " -- " + firstLines(o.err, 3));
        try {
            // kept for a rerun: evperf run target/fuzz-failures/<name> --dry-run
            Files.createDirectories(Path.of("target", "fuzz-failures"));
            Files.copy(
                    input,
                    Path.of("target", "fuzz-failures", input.getFileName().toString()),
                    StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            failures.add("cannot keep " + input + ": " + e);
        }
        return false;
    }

    /** Examples whose shrunk mutations run in seconds (no sweep of minutes, no pre-run). */
    private static boolean isSmall(Path example) {
        String n = example.getFileName().toString();
        return n.startsWith("quickstart") || n.startsWith("precision") || n.endsWith("passthrough.yaml");
    }

    private static long nonDaemonThreads() {
        return Thread.getAllStackTraces().keySet().stream()
                .filter(t -> t.isAlive() && !t.isDaemon())
                .count();
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) return;
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }

    private static String firstLines(String s, int n) {
        return String.join(" | ", s.strip().lines().limit(n).toList());
    }
}
