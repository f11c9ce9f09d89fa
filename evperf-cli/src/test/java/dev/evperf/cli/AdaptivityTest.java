package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The adaptivity profile against an engine of known capacity (the null engine spinning 100 µs
 * per event: just under 10 000 ev/s): a peak below capacity must not degrade anything; a peak
 * above it builds a backlog that grows during the peak and drains afterwards.
 */
class AdaptivityTest {
    @TempDir
    Path tmp;

    static String workload(String lambda) {
        return Cli.nullEngine("adaptivity", "100us", """
                  phases:
                    - {name: a, adaptivity: {%s, ramp: 500ms, steady: 2s, peak: 1s, peak_factor: 1.5, recovery: 3s}}
                """.formatted(lambda));
    }

    JsonNode run(String name, String lambda) throws Exception {
        Path run = tmp.resolve(name);
        Cli cli = Cli.run("run", Cli.write(tmp, name + ".yaml", workload(lambda)).toString(), "--out", run.toString(), "--format", "json");
        assertThat(cli.exit).as(cli.toString()).isZero();
        return new ObjectMapper().readTree(cli.out).get("trials").get(0).get("adaptivity");
    }

    @Test
    void belowCapacityThePeakChangesNothing() throws Exception {
        JsonNode a = run("below", "rate: 4000"); // peak 6000 ev/s < 10 000
        // No worse than steady (the steady p99.9 may even be the higher one: it holds the first JIT outliers).
        assertThat(a.get("degradation").asDouble()).isLessThan(3.0);
        // A single GC or JIT pause may show; a backlog (above capacity: 100-400 ms) may not.
        assertThat(a.get("max_peak_latency_ms").asDouble()).isLessThan(50.0);
        assertThat(a.get("recovery_s").asDouble()).isLessThan(0.05);
    }

    @Test
    void aboveCapacityTheBacklogGrowsAndDrains() throws Exception {
        JsonNode a = run("above", "rate: 8000"); // peak 12 000 ev/s > ~9 975
        // ~2 000 events/s too many for 1 s: the last peak event waits ~200 ms, against ~0.1 ms steady.
        // Far above 1 (seen 21–400: the steady p99.9 may hold a JIT outlier, which shrinks the ratio).
        assertThat(a.get("degradation").asDouble()).isGreaterThan(5);
        assertThat(a.get("max_peak_latency_ms").asDouble()).isBetween(100.0, 400.0);
        // The backlog of ~2 000 events drains at ~2 000 ev/s of spare capacity: about a second.
        assertThat(a.get("recovery_s").asDouble()).isBetween(0.5, 2.0);
        assertThat(a.get("post_peak_variation").asDouble()).isBetween(0.5, 2.0);
    }

    @Test
    void lambdaAsAFractionOfASustainRun() throws Exception {
        Path sustained = Files.createDirectories(tmp.resolve("sus"));
        Files.writeString(sustained.resolve("run.json"), "{\"sustain\": {\"sustainable_rate\": 10000.0}}");
        Cli cli = Cli.run("profile", Cli.write(tmp, "f.yaml", workload("fraction: 0.5, sustained: sus")).toString(), "--format", "csv",
                "--interval", "500ms");
        assertThat(cli.exit).as(cli.toString()).isZero();
        // λ = 0.5 × 10 000: steady at 5000, the peak at 7500.
        assertThat(cli.out).contains("a.steady,5000.000,5000.000").contains("a.peak,7500.000,7500.000");
        Cli bad = Cli.run("run", Cli.write(tmp, "g.yaml", workload("fraction: 0.5, sustained: nowhere")).toString());
        assertThat(bad.exit).isEqualTo(2);
        assertThat(bad.err).contains("load.phases[0].adaptivity.sustained");
    }
}
