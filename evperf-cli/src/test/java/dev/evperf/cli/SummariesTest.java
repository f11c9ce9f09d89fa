package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.analysis.summary.RunSummary;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The tables `evperf run` prints at its end reuse the summaries computed as its trials finished. */
class SummariesTest {
    @TempDir
    Path tmp;

    @Test
    void keptSummariesAreReusedWhenTheOptionsMatchAndOnlyThen() throws Exception {
        Path run = tmp.resolve("run");
        Cli cli = Cli.run(
                "run",
                Cli.write(
                                tmp,
                                "w.yaml",
                                Cli.nullEngine(
                                        "kept",
                                        "10us",
                                        "  phases: [{name: m, bursts: {count: 10, size: 100, distance: 5ms}}]"))
                        .toString(),
                "--out",
                run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        Path trial = run.resolve("trials/t001");
        Summaries.Kept kept = new Summaries.Kept();
        kept.trialSummary(trial);
        // Without its records the trial can no longer be analysed: only a kept summary can print it.
        Files.delete(trial.resolve("events.parquet"));
        Files.delete(trial.resolve("outputs.parquet"));

        String reused = print(kept, run, false);
        assertThat(reused)
                .contains("1 ok, 0 failed")
                .contains("Burst processing time, ")
                .doesNotContain("could not be analysed");
        // other options (the warm-up kept): analysed again, which now fails for this trial
        assertThat(print(kept, run, true)).contains("could not be analysed");
    }

    private static String print(Summaries.Kept kept, Path run, boolean keepWarmUp) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        kept.print(run, RunSummary.Format.TEXT, keepWarmUp, new PrintStream(out, true, StandardCharsets.UTF_8));
        return out.toString(StandardCharsets.UTF_8);
    }
}
