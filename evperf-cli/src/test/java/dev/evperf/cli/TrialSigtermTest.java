package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.monitor.channel.ChannelFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM to a whole trial mid-run loses no record: a Siddhi query logs every event it selects on
 * the channel "passed" ({@code evperf:log} inside the query path, so the record is logged on the
 * sending thread before send returns). The test reads the trial's live line, which counts the
 * events whose send had returned when it was printed, sends SIGTERM to the trial JVM, and then
 * finds in the channel file every one of those events, with no gap and the file's end written by
 * the channels' shutdown hook. The run itself goes on: the trial is recorded as failed, ended by
 * SIGTERM, and the next trial still runs.
 */
class TrialSigtermTest {
    private static final Pattern SENT = Pattern.compile("^evperf-live t=\\S+ sent=(\\d+) ");

    @TempDir
    Path tmp;

    @Test
    void sigtermToARunningTrialFlushesEveryRecordLoggedBeforeIt() throws Exception {
        String w =
                """
                name: sigterm
                streams:
                  S:
                    fields: {id: long, v: long}
                    sequence: id
                data:
                  S: {pool: 100, fields: {v: {uniform: [1, 1000]}}}
                engine:
                  name: siddhi
                  queries: |
                    from S select evperf:log('passed', id, v) as id, v insert into Out;
                  outputs:
                    Out: {sequence: id}
                load:
                  phases:
                    - {name: measure, constant: {rate: 20000, duration: 60s}}
                measure: {records: false, jfr: false, hlog_interval: 100ms}
                repetitions: 2
                trial: {timeout: 5m}
                channels:
                  passed: {handler: buffered, compression: zstd, block_records: 1024}
                """;
        Path run = tmp.resolve("run");
        Path workload = Cli.write(tmp, "w.yaml", w);
        CompletableFuture<Cli> cli =
                CompletableFuture.supplyAsync(() -> Cli.run("run", workload.toString(), "--out", run.toString()));
        Path t1 = run.resolve("trials/t001");

        ProcessHandle trial = awaitTrialJvm(t1, cli);
        long sentBeforeSignal = awaitSent(t1.resolve("stdout.txt"), 20_000, cli); // ≥ 1 s into the run
        // The live line is printed after those sends returned; the signal goes after we read it.
        trial.destroy(); // SIGTERM
        assertThat(trial.onExit().get(60, TimeUnit.SECONDS).isAlive()).isFalse();

        // The second trial runs to its timeout otherwise: end it the same way once it is up.
        ProcessHandle second = awaitTrialJvm(run.resolve("trials/t002"), cli);
        awaitSent(run.resolve("trials/t002/stdout.txt"), 1, cli);
        second.destroy();
        Cli done = cli.get(120, TimeUnit.SECONDS);

        long[] next = {0};
        ChannelFile.Summary s = ChannelFile.scan(t1.resolve("passed.bin.zst"), (t, id, v) -> {
            if (id != next[0]) throw new AssertionError("record " + next[0] + " has id " + id);
            if (v < 1 || v > 1000) throw new AssertionError("record " + id + " has value " + v);
            next[0]++;
        });
        assertThat(s.complete())
                .as("the channels' shutdown hook wrote the file's end")
                .isTrue();
        assertThat(next[0]).isEqualTo(s.records());
        assertThat(s.records())
                .as("records in the file vs events sent before SIGTERM")
                .isGreaterThanOrEqualTo(sentBeforeSignal);
        System.out.printf(
                "trial SIGTERM: %d events sent before the signal; the channel file holds ids 0..%d%n",
                sentBeforeSignal, s.records() - 1);

        JsonNode trials =
                new ObjectMapper().readTree(run.resolve("run.json").toFile()).get("trials");
        assertThat(trials).hasSize(2);
        for (JsonNode t : trials) {
            assertThat(t.get("status").asText()).isEqualTo("failed");
            assertThat(t.get("reason").asText()).as(done.toString()).contains("was ended by SIGTERM (exit code 143)");
        }
    }

    /** The trial JVM of that trial directory, by the pid it wrote into its env.json at start. */
    private static ProcessHandle awaitTrialJvm(Path trialDir, CompletableFuture<Cli> cli) throws Exception {
        Path env = trialDir.resolve("env.json");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            assertThat(cli.isDone())
                    .as("evperf run ended before its trial was signalled: %s", cli.isDone() ? cli.get() : "")
                    .isFalse();
            if (Files.exists(env)) {
                try {
                    long pid =
                            new ObjectMapper().readTree(env.toFile()).get("pid").asLong();
                    Optional<ProcessHandle> p = ProcessHandle.of(pid);
                    assertThat(p).as("trial JVM %d", pid).isPresent();
                    return p.get();
                } catch (com.fasterxml.jackson.core.JsonProcessingException beingWritten) {
                    // read again
                }
            }
            Thread.sleep(50);
        }
        throw new AssertionError("no env.json in " + trialDir + " within 60 s");
    }

    /** Waits for a whole live line reporting at least {@code atLeast} events sent; returns its count. */
    private static long awaitSent(Path stdout, long atLeast, CompletableFuture<Cli> cli) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            assertThat(cli.isDone())
                    .as("evperf run ended early: %s", cli.isDone() ? cli.get() : "")
                    .isFalse();
            if (Files.exists(stdout)) {
                String text = Files.readString(stdout, StandardCharsets.UTF_8);
                // only whole lines: the trial may be writing the last one
                List<String> lines = text.lines().toList();
                int whole = text.endsWith("\n") ? lines.size() : lines.size() - 1;
                for (int i = whole - 1; i >= 0; i--) {
                    Matcher m = SENT.matcher(lines.get(i));
                    if (m.find()) {
                        long sent = Long.parseLong(m.group(1));
                        if (sent >= atLeast) return sent;
                        break;
                    }
                }
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the trial did not report " + atLeast + " events sent within 60 s");
    }
}
