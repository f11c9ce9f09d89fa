package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Small workloads through the CLI on each real engine; the records are checked in DuckDB. */
class EndToEndTest {
    @TempDir
    Path tmp;

    static String workload(String engine, String query) {
        return """
                name: e2e
                streams:
                  StockStream:
                    fields: {id: long, symbol: string, price: float, volume: long}
                    sequence: id
                data:
                  StockStream:
                    pool: 100
                    fields:
                      symbol: {values: [IBM, WSO2]}
                      price: {uniform: [10, 1000]}
                      volume: {uniform: [1, 10000]}
                engine:
                  name: "%s"
                  queries: |
                    %s
                  outputs:
                    OutputStream: {sequence: id}
                load:
                  phases:
                    - {name: warmup, measure: false, bursts: {count: 2, size: 200, distance: 5ms}}
                    - {name: measure, bursts: {count: 5, size: 200, distance: 10ms}}
                """
                .formatted(engine, query);
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "siddhi | from StockStream select id, symbol, price, volume insert into OutputStream;",
                "esper  | insert into OutputStream select id, symbol, price, volume from StockStream;",
                "'null' | ''"
            })
    void passThroughRecordsEveryEventAndMatchesEveryOutput(String engine, String query) throws Exception {
        Path w = Cli.write(tmp, "w.yaml", workload(engine, query));
        Path run = tmp.resolve("run");
        Cli cli = Cli.run("run", w.toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        Path t = run.resolve("trials/t001");
        String events = "read_parquet('" + t.resolve("events.parquet") + "')";
        String outputs = "read_parquet('" + t.resolve("outputs.parquet") + "')";

        // inputs sent == send records, numbered 0..n-1
        JsonNode result = new ObjectMapper().readTree(t.resolve("result.json").toFile());
        assertThat(result.get("events_sent").asLong()).isEqualTo(1400);
        assertThat(Cli.one("SELECT count(*) FROM " + events)).isEqualTo(1400);
        assertThat(Cli.one("SELECT count(DISTINCT seq) FROM " + events + " WHERE seq BETWEEN 0 AND 1399"))
                .isEqualTo(1400);
        // outputs == inputs, each matched to exactly its input, received between its send start and end (synchronous)
        assertThat(Cli.one("SELECT count(*) FROM " + outputs)).isEqualTo(1400);
        assertThat(Cli.one("SELECT count(*) FROM " + outputs + " o JOIN " + events
                        + " e USING (seq) WHERE o.received >= e.send_start AND o.received <= e.send_end"))
                .isEqualTo(1400);
        // processing time > 0 for every event
        assertThat(Cli.one("SELECT count(*) FROM " + events + " WHERE send_end <= send_start"))
                .isZero();
        // burst time == last send end - first send start, as the summary reports it
        long b3 = Cli.one("SELECT max(send_end) - min(send_start) FROM " + events + " WHERE burst = 3");
        JsonNode summary = new ObjectMapper().readTree(Cli.run("summary", run.toString(), "--format", "json").out);
        JsonNode trial = summary.get("trials").get(0);
        double meanMs = trial.get("burst_stats").get("mean_ms").asDouble();
        double expectedMean =
                Cli.one("SELECT CAST(avg(t) AS BIGINT) FROM (SELECT max(send_end) - min(send_start) AS t FROM " + events
                                + " WHERE measured GROUP BY burst)")
                        / 1e6;
        assertThat(meanMs).isCloseTo(expectedMean, org.assertj.core.data.Offset.offset(1e-5));
        assertThat(b3).isPositive();
        assertThat(Cli.one("SELECT time_ns FROM read_parquet('" + t.resolve("bursts.parquet") + "') WHERE burst = 3"))
                .isEqualTo(b3);
        // the absolute schedule: measured bursts intended 10 ms apart, starting after warm-up's 10 ms span
        assertThat(Cli.longs("SELECT DISTINCT intended FROM " + events + " WHERE measured ORDER BY 1"))
                .satisfies(l -> {
                    assertThat(l).hasSize(5);
                    for (int i = 1; i < l.size(); i++)
                        assertThat(l.get(i) - l.get(i - 1)).isEqualTo(10_000_000L);
                });
        // histogram logs and environment are there
        for (String mode : new String[] {"processing", "end-to-end", "scheduled"}) {
            assertThat(Files.readString(t.resolve("latency-" + mode + ".hlog"))).contains("#[StartTime:");
        }
        JsonNode env = new ObjectMapper().readTree(t.resolve("env.json").toFile());
        assertThat(env.get("jdk_version").asText()).isNotBlank();
        assertThat(env.get("cpu_model").asText()).isNotBlank();
        assertThat(cli.out)
                .contains("Head-tail")
                .contains("Burst processing time")
                .contains("p99.99");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "siddhi | from StockStream select id, symbol, price, volume insert into OutputStream;",
                "esper  | insert into OutputStream select id, symbol, price, volume from StockStream;"
            })
    void microBatchesGoOutWholeAndTheirWaitCountsInScheduledLatency(String engine, String query) throws Exception {
        String w = workload(engine, query)
                .replace(
                        "- {name: warmup, measure: false, bursts: {count: 2, size: 200, distance: 5ms}}",
                        "- {name: measure, constant: {rate: 10000, count: 2000}, batch: {size: 50, interval: 2ms}}")
                .replace("- {name: measure, bursts: {count: 5, size: 200, distance: 10ms}}", "");
        Path run = tmp.resolve("batched");
        Cli cli = Cli.run("run", Cli.write(tmp, "b.yaml", w).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        Path t = run.resolve("trials/t001");
        String events = "read_parquet('" + t.resolve("events.parquet") + "')";
        // At 10 000 ev/s a 2 ms interval closes every batch at 20 events, before the size (50) does: 100 batches.
        assertThat(new ObjectMapper()
                        .readTree(t.resolve("result.json").toFile())
                        .get("input_batches")
                        .asInt())
                .isEqualTo(100);
        assertThat(Cli.longs("SELECT count(*) FROM " + events + " GROUP BY batch"))
                .hasSize(100)
                .containsOnly(20L);
        // A batch's events share one send: the same send start and send end.
        assertThat(Cli.one("SELECT count(*) FROM (SELECT batch FROM " + events
                        + " GROUP BY batch HAVING count(DISTINCT send_start) > 1 OR count(DISTINCT send_end) > 1)"))
                .isZero();
        // Every event waits for its batch to close, 2 ms after the batch's first event was due (the first event
        // waits ≥ 2 ms, the last, due 1.9 ms after it, ≥ 0.1 ms), and its scheduled latency counts that wait:
        // no batch went out before it closed, no output arrived before its batch closed.
        String closes = "(SELECT batch, min(intended) + 2000000 AS closes FROM " + events + " GROUP BY batch) c";
        assertThat(Cli.one("SELECT count(*) FROM " + events + " e JOIN " + closes
                        + " USING (batch) WHERE e.send_start < c.closes"))
                .isZero();
        String outputs = "read_parquet('" + t.resolve("outputs.parquet") + "')";
        assertThat(Cli.one("SELECT count(*) FROM " + outputs)).isEqualTo(2000);
        assertThat(Cli.one("SELECT count(*) FROM " + outputs + " o JOIN " + events + " e USING (seq) JOIN " + closes
                        + " USING (batch) WHERE o.received < c.closes"))
                .isZero();
        // The batch size is observed at the sink: Siddhi takes the batch as one Event[] and emits it as one;
        // Esper is sent the batch's events one by one and emits them one by one.
        JsonNode outBatches =
                new ObjectMapper().readTree(t.resolve("result.json").toFile()).path("output_batches");
        if (engine.equals("siddhi")) {
            assertThat(outBatches.get("batches").asLong()).isEqualTo(100);
            assertThat(outBatches.get("mean_size").asDouble()).isEqualTo(20.0);
        } else {
            assertThat(outBatches.isMissingNode()).isTrue();
        }
    }
}
