package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A run with the thesis's two tracepoints (the driver's send start and send end) and one inside the
 * engine's query path (Siddhi's evperf:trace, Esper's evperfTrace in the selector): every event's trace, and the
 * per-segment durations between consecutive tracepoints.
 */
class TracepointTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "siddhi | from StockStream select evperf:trace(id, 'select') as id, symbol, price, volume insert into OutputStream; | TraceFunction.init",
                "esper  | insert into OutputStream select evperfTrace(id, 'select') as id, symbol, price, volume from StockStream; | EvperfFunctions"
            })
    void everyEventIsTracedThroughTheEngineAndSegmentsAddUp(String engine, String query, String registeredAt)
            throws Exception {
        String w = EndToEndTest.workload(engine, query) + "measure: {tracepoints: true}\n";
        String point = engine + ".select";
        Path run = tmp.resolve("run");
        Cli cli = Cli.run("run", Cli.write(tmp, "w.yaml", w).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        Path t = run.resolve("trials/t001");
        String trace = "read_parquet('" + t.resolve("trace.parquet") + "')";
        // 1400 events × (send start, siddhi.select, sink.received, send end).
        assertThat(Cli.one("SELECT count(*) FROM " + trace)).isEqualTo(1400L * 4);
        assertThat(Cli.one("SELECT count(*) FROM " + trace + " WHERE point = '" + point + "'"))
                .isEqualTo(1400);
        // Inside the engine: each event's selector ran between its send start and its output's receipt.
        assertThat(Cli.one("SELECT count(*) FROM " + trace + " s JOIN " + trace
                        + " a ON a.seq = s.seq AND a.point = 'driver.send-start'"
                        + " JOIN " + trace + " r ON r.seq = s.seq AND r.point = 'sink.received'"
                        + " WHERE s.point = '" + point + "' AND a.t <= s.t AND s.t <= r.t"))
                .isEqualTo(1400);
        JsonNode result =
                new ObjectMapper().readTree(t.resolve("result.json").toFile()).get("trace");
        JsonNode seg = result.get("segments");
        assertThat(seg.fieldNames())
                .toIterable()
                .containsExactlyInAnyOrder(
                        "driver.send-start -> " + point,
                        point + " -> sink.received",
                        "sink.received -> driver.send-end");
        for (JsonNode s : seg) assertThat(s.get("events").asLong()).isEqualTo(1400);
        // The three segments are the whole send: their means add up to the mean processing time.
        double sum = 0;
        for (JsonNode s : seg) sum += s.get("mean_us").asDouble();
        double processing = Cli.one("SELECT CAST(avg(send_end - send_start) AS BIGINT) FROM read_parquet('"
                        + t.resolve("events.parquet") + "')")
                / 1e3;
        assertThat(sum).isCloseTo(processing, org.assertj.core.data.Offset.offset(0.01 + processing * 0.01));
        assertThat(result.get("tracepoints").get(0).get("location").asText()).contains(registeredAt);
        assertThat(result.get("lost").asLong()).isZero();
    }
}
