package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to {@code evperf suite} while the engine behind Kafka is checked (Flink plans and submits
 * the query in a JVM of its own, after the broker and the MiniCluster started): the controller
 * ends the check, records the run as interrupted with its trial not run, prints one line, exits
 * 143, and leaves none of the processes it started running. Before the fix the check ran to its
 * end (about a minute on a busy machine) before the signal was heard. And SIGINT during one of the
 * suite's sustain searches.
 */
class SuiteInterruptTest {
    /** A liveness bound, not a speed: the controller polls the check every 100 ms, then stops two JVMs. */
    private static final long EXIT_BOUND_S = 30;

    @TempDir
    Path tmp;

    @Test
    void sigtermDuringTheFlinkEngineCheckEndsTheRunAtOnce() throws Exception {
        Path run = tmp.resolve("run");
        CliProcess cli = CliProcess.start(
                tmp.resolve("cli"),
                "suite",
                "nexmark",
                "--quick",
                "--engines",
                "flink",
                "--queries",
                "q1",
                "--out",
                run.toString());
        ProcessHandle check = awaitEngineCheck(run, cli);
        List<ProcessHandle> started = cli.process.descendants().toList();
        assertThat(started)
                .as("the broker, the MiniCluster and the check's JVM")
                .hasSizeGreaterThanOrEqualTo(3);

        long t0 = System.nanoTime();
        cli.signal("TERM");
        int exit = cli.waitFor(EXIT_BOUND_S);
        double seconds = (System.nanoTime() - t0) / 1e9;
        String err = cli.err();
        System.out.printf("suite SIGTERM during the engine check: exit %d after %.1f s%n", exit, seconds);

        assertThat(exit).as("exit within %d s; %s", EXIT_BOUND_S, err).isEqualTo(143);
        List<String> lines = err.strip().lines().toList();
        assertThat(lines.get(lines.size() - 1))
                .as(err)
                .isEqualTo("evperf: interrupted by SIGTERM: 0 trials ok, 1 not run; results in " + run);
        assertThat(lines.get(lines.size() - 2)).as("one line after the check's").contains("checking the engine");
        assertThat(err).doesNotContain("[1/1]").doesNotContain("internal error").doesNotContain("\tat ");

        JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertThat(runJson.path("interrupted").asText()).isEqualTo("SIGTERM");
        assertThat(runJson.path("finished").asText()).isNotEmpty();
        assertThat(runJson.at("/trials/0/status").asText()).isEqualTo("not run");

        assertThat(check.isAlive()).as("the check's JVM %d", check.pid()).isFalse();
        for (ProcessHandle p : started) {
            assertThat(p.isAlive())
                    .as("process %d started by the run: %s", p.pid(), CliProcess.cmdline(p))
                    .isFalse();
        }
        assertThat(CliProcess.runningFor(run))
                .as("processes of the run still alive")
                .isEmpty();
    }

    /**
     * SIGINT during one of a suite's sustain searches: the search (a nested {@code evperf sustain}) records its
     * probe as interrupted and ends with 130, and the suite stops there instead of starting the next search.
     */
    @Test
    void sigintDuringASuiteSustainSearchStopsTheSuite() throws Exception {
        Path run = tmp.resolve("suite");
        CliProcess cli = CliProcess.start(
                tmp.resolve("cli"),
                "suite",
                "micro",
                "--quick",
                "--tests",
                "selection",
                "--engines",
                "null",
                "--sustain",
                "--out",
                run.toString());
        // The first probe's trial JVM, once it has written its pid (quick probes end before a live line).
        ProcessHandle trial = null;
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (trial == null && System.nanoTime() < deadline) {
            assertThat(cli.process.isAlive())
                    .as("the suite ended before its first search: %s", cli.err())
                    .isTrue();
            Path env = run.resolve("sustain/selection-1-null/trials/t001/env.json");
            if (Files.exists(env)) {
                long pid = 0;
                try {
                    pid = new ObjectMapper().readTree(env.toFile()).path("pid").asLong(0);
                } catch (java.io.IOException halfWritten) {
                    // read it again
                }
                if (pid > 0)
                    trial = ProcessHandle.of(pid).filter(ProcessHandle::isAlive).orElse(null);
            }
            Thread.sleep(20);
        }
        assertThat(trial)
                .as("the first search's first probe running: %s", cli.err())
                .isNotNull();
        cli.signal("INT");
        int exit = cli.waitFor(120);
        String err = cli.err();
        assertThat(exit).as(err).isEqualTo(130);
        assertThat(err.split("evperf: suite: best sustained throughput of", -1))
                .as("no search after the interrupted one: %s", err)
                .hasSize(2);
        assertThat(err.strip().lines().reduce((a, b) -> b).orElseThrow())
                .as(err)
                .startsWith("evperf: interrupted by SIGINT during the sustain search of ")
                .endsWith("; the suite stopped there, results in " + run);
        assertThat(err).doesNotContain("internal error").doesNotContain("\tat ");
        trial.onExit().get(30, TimeUnit.SECONDS);
        assertThat(CliProcess.runningFor(run))
                .as("processes of the run still alive")
                .isEmpty();
    }

    /** The check's JVM, once it runs (its command line names its input file under the results directory). */
    private static ProcessHandle awaitEngineCheck(Path run, CliProcess cli) throws Exception {
        String input =
                run.resolve("components/engine-check.json").toAbsolutePath().toString();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(300);
        while (System.nanoTime() < deadline) {
            assertThat(cli.process.isAlive())
                    .as("evperf ended before the signal: %s", cli.err())
                    .isTrue();
            var found = cli.process
                    .descendants()
                    .filter(p -> CliProcess.cmdline(p).contains(input))
                    .findFirst();
            if (found.isPresent() && Files.exists(Path.of(input))) return found.get();
            Thread.sleep(100);
        }
        cli.waitFor(0);
        throw new AssertionError("no engine check within 300 s: " + cli.err());
    }
}
