package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
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

    /**
     * Capacity mode writes only the timed events' rows during the run and the untimed ones as runs of equal intended
     * time: intervals.csv's intended rate must still count every event where the schedule put it, as a trial that
     * times every event does, and its input rate must still add up to every send.
     */
    @Test
    void untimedEventsStillCountAtTheirIntendedTimesInTheIntervals() throws Exception {
        String load =
                """
                  phases:
                    - {name: paced, constant: {rate: 20000, count: 12000}}
                    - {name: flat, max: {count: 60000}}
                """;
        String all = Cli.nullEngine("all", "0us", load) + "measure: {live: false, hlog_interval: 100ms}\n";
        String sampled = Cli.nullEngine("sampled", "0us", load)
                + "measure: {live: false, hlog_interval: 100ms, records: false, timing: sampled, sample: 7}\n";
        List<Map<String, String>> full = intervals(run(all, "all")), some = intervals(run(sampled, "sampled"));
        int common = Math.min(full.size(), some.size());
        assertThat(common).as("the paced phase alone spans 6 intervals").isGreaterThanOrEqualTo(6);
        for (int i = 0; i < common; i++)
            assertThat(some.get(i).get("intended_rate"))
                    .as("interval %d's intended rate", i)
                    .isEqualTo(full.get(i).get("intended_rate"));
        for (List<Map<String, String>> longer : List.of(full, some))
            for (Map<String, String> row : longer.subList(common, longer.size()))
                assertThat(Double.parseDouble(row.get("intended_rate"))).isZero();
        for (List<Map<String, String>> rows : List.of(full, some))
            assertThat(rows.stream()
                            .mapToDouble(r -> Double.parseDouble(r.get("input_rate")) / 10)
                            .sum())
                    .as("every send counted once in the input rate")
                    .isCloseTo(72_000, org.assertj.core.data.Offset.offset(0.01));
        try (var left = Files.list(tmp.resolve("sampled/trials/t001"))) {
            assertThat(left.map(f -> f.getFileName().toString())).noneMatch(f -> f.contains("spill"));
        }
    }

    private Path run(String workload, String name) throws Exception {
        Path run = tmp.resolve(name);
        Cli cli = Cli.run("run", Cli.write(tmp, name + ".yaml", workload).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        return run.resolve("trials/t001");
    }

    private static List<Map<String, String>> intervals(Path trial) throws Exception {
        List<String> lines = Files.readAllLines(trial.resolve("intervals.csv"));
        String[] header = lines.get(0).split(",", -1);
        List<Map<String, String>> rows = new ArrayList<>();
        for (String line : lines.subList(1, lines.size())) {
            String[] v = line.split(",", -1);
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.length; i++) row.put(header[i], v[i]);
            rows.add(row);
        }
        return rows;
    }
}
