package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Poisson phase's count is a random draw around its target: a real run records and prints the
 * rate the workload asked for and, labelled beside it, the rate its arrivals drew, never the drawn
 * one as the target.
 */
class PoissonTargetTest {
    @TempDir
    Path tmp;

    @Test
    void aRealRunRecordsAndPrintsTheTargetAskedAndTheIntendedRateDrawn() throws Exception {
        Path run = tmp.resolve("run");
        Cli cli = Cli.run(
                "run",
                Cli.write(
                                tmp,
                                "p.yaml",
                                Cli.nullEngine(
                                        "poisson",
                                        "10us",
                                        "  phases: [{name: steady, arrivals: poisson, seed: 7, constant: {rate: 2000, duration: 1s}}]"))
                        .toString(),
                "--out",
                run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        JsonNode phase = new ObjectMapper()
                .readTree(run.resolve("trials/t001/result.json").toFile())
                .get("phases")
                .get(0);
        // The target as asked; the intended rate is the phase's events over its intended span.
        assertThat(phase.get("target_rate").asDouble()).isEqualTo(2000.0);
        double intended = phase.get("intended_rate").asDouble();
        assertThat(intended)
                .isCloseTo(
                        phase.get("count").asLong()
                                * 1e9
                                / phase.get("intended_span_ns").asLong(),
                        org.assertj.core.data.Offset.offset(1e-6));
        // A draw: not the target (seed 7 draws a count that differs from 2000 by more than the 0.05 shown as equal).
        assertThat(Math.abs(intended - 2000)).isGreaterThanOrEqualTo(0.05);
        // The summary shows both, labelled.
        assertThat(cli.out)
                .containsPattern("target ev/s +intended ev/s")
                .containsPattern("steady +\\S+ +2000\\.0 +"
                        + String.format(Locale.ROOT, "%.1f", intended).replace(".", "\\.") + " ");
    }
}
