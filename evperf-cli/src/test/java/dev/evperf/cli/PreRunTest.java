package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** auto pattern parameters from a pre-run, against the null engine spinning 100 µs per event (≤ 10 000 ev/s). */
class PreRunTest {
    @TempDir
    Path tmp;

    // 10 000 events (~1 s at capacity): a start-up stall of a fresh JVM moves a shorter pre-run's rate too much.
    static final String W = Cli.nullEngine(
            "auto",
            "100us",
            """
              pre_run: 10000
              phases:
                - {name: pattern, wave: {auto: true, duration: 1s}}
            """);

    @Test
    void thePreRunSetsMinMaxAndPeriodFromItsThroughputAndTime() throws Exception {
        Path run = tmp.resolve("run");
        Cli cli = Cli.run("run", Cli.write(tmp, "auto.yaml", W).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.err).contains("auto pattern from the pre-run");
        // The pre-run is a trial of its own, at maximum rate.
        JsonNode pre = new ObjectMapper()
                .readTree(run.resolve("trials/p001/result.json").toFile());
        double t = pre.get("phases").get(0).get("achieved_rate").asDouble();
        // T is the engine's capacity in the pre-run's JVM: a send spins 100 µs, so at most 10 000 ev/s (fewer
        // on a busy machine), and every event was due at once, so the sends followed each other without a gap:
        // T is one over the mean send time (the pre-run keeps no per-event records: from its histogram log).
        assertThat(t).isLessThanOrEqualTo(10_000.0);
        JsonNode preTrial = null;
        for (JsonNode x :
                new ObjectMapper().readTree(run.resolve("run.json").toFile()).get("trials")) {
            if (x.get("id").asText().equals("p001")) preTrial = x;
        }
        double meanSendUs = preTrial.get("summary")
                .get("latency")
                .get("processing")
                .get("mean_us")
                .asDouble();
        assertThat(t * meanSendUs / 1e6).isBetween(0.98, 1.02);
        // SPBench: min = 10 % T, max = 110 % T, period = E / 3 with E = 10 000 / T; the duration given stays.
        JsonNode wave = new ObjectMapper()
                .readTree(run.resolve("trials/t001/trial.json").toFile())
                .get("workload")
                .get("load")
                .get("phases")
                .get(0)
                .get("wave");
        assertThat(wave.has("auto")).isFalse();
        assertThat(wave.get("min").asDouble()).isCloseTo(0.1 * t, offset(1.0));
        assertThat(wave.get("max").asDouble()).isCloseTo(1.1 * t, offset(1.0));
        assertThat(Double.parseDouble(wave.get("period").asText().replace("s", "")))
                .isCloseTo(10_000 / t / 3, offset(1e-4));
        assertThat(wave.get("duration").asText()).isEqualTo("1s");
    }

    @Test
    void profileCannotShowAutoParametersAndMixingAutoWithValuesIsBadInput() throws Exception {
        Cli profile = Cli.run("profile", Cli.write(tmp, "auto.yaml", W).toString());
        assertThat(profile.exit).isEqualTo(2);
        assertThat(profile.err).contains("pre-run");
        Cli mixed = Cli.run(
                "run",
                Cli.write(tmp, "m.yaml", W.replace("auto: true,", "auto: true, min: 5,"))
                        .toString());
        assertThat(mixed.exit).isEqualTo(2);
        assertThat(mixed.err).contains("load.phases[0].wave").contains("either auto or them");
    }
}
