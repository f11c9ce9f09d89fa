package dev.evperf.results;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Every run directory of every format version under src/test/resources/formats opens, passes the
 * whole-file checks and reads as typed records: the readers of this version still read what
 * earlier versions wrote.
 */
class FormatFixturesTest {
    static final Path FORMATS = Path.of("src/test/resources/formats");

    static List<Path> runs() throws IOException {
        try (Stream<Path> versions = Files.list(FORMATS)) {
            return versions.filter(Files::isDirectory)
                    .flatMap(v -> {
                        try (Stream<Path> runs = Files.list(v)) {
                            return runs.filter(Files::isDirectory).toList().stream();
                        } catch (IOException e) {
                            throw new java.io.UncheckedIOException(e);
                        }
                    })
                    .sorted()
                    .toList();
        }
    }

    @Test
    void everyFixtureRunIsReadByThisVersion() throws IOException {
        List<Path> runs = runs();
        assertThat(runs).isNotEmpty();
        for (Path dir : runs) {
            RunDir run = RunDir.openChecked(dir);
            String version = dir.getParent().getFileName().toString().replace("evperf-run-", "evperf-run/");
            assertThat(run.run().format()).as(dir.toString()).isEqualTo(version);
            assertThat(Layout.READS).contains(version);
            assertThat(run.trials()).isNotEmpty();
            for (RunFile.Trial t : run.trials()) {
                if (!t.ok()) continue;
                Path trial = run.trialDir(t);
                TrialResult r = TrialResult.load(trial);
                assertThat(r.status()).isEqualTo(RunFile.OK);
                assertThat(r.eventsSent()).isPositive();
                assertThat(r.phases()).isNotEmpty();
                Intervals iv = Intervals.read(trial);
                assertThat(iv.header()).startsWith("t_start_s", "phase", "whole");
                assertThat(iv.columns().get("t_start_s")).hasSize(iv.size());
                Csv.forEach(trial.resolve(Layout.SENSORS), List.of("t_ns", "sensor", "value"), row -> assertThat(
                                row.get("sensor"))
                        .isNotEmpty());
            }
        }
    }

    @Test
    void aFormatThisVersionDoesNotReadIsOneLine(@TempDir Path tmp) throws IOException {
        Files.writeString(tmp.resolve(Layout.RUN_JSON), "{\"format\": \"evperf-run/99\", \"trials\": []}");
        assertThatThrownBy(() -> RunDir.open(tmp))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(tmp.resolve(Layout.RUN_JSON)
                        + ": results format \"evperf-run/99\" is not one this evperf reads")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
    }

    @Test
    void aTrialEntryOfTheWrongTypeNamesItsField(@TempDir Path tmp) throws IOException {
        Files.writeString(
                tmp.resolve(Layout.RUN_JSON), "{\"trials\": [{\"id\": \"t001\", \"repetition\": \"first\"}]}");
        assertThatThrownBy(() -> RunDir.open(tmp))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(tmp.resolve(Layout.RUN_JSON) + ": trials[0].repetition: unexpected value");
    }

    @Test
    void theFixtureWriterWritesWhatTheReadersCheck(@TempDir Path tmp) {
        Path trial = tmp.resolve("t");
        TrialFixture.events(
                trial,
                List.of(
                        new TrialFixture.Event(0, 0, true, 0, 0, 0, 10, 20),
                        new TrialFixture.Event(1, 0, true, 0, 1, 0, 20, 35)));
        TrialFixture.outputs(trial, List.of(new TrialFixture.Output("out", 0, 18)));
        for (String f : List.of(Layout.EVENTS, Layout.BURSTS, Layout.OUTPUTS)) RunCheck.parquet(trial.resolve(f));
    }
}
