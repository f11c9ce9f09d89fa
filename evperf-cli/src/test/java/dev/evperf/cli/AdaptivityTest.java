package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adaptivity profile against the null engine spinning 100 µs per event (≤ 10 000 ev/s; a busy
 * machine gives it less, and more or less from one second to the next): a peak far below any
 * capacity it can have must not degrade anything; a peak far above it builds a backlog that grows
 * during the peak and drains afterwards. The figures are checked against what the trial measured.
 */
class AdaptivityTest {
    @TempDir
    Path tmp;

    static String workload(String lambda) {
        return workload(lambda, "1s", 1.5, "3s");
    }

    static String workload(String lambda, String peak, double peakFactor, String recovery) {
        return Cli.nullEngine(
                "adaptivity",
                "100us",
                """
                  phases:
                    - {name: a, adaptivity: {%s, ramp: 500ms, steady: 2s, peak: %s, peak_factor: %s, recovery: %s}}
                """
                        .formatted(lambda, peak, peakFactor, recovery));
    }

    /** The trial's adaptivity figures, its result.json's phases by name, and its events and outputs. */
    static final class Run {
        final JsonNode adaptivity;
        final Map<String, JsonNode> phases = new HashMap<>();
        final String events, outputs;

        Run(JsonNode adaptivity, JsonNode result, Path trial) {
            this.adaptivity = adaptivity;
            result.get("phases").forEach(p -> phases.put(p.get("name").asText(), p));
            events = "read_parquet('" + trial.resolve("events.parquet") + "')";
            outputs = "read_parquet('" + trial.resolve("outputs.parquet") + "')";
        }
    }

    Run run(String name, String workload) throws Exception {
        Path run = tmp.resolve(name);
        Cli cli = Cli.run(
                "run",
                Cli.write(tmp, name + ".yaml", workload).toString(),
                "--out",
                run.toString(),
                "--format",
                "json");
        assertThat(cli.exit).as(cli.toString()).isZero();
        Path trial = run.resolve("trials/t001");
        return new Run(
                new ObjectMapper().readTree(cli.out).get("trials").get(0).get("adaptivity"),
                new ObjectMapper().readTree(trial.resolve("result.json").toFile()),
                trial);
    }

    @Test
    void belowCapacityThePeakChangesNothing() throws Exception {
        // λ = 200 ev/s, the peak 300 ev/s: 3 % of an idle core's capacity, a third of a tenth of one.
        Run r = run("below", workload("rate: 200", "1s", 1.5, "1s"));
        JsonNode a = r.adaptivity, peak = r.phases.get("a.peak");
        // The peak's rate was met…
        assertThat(peak.get("achieved_rate").asDouble()
                        / peak.get("target_rate").asDouble())
                .isBetween(0.8, 1.25);
        // …without a backlog: scheduled latency does not grow through the peak (medians of its first and last
        // 30 inputs; a backlog would add the excess of every event before): less than one gap (3.3 ms) more.
        String q = "SELECT CAST(median(o.received - e.intended) AS BIGINT) FROM " + r.outputs + " o JOIN " + r.events
                + " e USING (seq) WHERE e.seq - %d BETWEEN %d AND %d";
        long first = peak.get("first_seq").asLong(), n = peak.get("count").asLong();
        long growth = Cli.one(q.formatted(first, n - 30, n - 1)) - Cli.one(q.formatted(first, 0, 29));
        assertThat(growth).isLessThan(3_333_333L);
        // Nothing to drain: back to steady latency within a few events of the peak's end (50 gaps of 5 ms).
        assertThat(a.get("recovery_s").asDouble()).isLessThan(50 / 200.0);
    }

    @Test
    void aboveCapacityTheBacklogGrowsAndDrains() throws Exception {
        // λ = 200 ev/s; the peak, 20 ms at 500 λ = 100 000 ev/s, is 2000 events no machine sends in less than 200 ms.
        Run r = run("above", workload("rate: 200", "20ms", 500, "3s"));
        JsonNode a = r.adaptivity, peak = r.phases.get("a.peak");
        // The engine set the pace: the peak's achieved rate is its capacity, at most 10 000 ev/s.
        double capacity = peak.get("achieved_rate").asDouble();
        assertThat(capacity).isLessThanOrEqualTo(10_000.0);
        // A backlog built up: the last peak event went out L late, ≥ 2000 × 100 µs − 20 ms = 180 ms; its scheduled
        // latency shows it, and against the steady p99.9 (a stall at most) the peak's is far higher.
        double backlogMs = peak.get("last_lag_ms").asDouble();
        assertThat(backlogMs).isGreaterThanOrEqualTo(180.0);
        assertThat(a.get("max_peak_latency_ms").asDouble()).isGreaterThanOrEqualTo(backlogMs);
        assertThat(a.get("degradation").asDouble()).isGreaterThan(2);
        // It drains: the recovery events due while the peak's last one waited (λ·L of them) went out after it,
        // at most 10 000 ev/s, before steady latency returned; and it returned within the recovery phase.
        double drainS = 200 * backlogMs / 1e3 / 10_000;
        assertThat(a.get("recovery_s").asDouble()).isBetween(drainS, 3.0);
        // …and stays: no backlog remains (one would be hundreds of ms against a steady mean of under one).
        assertThat(a.get("post_peak_variation").asDouble()).isLessThan(10.0);
    }

    @Test
    void lambdaAsAFractionOfASustainRun() throws Exception {
        Path sustained = Files.createDirectories(tmp.resolve("sus"));
        Files.writeString(
                sustained.resolve("run.json"), "{\"trials\": [], \"sustain\": {\"sustainable_rate\": 10000.0}}");
        Cli cli = Cli.run(
                "profile",
                Cli.write(tmp, "f.yaml", workload("fraction: 0.5, sustained: sus"))
                        .toString(),
                "--format",
                "csv",
                "--interval",
                "500ms");
        assertThat(cli.exit).as(cli.toString()).isZero();
        // λ = 0.5 × 10 000: steady at 5000, the peak at 7500.
        assertThat(cli.out).contains("a.steady,5000.000,5000.000").contains("a.peak,7500.000,7500.000");
        Cli bad = Cli.run(
                "run",
                Cli.write(tmp, "g.yaml", workload("fraction: 0.5, sustained: nowhere"))
                        .toString());
        assertThat(bad.exit).isEqualTo(2);
        assertThat(bad.err).contains("load.phases[0].adaptivity.sustained");
        // A run directory (read as every command reads one) that is not a sustain run.
        Files.writeString(Files.createDirectories(tmp.resolve("plain")).resolve("run.json"), "{\"trials\": []}");
        Cli plain = Cli.run(
                "run",
                Cli.write(tmp, "h.yaml", workload("fraction: 0.5, sustained: plain"))
                        .toString());
        assertThat(plain.exit).isEqualTo(2);
        assertThat(plain.err).contains("load.phases[0].adaptivity.sustained").contains("holds no sustainable rate");
    }
}
