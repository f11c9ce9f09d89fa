package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A trial whose JVM is stopped for a moment (SIGSTOP, then SIGCONT: the machine taking the core
 * away, made certain) is marked disturbed: the driver's wait sees the jump as a stall, the
 * summary says how long, and the interval it fell in is marked.
 */
class DisturbedTest {
    static final long STOP_MS = 150;

    @TempDir
    Path tmp;

    @Test
    void aTrialStoppedForAMomentIsDisturbedByThatMuchAtThatTime() throws Exception {
        // 2 s at 500 ev/s: the driver waits (parks, then spins) between almost all sends
        String w = Cli.nullEngine("stopped", "0us", "  phases:\n    - {name: m, constant: {rate: 500, count: 1000}}");
        Path run = tmp.resolve("run");
        CompletableFuture<Cli> done = CompletableFuture.supplyAsync(() -> {
            try {
                return Cli.run(
                        "run", Cli.write(tmp, "s.yaml", w).toString(), "--out", run.toString(), "--format", "json");
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        // The trial's JVM samples its sensors from just before its loop: once sensors.csv has rows, it is sending.
        Path sensors = run.resolve("trials/t001/sensors.csv");
        long deadline = System.nanoTime() + 60_000_000_000L;
        while ((!Files.exists(sensors) || Files.size(sensors) < 2000) && System.nanoTime() < deadline && !done.isDone())
            Thread.sleep(20);
        // ProcessHandle.Info shortens long command lines: procfs has all of it
        Optional<ProcessHandle> trial = ProcessHandle.current()
                .descendants()
                .filter(p -> CliProcess.cmdline(p).contains("TrialMain"))
                .findFirst();
        assertThat(trial).as("the trial JVM; run done: " + done.isDone()).isPresent();
        Thread.sleep(300);
        signal("STOP", trial.get().pid());
        Thread.sleep(STOP_MS);
        signal("CONT", trial.get().pid());

        Cli cli = done.get();
        assertThat(cli.exit).as(cli.out + cli.err).isZero();
        JsonNode t = new ObjectMapper().readTree(cli.out).get("trials").get(0);
        JsonNode d = t.get("disturbance");
        assertThat(d.get("disturbed").asBoolean()).isTrue();
        assertThat(d.get("stalls").asLong()).isGreaterThanOrEqualTo(1);
        // the stop is one stall of about its length (a busy machine may add to it, never take from it)
        assertThat(d.get("max_stall_ms").asDouble()).isGreaterThan(STOP_MS * 0.8);
        JsonNode worst = d.get("worst").get(0);
        assertThat(worst.get("stall_ms").asDouble())
                .as("the worst interval holds the stop")
                .isGreaterThan(STOP_MS * 0.3);
        assertThat(ErrorsEndToEndTest.kinds(t)).contains("disturbed");
        Cli text = Cli.run("summary", run.toString());
        assertThat(text.out)
                .contains("; 1 disturbed", "! disturbed (trial): the machine took the core away from the driver");
    }

    static void signal(String name, long pid) throws Exception {
        assertThat(new ProcessBuilder("kill", "-" + name, Long.toString(pid))
                        .inheritIO()
                        .start()
                        .waitFor())
                .isZero();
    }
}
