package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sustain against an engine of known capacity: the null engine spinning 100 µs per event (≤ 10 000 ev/s). */
class SustainTest {
    @TempDir
    Path tmp;

    static final String ENGINE = Cli.nullEngine("capacity", "100us", "  phases: [{constant: {rate: 1000, count: 10}}]");

    @Test
    void findsTheKnownCapacityWithinFivePercentInAtMostTenProbes() throws Exception {
        Path run = tmp.resolve("sustain");
        Cli cli = Cli.run("sustain", Cli.write(tmp, "cap.yaml", ENGINE).toString(), "--out", run.toString(),
                // Near capacity a backlog from a cold start drains slowly (at 90 %, ~200 ev/s of spare
                // capacity): the warm-up must be long enough for it to clear before the measured phase.
                "--warmup", "2s", "--duration", "2s", "--no-drops", "--confirm", "2");
        assertThat(cli.exit).as(cli.toString()).isZero();
        JsonNode sustain = new ObjectMapper().readTree(run.resolve("run.json").toFile()).get("sustain");
        double found = sustain.get("sustainable_rate").asDouble();
        // 100 µs of service plus evperf's own ~0.1 µs per event: the capacity is just under 10 000 ev/s.
        assertThat(found).isBetween(9_500.0, 10_000.0);
        assertThat(sustain.get("probes").asInt()).isLessThanOrEqualTo(10);
        assertThat(sustain.get("bracket_percent").asDouble()).isLessThanOrEqualTo(2.0);
        // The null engine passes every event through: no probe dropped any.
        for (JsonNode probe : sustain.get("probe_results")) assertThat(probe.get("dropped").asLong()).isZero();
        assertThat(cli.out).contains("Rate against latency").contains("sustainable:");
        // Confirmed in two more fresh JVMs at the same rate: the null engine's capacity does not vary.
        JsonNode confirmation = sustain.get("confirmation");
        assertThat(confirmation.get("rate").asDouble()).isEqualTo(found);
        assertThat(confirmation.get("trials").asInt()).isEqualTo(2);
        assertThat(confirmation.get("sustained").asInt()).isEqualTo(2);
        for (JsonNode c : confirmation.get("results")) assertThat(c.get("rate").asDouble()).isEqualTo(found);
        assertThat(cli.out).contains("sustained in 2 of 2 fresh JVMs");
        // The saturated probes each achieved the capacity of their JVM: just under 10 000 ev/s.
        JsonNode saturated = sustain.get("saturated_capacity");
        assertThat(saturated.get("probes").asInt()).isPositive();
        assertThat(saturated.get("min_rate").asDouble()).isBetween(9_000.0, 10_000.0);
        assertThat(saturated.get("max_rate").asDouble()).isBetween(saturated.get("min_rate").asDouble(), 10_000.0);
        // Every probe is an ordinary trial of the run: summary reads them.
        Cli summary = Cli.run("summary", run.toString());
        assertThat(summary.exit).as(summary.toString()).isZero();
        assertThat(summary.out).contains("Scheduled latency trend");
    }

    @Test
    void badOptionsAreBadInput() throws Exception {
        Path w = Cli.write(tmp, "cap.yaml", ENGINE);
        Cli factor = Cli.run("sustain", w.toString(), "--factor", "1");
        assertThat(factor.exit).isEqualTo(2);
        assertThat(factor.err).contains("growth factor");
        Cli confirm = Cli.run("sustain", w.toString(), "--confirm", "-1");
        assertThat(confirm.exit).isEqualTo(2);
        assertThat(confirm.err).contains("--confirm");
        Cli matrix = Cli.run("sustain", Cli.write(tmp, "m.yaml", ENGINE + "matrix: {repetitions: [1]}\n").toString());
        assertThat(matrix.exit).isEqualTo(2);
    }
}
