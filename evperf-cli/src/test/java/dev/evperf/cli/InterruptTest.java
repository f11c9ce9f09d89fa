package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGINT or SIGTERM to {@code evperf run} or {@code evperf sustain} (the controller, not a trial):
 * no further trial starts, the running trial is ended and recorded as interrupted (not as "ended
 * by SIGKILL"), the rest as not run, the finish time is written, one line is printed, the exit
 * code is 130 or 143, and no JVM is left running.
 */
class InterruptTest {
    /** Three trials on the null engine: a short one, then two that would run 60 s each. */
    private static final String WORKLOAD = Cli.nullEngine(
                    "interrupt",
                    "0",
                    """
              phases:
                - {name: measure, constant: {rate: 1000, duration: 1s}}
            """)
            + """
            matrix:
              load.phases.measure.constant.duration: [1s, 60s, 60s]
            measure: {jfr: false}
            """;

    @TempDir
    Path tmp;

    @Test
    void sigtermDuringTheSecondTrialRecordsItInterruptedAndTheRestNotRun() throws Exception {
        signalDuringTheSecondTrial("TERM", 143);
    }

    @Test
    void sigintDuringTheSecondTrialRecordsItInterruptedAndTheRestNotRun() throws Exception {
        signalDuringTheSecondTrial("INT", 130);
    }

    private void signalDuringTheSecondTrial(String signal, int exitCode) throws Exception {
        Path run = tmp.resolve("run");
        CliProcess cli = CliProcess.start(
                tmp.resolve("cli"), "run", Cli.write(tmp, "w.yaml", WORKLOAD).toString(), "--out", run.toString());
        ProcessHandle trial = awaitTrialJvm(run.resolve("trials/t002"), cli);
        cli.signal(signal);
        int exit = cli.waitFor(120);
        String err = cli.err();

        assertThat(exit).as(err).isEqualTo(exitCode);
        List<String> lines = err.strip().lines().toList();
        assertThat(lines.get(lines.size() - 1))
                .as(err)
                .isEqualTo("evperf: interrupted by SIG" + signal
                        + ": 1 trial ok, t002 interrupted, 1 not run; results in " + run);
        assertThat(lines.get(lines.size() - 2))
                .as("one line after the trial's start line")
                .startsWith("[2/3] t002");
        assertThat(err).as("no trial after the signal is announced").doesNotContain("t003");
        assertThat(err).doesNotContain("internal error").doesNotContain("\tat ");

        JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertThat(runJson.path("finished").asText()).isNotEmpty();
        assertThat(runJson.path("interrupted").asText()).isEqualTo("SIG" + signal);
        JsonNode trials = runJson.get("trials");
        assertThat(trials.get(0).get("status").asText()).isEqualTo("ok");
        assertThat(trials.get(1).get("status").asText()).isEqualTo("interrupted");
        assertThat(trials.get(1).get("reason").asText()).isEqualTo("interrupted (SIG" + signal + ")");
        assertThat(trials.get(1).get("exit_code").asInt())
                .as("asked to stop with SIGTERM, not killed")
                .isEqualTo(143);
        assertThat(trials.get(2).get("status").asText()).isEqualTo("not run");
        // The trial JVM, asked to stop, recorded that itself.
        JsonNode result = new ObjectMapper()
                .readTree(run.resolve("trials/t002/result.json").toFile());
        assertThat(result.get("status").asText()).isEqualTo("interrupted");
        assertThat(Files.exists(run.resolve("trials/t003"))).isFalse();
        assertNothingLeft(trial, run);
        // The interrupted run reads as what happened, not as damage and not as failures.
        Cli summary = Cli.run("summary", run.toString());
        assertThat(summary.exit).as(summary.toString()).isZero();
        assertThat(summary.out)
                .contains("3 trials, 1 ok, 0 failed, 1 interrupted, 1 not run")
                .contains("INTERRUPTED: interrupted (SIG" + signal + ")")
                .contains("NOT RUN: the run was interrupted");
    }

    @Test
    void sigtermToSustainRecordsTheProbeInterruptedAndTheSearchSoFar() throws Exception {
        Path run = tmp.resolve("sustain");
        Path w = Cli.write(
                tmp,
                "s.yaml",
                Cli.nullEngine(
                                "sustain",
                                "0",
                                """
                  phases:
                    - {name: measure, constant: {rate: 1000, duration: 1s}}
                """)
                        + "measure: {jfr: false}\n");
        CliProcess cli = CliProcess.start(
                tmp.resolve("cli"),
                "sustain",
                w.toString(),
                "--out",
                run.toString(),
                "--start",
                "1000",
                "--warmup",
                "1s",
                "--duration",
                "60s");
        ProcessHandle trial = awaitTrialJvm(run.resolve("trials/t001"), cli);
        cli.signal("TERM");
        int exit = cli.waitFor(120);
        String err = cli.err();
        assertThat(exit).as(err).isEqualTo(143);
        assertThat(err.strip().lines().reduce((a, b) -> b).orElseThrow())
                .as(err)
                .isEqualTo(
                        "evperf: interrupted by SIGTERM: 0 trials ok, t001 interrupted, 0 not run; results in " + run);
        JsonNode runJson = new ObjectMapper().readTree(run.resolve("run.json").toFile());
        assertThat(runJson.path("finished").asText()).isNotEmpty();
        assertThat(runJson.at("/trials/0/status").asText()).isEqualTo("interrupted");
        assertThat(runJson.at("/sustain/interrupted").asText()).isEqualTo("SIGTERM");
        assertThat(runJson.at("/sustain/probes").asInt()).isZero();
        assertNothingLeft(trial, run);
    }

    private static void assertNothingLeft(ProcessHandle trial, Path run) throws Exception {
        trial.onExit().get(30, TimeUnit.SECONDS);
        assertThat(trial.isAlive()).as("the trial JVM " + trial.pid()).isFalse();
        assertThat(CliProcess.runningFor(run))
                .as("processes of the run still alive")
                .isEmpty();
    }

    /** The trial JVM of that trial directory, by the pid it wrote into its env.json, once it is sending. */
    static ProcessHandle awaitTrialJvm(Path trialDir, CliProcess cli) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (System.nanoTime() < deadline) {
            assertThat(cli.process.isAlive())
                    .as("evperf ended before the signal: %s", cli.err())
                    .isTrue();
            Path stdout = trialDir.resolve("stdout.txt");
            // the live line: the trial is past preparation and sending
            if (Files.exists(stdout) && Files.readString(stdout).contains("evperf-live ")) {
                long pid = new ObjectMapper()
                        .readTree(trialDir.resolve("env.json").toFile())
                        .get("pid")
                        .asLong();
                Optional<ProcessHandle> p = ProcessHandle.of(pid);
                assertThat(p).as("trial JVM %d", pid).isPresent();
                return p.get();
            }
            Thread.sleep(50);
        }
        throw new AssertionError("trial " + trialDir + " did not start sending within 120 s: " + cli.err());
    }
}
