package dev.evperf.cli;

import static dev.evperf.cli.KafkaEnginesRunTest.JSON;
import static dev.evperf.cli.KafkaEnginesRunTest.workload;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.core.component.BrokerExtension;
import dev.evperf.core.component.FlinkExtension;
import dev.evperf.core.engine.ClassArchive;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evperf run} on Flink, end to end: a broker and a MiniCluster shared by the module's test classes (existing
 * clusters to the workloads), and one run that starts a standalone cluster of its own. The job
 * classes are evperf-flink's test jobs, given to the run as {@code engine.classpath}.
 */
class FlinkRunTest {
    @RegisterExtension
    static final BrokerExtension BROKER = new BrokerExtension();

    @RegisterExtension
    static final FlinkExtension FLINK = new FlinkExtension();

    static final String TEST_JOBS = Path.of("../evperf-flink/target/test-classes")
            .toAbsolutePath()
            .normalize()
            .toString();

    @TempDir
    Path tmp;

    String existing() {
        return "broker: {bootstrap_servers: \"" + BROKER.bootstrap() + "\"}\nflink: {rest: \"" + FLINK.rest() + "\"}";
    }

    /** The windowed aggregate on Flink SQL: every window's count equals a count of the input's append times. */
    @Test
    void flinkSqlWindowedCountsMatchACountFromTheInput() throws Exception {
        String q =
                """
                CREATE VIEW OutputStream AS
                SELECT symbol, window_start, COUNT(*) AS n
                FROM TABLE(TUMBLE(TABLE StockStream, DESCRIPTOR(rowtime), INTERVAL '0.1' SECOND))
                GROUP BY symbol, window_start, window_end""";
        Path w = Cli.write(
                tmp,
                "w.yaml",
                workload(
                                "flink",
                                existing(),
                                q,
                                "{OutputStream: {sequence: none, values: true}}",
                                // checkpoints every second: their statistics go into the series and result.json
                                "{flink: {table.local-time-zone: UTC, execution.checkpointing.interval: 1s}}",
                                // 12 s: Flink's per-second rates (MeterView) are recomputed every 5 s, so a shorter
                                // trial can
                                // end before the first recomputation that sees its records, and every sample reads 0
                                "- {name: m, constant: {rate: 1000, duration: 12s}}")
                        // a bound, not a speed: a cold trial JVM plans the SQL for over a minute on a busy machine
                        .replace("timeout: 2m", "timeout: 5m"));
        Path out = tmp.resolve("run");
        Cli r = Cli.run("run", w.toString(), "--out", out.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        Path t = out.resolve("trials/t001");
        JsonNode result = JSON.readTree(t.resolve("result.json").toFile());
        assertThat(result.get("engine").asText()).isEqualTo("flink");
        assertThat(result.get("engine_version").asText()).startsWith("Flink 1.20");
        KafkaEnginesRunTest.assertWindowCounts(
                t,
                "SELECT symbol || '@' || window_start AS k, n FROM read_csv('" + t.resolve("values-OutputStream.csv")
                        + "', header = true)");
        // Flink's per-vertex REST metrics and the sources' pending records, sampled into the series
        assertThat(Cli.one("SELECT count(*) FROM read_csv('" + t.resolve("sensors.csv") + "', header = true)"
                        + " WHERE sensor LIKE 'sensor://engine/flink/records_in_per_s#%' AND value > 0"))
                .as("records in per s")
                .isPositive();
        assertThat(Cli.one("SELECT count(*) FROM read_csv('" + t.resolve("sensors.csv") + "', header = true)"
                        + " WHERE sensor = 'sensor://engine/kafka/consumer_lag'"))
                .as("consumer lag samples")
                .isPositive();
        // Flink's checkpoint statistics (REST /jobs/<id>/checkpoints): sampled, and Flink's summary in result.json
        JsonNode checkpoints = result.at("/engine_figures/flink_checkpoints");
        long completed = checkpoints.at("/counts/completed").asLong();
        assertThat(completed).as(checkpoints.toString()).isPositive();
        assertThat(checkpoints.at("/end_to_end_duration_ms/max").asDouble())
                .isGreaterThanOrEqualTo(
                        checkpoints.at("/end_to_end_duration_ms/min").asDouble())
                .isGreaterThanOrEqualTo(0);
        assertThat(checkpoints.at("/checkpointed_size_bytes/max").isNumber())
                .as(checkpoints.toString())
                .isTrue();
        assertThat(Cli.one("SELECT max(value) FROM read_csv('" + t.resolve("sensors.csv") + "', header = true)"
                        + " WHERE sensor = 'sensor://engine/flink/checkpoints_completed'"))
                .as("checkpoints completed, sampled during the trial; result.json's count is taken after the drain")
                .isPositive()
                .isLessThanOrEqualTo(completed);
        assertThat(Cli.one("SELECT count(*) FROM read_csv('" + t.resolve("sensors.csv") + "', header = true)"
                        + " WHERE sensor = 'sensor://engine/flink/checkpoint_duration_ms' AND value >= 0"))
                .as("latest checkpoint durations sampled")
                .isPositive();
        // The report charts them (page opened in headless Chromium, every chart drawn)
        assertThat(KafkaEnginesRunTest.reportPage(out, out.resolve("report.html"), tmp.resolve("chromium")))
                .contains("Engine: latest checkpoint's duration")
                .contains("flink/checkpoint_duration_ms")
                .contains("Engine: latest checkpoint's size")
                .contains("flink/checkpoint_size_bytes")
                .contains("Engine: checkpoints so far")
                .contains("flink/checkpoints_completed");
        assertClassArchiveUsed(out, t);
    }

    /**
     * The engine check made the class archive of the trial's class path, or found one that loads, and the trial JVM
     * was started with it: its options as the JVM got them (the trial's env.json) name the archive.
     */
    static void assertClassArchiveUsed(Path run, Path trial) throws Exception {
        JsonNode env = JSON.readTree(trial.resolve("env.json").toFile());
        JsonNode check = JSON.readTree(run.resolve("run.json").toFile()).at("/engine_checks/0");
        JsonNode archive = check.path("class_archive");
        assertThat(archive.path("state").asText()).as(check.toString()).isIn("created", "mapped");
        assertThat(env.path("jvm_flags").toString())
                .as(env.toString())
                .contains("-XX:SharedArchiveFile=" + archive.path("file").asText());
    }

    @Test
    void aFlinkSqlErrorIsBadInputWithItsPositionInTheUsersQuery() throws Exception {
        String q =
                "CREATE VIEW Cheap AS SELECT id FROM StockStream WHERE price < 10;\nCREATE VIEW OutputStream AS\n  SELECT id, prize FROM StockStream";
        Path w = Cli.write(
                tmp,
                "w.yaml",
                workload(
                        "flink",
                        existing(),
                        q,
                        "{OutputStream: {sequence: id}}",
                        "{}",
                        "- {name: m, max: {count: 10}}"));
        Cli r = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(r.exit).as(r.toString()).isEqualTo(2);
        String line = r.err.strip().lines().reduce((a, b) -> b).orElse("");
        assertThat(line)
                .as(r.toString())
                .startsWith("evperf: " + w + ": flink: ")
                .contains("line 3, column 14")
                .contains("prize");
        assertThat(r.err).doesNotContain("\tat ");
        // a check that failed while it wrote the class archive leaves none of its file in the cache
        Path cache = ClassArchive.dir();
        if (cache != null && Files.isDirectory(cache)) {
            try (var left = Files.list(cache)) {
                assertThat(left.map(Path::toString)
                                .filter(f -> f.endsWith(".tmp")
                                        && f.contains(".jsa."
                                                + ProcessHandle.current().pid() + ".")))
                        .isEmpty();
            }
        }
    }

    @Test
    void aJobThatFailsAtSubmissionIsBadInputInOneLine() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                workload(
                                "flink",
                                existing(),
                                "",
                                "{OutputStream: {sequence: id}}",
                                "{job: dev.evperf.flink.FailingAtStartJob}",
                                "- {name: m, max: {count: 10}}")
                        .replace("  options:", "  classpath: [\"" + TEST_JOBS + "\"]\n  options:"));
        Cli r = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(r.exit).as(r.toString()).isEqualTo(2);
        String line = r.err.strip().lines().reduce((a, b) -> b).orElse("");
        assertThat(line)
                .as(r.toString())
                .startsWith("evperf: " + w + ": flink: the job failed at submission: ")
                .contains("this job refuses to start");
        assertThat(tmp.resolve("run/run.json")).doesNotExist();
    }

    /** A job failing mid-trial fails that trial with Flink's cause; the run goes on with the next trial (which fails the same way). */
    @Test
    void aJobFailingMidTrialFailsThatTrialAndTheRunGoesOn() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                workload(
                                "flink",
                                existing(),
                                "",
                                "{OutputStream: {sequence: id}}",
                                "{job: dev.evperf.flink.FailingJob}",
                                "- {name: m, constant: {rate: 200, duration: 1s}}")
                        .replace("  options:", "  classpath: [\"" + TEST_JOBS + "\"]\n  options:")
                        .replace("name: flink-test", "name: flink-test\nrepetitions: 2")
                        // a bound, not a speed: trial 2 plans and deploys on a cluster started again, at load ~40
                        // it took over 2 min
                        .replace("timeout: 2m", "timeout: 5m"));
        Path out = tmp.resolve("run");
        Cli r = Cli.run("run", w.toString(), "--out", out.toString());
        assertThat(r.exit).as(r.toString()).isEqualTo(1);
        JsonNode trials = JSON.readTree(out.resolve("run.json").toFile()).get("trials");
        for (JsonNode t : trials) {
            assertThat(t.get("status").asText()).isEqualTo("failed");
            assertThat(t.get("reason").asText())
                    .as(t.toString())
                    .startsWith("flink: the job failed: ")
                    .contains("event 3 is refused");
        }
        assertThat(trials).hasSize(2);
    }

    /**
     * A TaskManager of a standalone cluster the run started, killed while trial 1's JVM runs: that
     * trial fails naming it, the cluster is started again for trial 2, and nothing is left running.
     * The kill comes as soon as the trial's JVM runs, before it has planned and deployed its job
     * (most of a Flink trial's start): the controller watches the components the same way all
     * through the trial, sending or not, and its reason says the component died during the trial.
     */
    @Test
    void aTaskManagerKilledMidTrialFailsThatTrialOnlyAndNothingIsLeftRunning() throws Exception {
        String components = "broker: {bootstrap_servers: \"" + BROKER.bootstrap()
                + "\"}\nflink: {mode: standalone, taskmanagers: 1, slots: 1}";
        Path w = Cli.write(
                tmp,
                "w.yaml",
                workload(
                                "flink",
                                components,
                                "CREATE VIEW OutputStream AS SELECT id, symbol FROM StockStream",
                                "{OutputStream: {sequence: id}}",
                                "{}",
                                "- {name: m, constant: {rate: 500, duration: 4s}}")
                        .replace("name: flink-test", "name: flink-test\nrepetitions: 2")
                        // a bound, not a speed: trial 2 plans and deploys on a cluster started again, at load ~40
                        // it took over 2 min
                        .replace("timeout: 2m", "timeout: 5m"));
        Path out = tmp.resolve("run");
        var running = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> Cli.run("run", w.toString(), "--out", out.toString()));
        long deadline = System.nanoTime() + 600_000_000_000L; // a bound for "nothing hangs"
        long pid = awaitTrialJvmAndTaskManager(out.resolve("trials/t001"), out.resolve("run.json"));
        new ProcessBuilder("kill", "-9", Long.toString(pid)).start().waitFor();
        Cli r = running.get();
        assertThat(System.nanoTime()).isLessThan(deadline);
        assertThat(r.exit).as(r.toString()).isEqualTo(1);
        JsonNode run = JSON.readTree(out.resolve("run.json").toFile());
        JsonNode t1 = run.get("trials").get(0), t2 = run.get("trials").get(1);
        assertThat(t1.get("reason").asText())
                .as(t1.toString())
                .startsWith("component flink-taskmanager-1 (pid " + pid + ") was ended by SIGKILL")
                .contains("during the trial");
        assertThat(t2.get("status").asText()).as(t2.toString()).isEqualTo("ok");
        KafkaEnginesRunTest.assertNothingLeft(run);
    }

    /**
     * Waits until the trial's JVM runs (a process names its directory) and run.json lists the run's
     * TaskManager. @return the TaskManager's pid
     */
    private static long awaitTrialJvmAndTaskManager(Path trial, Path runJson) throws Exception {
        long deadline = System.nanoTime() + java.time.Duration.ofMinutes(3).toNanos();
        while (System.nanoTime() < deadline) {
            if (!CliProcess.runningFor(trial).isEmpty() && Files.exists(runJson)) {
                for (JsonNode c : JSON.readTree(runJson.toFile()).path("components"))
                    for (JsonNode j : c.path("jvms"))
                        if (j.path("name").asText().equals("flink-taskmanager-1"))
                            return j.get("pid").asLong();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("trial " + trial + " never started with flink-taskmanager-1 in run.json");
    }
}
