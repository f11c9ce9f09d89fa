package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Capacity mode (measure.timing: sampled) through the CLI: what is exact stays exact, and the summary states the sampling error. */
class CapacityModeTest {
    @TempDir
    Path tmp;

    @Test
    void oneSendInKIsTimedCountsAndRatesStayExactAndTheSummaryStatesTheError() throws Exception {
        String w = Cli.nullEngine(
                        "capacity",
                        "0us",
                        """
                  phases:
                    - {name: warmup, measure: false, max: {count: 20000}}
                    - {name: measure, max: {count: 100000}}
                """)
                + "measure: {records: false, timing: sampled, sample: 50, live: false}\n";
        Path run = tmp.resolve("cap");
        Cli cli = Cli.run("run", Cli.write(tmp, "cap.yaml", w).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        JsonNode r = new ObjectMapper()
                .readTree(run.resolve("trials/t001/result.json").toFile());
        assertThat(r.get("events_sent").asLong()).isEqualTo(120_000);
        assertThat(r.get("outputs_received").asLong()).isEqualTo(120_000);
        // every 50th send, and the last of each phase (the first ones, 0 and 20 000, are multiples of 50)
        assertThat(r.get("timing").get("timed_events").asLong()).isEqualTo(120_000 / 50 + 2);
        assertThat(r.get("outputs_recorded").asLong()).isEqualTo(120_000 / 50 + 2);
        assertThat(r.get("timing").get("every").asInt()).isEqualTo(50);
        assertThat(r.get("phases").get(1).get("achieved_rate").asDouble()).isPositive();
        // The timed sends against the whole loop, per phase: every timed send of the phase is in the mean or
        // counted as off a CPU (a preemption).
        JsonNode timed = r.get("timing").get("timed_sends").get(1);
        assertThat(timed.get("phase").asText()).isEqualTo("measure");
        assertThat(timed.get("timed_sends").asLong()
                        + timed.get("left_out_off_cpu").asLong())
                .isEqualTo(100_000 / 50 + 1);
        assertThat(timed.get("ns_per_event").asDouble()).isPositive();
        assertThat(timed.get("timed_send_ns").asDouble()
                        + timed.get("clock_read_ns").asDouble())
                .as("the timed sends' mean send start to send end")
                .isPositive();
        assertThat(timed.get("timed_send_over_whole").asDouble())
                .isCloseTo(
                        timed.get("timed_send_ns").asDouble()
                                / timed.get("ns_per_event").asDouble(),
                        org.assertj.core.data.Offset.offset(1e-3));
        assertThat(Files.exists(run.resolve("trials/t001/events.parquet"))).isFalse();
        Cli summary = Cli.run("summary", run.toString());
        assertThat(summary.out)
                .contains("capacity mode: 1 in 50 sends timed; sampling error of the latency figures")
                .containsPattern("processing +n=2001 +mean [0-9.]+ ± [0-9.]+ +p50 [0-9.]+ \\[[0-9.]+, [0-9.]+\\]")
                .containsPattern(
                        "timed sends, phase measure: -?[0-9.]+ ± [0-9.]+ ns each against [0-9.]+ ns per event");
        // The warm-up is not in the histograms: 100 000 / 50 + 1 measured sends timed.

        Cli bad = Cli.run(
                "run",
                Cli.write(tmp, "bad.yaml", w.replace("records: false, ", "")).toString(),
                "--out",
                tmp.resolve("bad").toString());
        assertThat(bad.exit).isEqualTo(2);
        assertThat(bad.err).contains("measure.timing").contains("needs measure.records: false");
    }
}
