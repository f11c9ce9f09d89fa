package dev.evperf.core.results;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WriteFaultsTest {
    @TempDir
    Path trial;

    @Test
    void unfinishedWritesOfAKilledTrialGoAndItsResultsStay() throws Exception {
        // What a capacity-mode trial killed part-way leaves (spills, a JSON write) and what it had finished.
        for (String f : new String[] {
            "untimed.spill",
            "events.spill.parquet",
            "outputs.spill.parquet",
            "result.json.tmp",
            "trial.json",
            "stdout.txt"
        }) Files.writeString(trial.resolve(f), "x");
        WriteFaults.removeTmp(trial);
        try (var left = Files.list(trial)) {
            assertThat(left.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("trial.json", "stdout.txt");
        }
    }
}
