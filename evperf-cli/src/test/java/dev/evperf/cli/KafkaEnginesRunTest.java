package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.core.component.BrokerExtension;
import dev.evperf.core.component.Procs;
import dev.evperf.suites.data.Input;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.run.NeutralQuery;
import dev.evperf.suites.spec.Specs;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evperf run} on the engines behind Kafka (kafka, kafka-streams), end to end on real
 * brokers: one shared by the module's test classes (BrokerExtension; an existing cluster to the workloads), and brokers the runs
 * start themselves. Loads are short; every check is on what the run recorded.
 */
class KafkaEnginesRunTest {
    @RegisterExtension
    static final BrokerExtension BROKER = new BrokerExtension();

    static final ObjectMapper JSON = new ObjectMapper();
    static final Path STOCKS =
            Path.of("../examples/data/stocks.txt").toAbsolutePath().normalize();

    @TempDir
    Path tmp;

    /** A StockStream workload on {@code engine} with the given components, queries (indented 4), outputs and load phases. */
    static String workload(
            String engine, String components, String queries, String outputs, String options, String phases) {
        return """
                name: %s-test
                streams:
                  StockStream:
                    fields: {id: long, symbol: string, price: float, volume: long}
                    sequence: id
                data:
                  StockStream:
                    pool: 1000
                    file: {path: %s, delimiter: " ", header: false}
                components:
                %s
                engine:
                  name: %s
                  queries: |
                %s
                  outputs: %s
                  options: %s
                load:
                  phases:
                %s
                trial:
                  timeout: 2m
                  drain_timeout: 60s
                """
                .formatted(
                        engine,
                        STOCKS,
                        components.indent(2).stripTrailing(),
                        engine,
                        queries.indent(4).stripTrailing(),
                        outputs,
                        options,
                        phases.indent(4).stripTrailing());
    }

    /** The kafka pass-through on a broker the run starts, with the given load phases. */
    static String baselineOnItsOwnBroker(String phases) {
        return workload("kafka", "broker: {start: true}", "", "{StockStream: {sequence: id}}", "{}", phases);
    }

    String existing() {
        return "broker: {bootstrap_servers: \"" + BROKER.bootstrap() + "\"}";
    }

