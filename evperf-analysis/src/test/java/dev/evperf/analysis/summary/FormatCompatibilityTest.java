package dev.evperf.analysis.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The results-format fixtures (evperf-results' src/test/resources/formats: runs written by earlier
 * evperf versions, each with the text summary that version printed, and for some the CSV summary)
 * give the same summaries, byte for byte, with this version's analysis.
 */
class FormatCompatibilityTest {
    static final Path FORMATS = Path.of("../evperf-results/src/test/resources/formats");

    @Test
    void everyFixtureRunSummarisesAsItsVersionDid() throws IOException {
        List<Path> expected;
        try (Stream<Path> files = Files.walk(FORMATS, 2)) {
            expected = files.filter(f -> f.getFileName().toString().endsWith(".summary.txt"))
                    .sorted()
                    .toList();
        }
        assertThat(expected).isNotEmpty();
        for (Path summary : expected) {
            Path run = summary.resolveSibling(summary.getFileName().toString().replace(".summary.txt", ""));
            String text = RunSummary.load(run).render(RunSummary.Format.TEXT).replace(run.toString(), "RUN");
            assertThat(text).as(run.toString()).isEqualTo(Files.readString(summary));
            // the CSV summary, where one was kept beside the text (pinned later than the text: see the README)
            Path csv = summary.resolveSibling(summary.getFileName().toString().replace(".txt", ".csv"));
            if (Files.isRegularFile(csv)) {
                String rows = RunSummary.load(run).render(RunSummary.Format.CSV).replace(run.toString(), "RUN");
                assertThat(rows).as(csv.toString()).isEqualTo(Files.readString(csv));
            }
        }
        assertThat(expected)
                .as("at least one fixture pins its CSV summary")
                .anyMatch(f -> Files.isRegularFile(
                        f.resolveSibling(f.getFileName().toString().replace(".txt", ".csv"))));
    }
}
