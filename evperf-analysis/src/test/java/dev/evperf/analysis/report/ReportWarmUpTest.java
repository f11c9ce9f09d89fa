package dev.evperf.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.analysis.stats.TrialFiles;
import dev.evperf.analysis.trial.TrialData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The report detects each trial's warm-up in DuckDB (MSER-5 over bursts.parquet, no events loaded)
 * and by default leaves it out of the steady-state figures, saying so; --keep-warmup keeps it.
 */
class ReportWarmUpTest {
    @TempDir
    Path tmp;

    /** 40 bursts of 10 events, 1 ms apart: the first 8 bursts' events take 100 µs, then exactly 10 µs. */
    private Path run() {
        TrialData d = TrialFiles.bursty(40, 10, 1_000_000, (b, p) -> b < 8 ? 100_000L : 10_000L);
        return TrialFiles.run(tmp.resolve("run"), List.of(d));
    }

    private JsonNode trial(ReportOptions o) throws Exception {
        Path html = tmp.resolve(o.cutWarmUp() ? "cut.html" : "kept.html");
        new ReportWriter(o, ReportAnnotations.NONE).writeReport(run(), html);
        return ReportWriterTest.data(Files.readString(html)).path("trials").get(0);
    }

    @Test
    void theWarmUpIsCutByDefaultAndMarked() throws Exception {
        JsonNode t = trial(ReportOptions.DEFAULT);
        JsonNode w = t.path("warmUp");
        assertThat(w.path("series").asText()).isEqualTo("bursts");
        assertThat(w.path("points").asInt()).isEqualTo(40);
        int cut = w.path("truncation").asInt();
        assertThat(cut).isBetween(8, 10); // MSER-5 cuts whole batches of 5 bursts
        assertThat(w.path("cut").asBoolean()).isTrue();
        assertThat(w.path("events").asLong()).isEqualTo(cut * 10L);
        assertThat(t.path("annotations").path("warmupEndS").asDouble())
                .isEqualTo(w.path("endS").asDouble());
        assertThat(t.path("notes").toString())
                .contains("left out of the latency, burst, head-tail and position figures");
        // steady state only: every event 10 µs, every burst 100 µs
        assertThat(t.path("events").path("count").asLong()).isEqualTo(400 - cut * 10L);
        assertThat(t.path("bursts").path("stats").path("meanMs").asDouble()).isEqualTo(0.1);
        assertThat(t.path("latency").path("modes").get(0).path("tableUs").get(0).asDouble())
                .isEqualTo(10.0);
    }

    @Test
    void keepingTheWarmUpKeepsEveryMeasuredEvent() throws Exception {
        JsonNode t = trial(ReportOptions.DEFAULT.withCutWarmUp(false));
        assertThat(t.path("warmUp").path("cut").asBoolean()).isFalse();
        assertThat(t.path("annotations").path("warmupEndS").isNumber()).isTrue(); // still marked
        assertThat(t.path("events").path("count").asLong()).isEqualTo(400);
        assertThat(t.path("bursts").path("stats").path("meanMs").asDouble()).isGreaterThan(0.1);
    }
}