    /** The windowed aggregate on Kafka Streams: the last count of every (symbol, window) equals a count of the input's append times. */
    @Test
    void kafkaStreamsWindowedCountsMatchACountFromTheInput() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                workload(
                        "kafka-streams",
                        existing(),
                        "from StockStream count by symbol every 100ms into OutputStream",
                        "{OutputStream: {sequence: none, values: true}}",
                        "{}",
                        "- {name: m, constant: {rate: 1000, duration: 2s}}"));
        Path out = tmp.resolve("run");
        Cli r = Cli.run("run", w.toString(), "--out", out.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        Path t = out.resolve("trials/t001");
        String actual = "SELECT symbol || '@' || window_start AS k, max(count) AS n FROM read_csv('"
                + t.resolve("values-OutputStream.csv") + "', header = true) GROUP BY 1";
        assertWindowCounts(t, actual);
    }

    /**
     * Issue 15: "for window outputs, latency is measured from the event that closed the window".
     * Nexmark q7 (1 s tumbling windows, 1 ms of event time per event) on Kafka Streams through
     * evperf run: every window row's linked seq is the first bid sent with dateTime ≥ its wend (the
     * suppressed window closes when stream time reaches its end; found here by a scan of the events
     * the trial sent), the last windows' the terminal bid, and no row was received before its
     * closing event's send started.
     */
    @Test
    void kafkaStreamsWindowRowsAreLinkedToTheEventThatClosedTheirWindow() throws Exception {
        String query = "{query: q7, window: 1s, data: {seed: 5, inter_event_delay: 1ms}}";
        Path w = Cli.write(
                tmp,
                "w.yaml",
                """
                name: q7-closing
                components:
                  %s
                engine:
                  name: kafka-streams
                  query: %s
                load:
                  phases:
                    - {name: warmup, measure: false, constant: {rate: 1000, count: 1000}}
                    - {name: run, constant: {rate: 1000, count: 3000}}
                trial: {timeout: 2m, drain_timeout: 60s}
                """
                        .formatted(existing(), query));
        Path out = tmp.resolve("run");
        Cli r = Cli.run("run", w.toString(), "--out", out.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        Path t = out.resolve("trials/t001");
        assertThat(JSON.readTree(t.resolve("result.json").toFile())
                        .get("output_link")
                        .asText())
                .contains("window rows: the event that closed the window");

        // The closing event of each window row, by a scan of the 4 000 events sent (the terminal bid last).
        NexmarkQuery q = Specs.read(query, NexmarkQuery.class, "test");
        Input[] sent = new NeutralQuery.Nexmark(q).events(4000, "kafka-streams");
        int at = NexmarkStreams.BID_SCHEMA.indexOf("dateTime");
        List<Long> expected = new ArrayList<>();
        List<String> lines = Files.readAllLines(t.resolve("values-Out.csv"));
        for (String line : lines.subList(1, lines.size())) {
            long wend = Long.parseLong(line.split(",")[0]);
            int j = 0;
            while ((Long) sent[j].row()[at] < wend) j++;
            expected.add((long) j);
        }
        String o = "read_parquet('" + t.resolve("outputs.parquet") + "')";
        String e = "read_parquet('" + t.resolve("events.parquet") + "')";
        assertThat(expected).as("windows").hasSizeGreaterThanOrEqualTo(3).contains(3999L);
        assertThat(Cli.longs("SELECT seq FROM " + o + " ORDER BY seq"))
                .containsExactlyElementsOf(expected.stream().sorted().toList());
        assertThat(Cli.one("SELECT count(*) FROM " + o + " o JOIN " + e + " e ON o.seq = e.seq"
                        + " WHERE o.received < e.send_start"))
                .as("rows received before their closing event's send start")
                .isZero();
    }

    /** Expected: per (symbol of event k = stocks row k mod 1000, append time floored to 100 ms) the events; equal to {@code actualSql}'s (k, n). */
    static void assertWindowCounts(Path trial, String actualSql) throws Exception {
        String expected = "SELECT s.symbol || '@' || (e.append_in_ms - e.append_in_ms % 100) AS k, count(*) AS n FROM '"
                + trial.resolve("events.parquet")
                + "' e JOIN (SELECT row_number() OVER () - 1 AS r, column0 AS symbol FROM read_csv('" + STOCKS
                + "', delim = ' ', header = false)) s ON e.seq % 1000 = s.r GROUP BY 1";
        assertThat(Cli.one("SELECT count(*) FROM (" + expected + ")"))
                .as("windows")
                .isGreaterThan(10);
        assertThat(Cli.one("SELECT count(*) FROM ((" + expected + ") EXCEPT (" + actualSql + "))"))
                .isZero();
        assertThat(Cli.one("SELECT count(*) FROM ((" + actualSql + ") EXCEPT (" + expected + "))"))
                .isZero();
    }

    /**
     * {@code sustain} on Kafka Streams with Theodolite's criterion: a topology that consumes at most
     * ~500 records/s (SlowTopology, 2 ms per record) probed at 1000 ev/s has a consumer lag that grows
     * in the measured phase, sampled from the broker into sensors.csv with Kafka Streams' own metrics;
     * the probe fails naming the slope, and the slope is of the order of the shortfall.
     */
    @Test
    void sustainFailsAProbeWhoseConsumerLagGrows() throws Exception {
        Path classes = Path.of("../evperf-kstreams/target/test-classes")
                .toAbsolutePath()
                .normalize();
        Path w = Cli.write(
                tmp,
                "w.yaml",
                workload(
                                "kafka-streams",
                                existing(),
                                "",
                                "{OutputStream: {sequence: id}}",
                                "{topology: dev.evperf.kstreams.SlowTopology}",
                                "- {name: m, constant: {rate: 1000, duration: 1s}}")
                        .replace(
                                "  name: kafka-streams\n",
                                "  name: kafka-streams\n  classpath: [\"" + classes + "\"]\n"));
        Path out = tmp.resolve("sustain");
        Cli r = Cli.run(
                "sustain",
                w.toString(),
                "--out",
                out.toString(),
                "--start",
                "1000",
                "--max-probes",
                "1",
                "--warmup",
                "1s",
                "--duration",
                "4s");
        assertThat(r.exit).as(r.toString()).isEqualTo(1); // one probe: not converged
        JsonNode run = JSON.readTree(out.resolve("run.json").toFile());
        JsonNode probe = run.at("/sustain/probe_results/0");
        assertThat(probe.path("sustained").asBoolean()).as(probe.toString()).isFalse();
        assertThat(probe.path("reason").asText()).as(probe.toString()).contains("consumer lag grows");
        // 1000 ev/s in, at most ~500/s consumed: the lag grows by some hundreds of records each second, and never
        // faster than the input arrives. A driver behind its schedule catches up above 1000 ev/s (achieved 1304
        // ev/s at load ~40, slope 1356/s over the sampled part), so the ceiling is the achieved input rate, with
        // room for a fit over part of the phase.
        assertThat(probe.path("consumer_lag_per_s").asDouble())
                .as(probe.toString())
                .isGreaterThan(100)
                .isLessThan(Math.max(1100, 1.5 * probe.path("achieved_rate").asDouble()));
        assertThat(r.out).contains("lag rec/s");
        JsonNode trend = run.at("/trials/0/summary/lag_trend");
        assertThat(trend.path("points").asInt()).as(trend.toString()).isGreaterThanOrEqualTo(3);
        String sensors = Files.readString(out.resolve("trials/t001/sensors.csv"));
        assertThat(sensors)
                .contains("sensor://engine/kafka/consumer_lag,")
                .contains("sensor://engine/kafka-streams/process_rate,");
    }

    /**
     * Micro-batched sends into Kafka carry each event's sequence number and intended time, as single
     * sends do: every event is acknowledged under its own seq, and every output comes back with the
     * seq and append time of the event it is.
     */
    @Test
    void microBatchedSendsCarryTheirSequenceNumbers() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                workload(
                        "kafka",
                        existing(),
                        "",
                        "{StockStream: {sequence: id}}",
                        "{}",
                        "- {name: m, batch: {size: 10, interval: 10ms}, constant: {rate: 1000, duration: 2s}}"));
        Path out = tmp.resolve("run");
        Cli r = Cli.run("run", w.toString(), "--out", out.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        Path t = out.resolve("trials/t001");
        JsonNode result = JSON.readTree(t.resolve("result.json").toFile());
        assertThat(result.get("input_batches").asLong()).isEqualTo(200);
        assertThat(result.at("/broker/acks").asLong()).isEqualTo(2000);
        String ev = "'" + t.resolve("events.parquet") + "'";
        assertThat(Cli.one("SELECT count(*) FROM " + ev + " WHERE ack > 0 AND append_in_ms > 0"))
                .isEqualTo(2000);
        assertThat(Cli.one("SELECT count(DISTINCT o.seq) FROM '" + t.resolve("outputs.parquet") + "' o JOIN " + ev
                        + " e ON o.seq = e.seq WHERE o.append_ms = e.append_in_ms"))
                .isEqualTo(2000);
    }

    @Test
    void anUnreachableBrokerIsBadInputInOneLine() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                workload(
                        "kafka",
                        "broker: {bootstrap_servers: \"127.0.0.1:1\"}",
                        "",
                        "{StockStream: {sequence: id}}",
                        "{}",
                        "- {name: m, max: {count: 10}}"));
        Cli r = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(r.exit).as(r.toString()).isEqualTo(2);
        String line = r.err.strip().lines().reduce((a, b) -> b).orElse("");
        assertThat(line)
                .as(r.toString())
                .isEqualTo("evperf: " + w + ": kafka: no Kafka broker listens at 127.0.0.1:1 (connection refused)");
        assertThat(r.err).doesNotContain("\tat ");
        assertThat(tmp.resolve("run/run.json")).doesNotExist();
    }

    @Test
    void aMissingTopicOnAnExistingClusterIsBadInputInOneLine() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                workload(
                        "kafka",
                        existing(),
                        "",
                        "{StockStream: {sequence: id}}",
                        "{topics: {StockStream: no-such-topic}}",
                        "- {name: m, max: {count: 10}}"));
        Cli r = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(r.exit).as(r.toString()).isEqualTo(2);
        String line = r.err.strip().lines().reduce((a, b) -> b).orElse("");
        assertThat(line).as(r.toString()).startsWith("evperf: " + w + ": ").contains("no-such-topic");
        assertThat(r.err).doesNotContain("\tat ");
    }

    @Test
    void aComponentsSectionThatContradictsItselfIsBadInputBeforeAnythingStarts() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                workload(
                        "kafka",
                        "broker: {start: true, bootstrap_servers: \"127.0.0.1:9092\"}",
                        "",
                        "{StockStream: {sequence: id}}",
                        "{}",
                        "- {name: m, max: {count: 10}}"));
        Cli r = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(r.exit).isEqualTo(2);
        assertThat(r.err.strip())
                .isEqualTo("evperf: " + w + ": components.broker: expected either start: true (evperf starts a broker)"
                        + " or bootstrap_servers of an existing cluster");
        assertThat(tmp.resolve("run")).doesNotExist();
    }

    /**
     * The baseline on a broker the run starts, killed while trial 1 runs: that trial fails naming
     * the broker, the broker is started again and trial 2 runs end to end (every event acknowledged
     * with its append time, every output received with its own: the same record, so broker-to-broker
     * is 0; producer settings in the recorded workload; CPU per process), the brokers' times are in
     * run.json, and no JVM of the run is left afterwards.
     */
    @Test
    void theKafkaBaselineRunsOnABrokerItStartsAndAKilledBrokerFailsOneTrialOnly() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                workload(
                                "kafka",
                                "broker: {start: true}",
                                "",
                                "{StockStream: {sequence: id}}",
                                "{producer: {linger.ms: 1, batch.size: 32768, acks: all, compression.type: lz4}}",
                                "- {name: warmup, measure: false, constant: {rate: 1000, duration: 2s}}\n- {name: m, bursts: {count: 5, size: 500, distance: 100ms}}")
                        .replace("name: kafka-test", "name: kafka-test\nrepetitions: 2"));
        Path out = tmp.resolve("run");
        var running = java.util.concurrent.CompletableFuture.supplyAsync(
                () -> Cli.run("run", w.toString(), "--out", out.toString()));
        long broker = awaitLiveTrial(out, "t001", "broker");
        new ProcessBuilder("kill", "-9", Long.toString(broker)).start().waitFor();
        Cli r = running.get();
        assertThat(r.exit).as(r.toString()).isEqualTo(1);
        JsonNode run = JSON.readTree(out.resolve("run.json").toFile());
        JsonNode t1 = run.get("trials").get(0), t2 = run.get("trials").get(1);
        assertThat(t1.get("status").asText()).isEqualTo("failed");
        assertThat(t1.get("reason").asText())
                .as(t1.toString())
                .startsWith("component kafka-broker (pid " + broker + ") was ended by SIGKILL");
        assertThat(t2.get("status").asText()).as(t2.toString()).isEqualTo("ok");
        assertThat(t2.get("components_restarted").asText()).contains("kafka-broker");
        assertNothingLeft(run);

        JsonNode second = run.get("components").get(1);
        assertThat(second.get("kind").asText()).isEqualTo("broker");
        assertThat(second.get("start").asInt()).isEqualTo(2);
        JsonNode jvm = second.get("jvms").get(0);
        assertThat(jvm.get("readyMs").asDouble())
                .isGreaterThan(jvm.get("startedMs").asDouble());
        assertThat(jvm.get("shutdownMs").isNumber()).as("stopped and timed").isTrue();
        assertThat(run.at("/workload/engine/options/producer/compression.type").asText())
                .isEqualTo("lz4");

        Path t = out.resolve("trials/t002");
        JsonNode result = JSON.readTree(t.resolve("result.json").toFile());
        assertThat(result.get("engine").asText()).isEqualTo("kafka");
        assertThat(result.get("outputs_received").asLong()).isEqualTo(4500);
        assertThat(result.at("/broker/acks").asLong()).isEqualTo(4500);
        String ev = "'" + t.resolve("events.parquet") + "'";
        // after its send started; not always after send_end: the callback (producer's I/O thread) may beat the driver's
        // clock read
        assertThat(Cli.one("SELECT count(*) FROM " + ev + " WHERE ack > send_start AND append_in_ms > 0"))
                .isEqualTo(4500);
        assertThat(Cli.one("SELECT count(*) FROM '" + t.resolve("outputs.parquet") + "' o JOIN " + ev
                        + " e ON o.seq = e.seq WHERE o.append_ms = e.append_in_ms AND o.received > e.send_start"))
                .isEqualTo(4500);
        assertThat(result.at("/broker/broker_to_broker_ms/max").asDouble()).isZero();
        assertThat(result.at("/broker/ack_ms/count").asLong()).isEqualTo(2500);
        // CPU per process from procfs: the broker's and the trial JVM's, over the trial and sampled into the series
        assertThat(result.at("/cpu/seconds/kafka-broker").asDouble()).isPositive();
        assertThat(result.at("/cpu/seconds/trial").asDouble()).isPositive();
        assertThat(result.at("/cpu/events_per_cpu_s").asLong()).isPositive();
        assertThat(Files.readString(t.resolve("sensors.csv")))
                .contains("sensor://procfs/component/cpu_percent#kafka-broker")
                .contains("sensor://engine/kafka/consumer_lag,");
        assertBrokerAndCpuShown(out, t, result);
    }

    /**
     * The broker and CPU figures of result.json in the text summary and in the HTML report (opened
     * in headless Chromium), with the same numbers; the engine's series charted.
     */
    static void assertBrokerAndCpuShown(Path run, Path trial, JsonNode result) throws Exception {
        Cli summary = Cli.run("summary", run.toString());
        assertThat(summary.exit).as(summary.toString()).isZero();
        String perCore = result.at("/cpu/events_per_cpu_s").asLong() + " events per CPU-second";
        assertThat(summary.out)
                .contains("Broker (ms; producer ack")
                .contains("producer ack")
                .contains("broker-to-broker")
                .contains("CPU per process")
                .contains("kafka-broker")
                .contains("cores busy")
                .contains(perCore)
                .contains("Consumer lag trend: ");
        String dom = reportPage(run, trial.resolveSibling("report.html"), trial.resolveSibling("chromium"));
        assertThat(dom)
                .contains("Broker and CPU per process")
                .contains("producer ack (send start")
                .contains("events per CPU-second")
                .contains("cores busy")
                .contains("Engine: consumer lag")
                .contains("cpu of kafka-broker");
    }

    /** {@code evperf report} of the run, opened in headless Chromium once every chart is drawn. @return its DOM */
    static String reportPage(Path run, Path html, Path chromiumDir) throws Exception {
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        assertThat(ReportCommand.run(run, html, new java.io.PrintStream(err, true)))
                .as(err.toString())
                .isZero();
        return Chromium.openWithEveryChartDrawn(Chromium.required(), html, chromiumDir);
    }

    /** Waits until the trial's JVM prints its live line (it is sending), then returns the pid of the first JVM of the component kind. */
    static long awaitLiveTrial(Path out, String trial, String kind) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        Path stdout = out.resolve("trials/" + trial + "/stdout.txt");
        while (System.nanoTime() < deadline) {
            if (Files.exists(stdout)
                    && Files.readString(stdout).contains("evperf-live ")
                    && Files.exists(out.resolve("run.json"))) {
                for (JsonNode c :
                        JSON.readTree(out.resolve("run.json").toFile()).path("components")) {
                    if (c.get("kind").asText().equals(kind))
                        return c.get("jvms")
                                .get(c.get("jvms").size() - 1)
                                .get("pid")
                                .asLong();
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("trial " + trial + " never sent");
    }

    /** Every component JVM of the run has exited, and no trial JVM of this run remains (by its trial directory on the command line). */
    static void assertNothingLeft(JsonNode run) throws Exception {
        List<Long> pids = new ArrayList<>();
        for (JsonNode c : run.path("components"))
            for (JsonNode j : c.get("jvms")) pids.add(j.get("pid").asLong());
        assertThat(pids).isNotEmpty();
        for (long pid : pids)
            assertThat(Procs.awaitGone(pid, Duration.ofSeconds(10)))
                    .as("pid " + pid)
                    .isTrue();
        String dir = run.get("trials").get(0).get("dir").asText();
        Process ps = new ProcessBuilder("ps", "-eo", "pid,args").start();
        String table = new String(ps.getInputStream().readAllBytes());
        ps.waitFor();
        String runDir = Path.of(run.get("workload_file").asText()).getParent().toString();
        assertThat(table.lines()
                        .filter(l -> l.contains(runDir) && !l.contains(" ps "))
                        .toList())
                .as(dir)
                .isEmpty();
    }
}
