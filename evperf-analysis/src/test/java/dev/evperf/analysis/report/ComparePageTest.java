package dev.evperf.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.stats.Comparison;
import dev.evperf.analysis.stats.RunComparison;
import dev.evperf.analysis.stats.RunWarnings;
import dev.evperf.analysis.stats.TrialFiles;
import dev.evperf.analysis.trial.TrialData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparePageTest {
    @TempDir
    Path tmp;

    @Test
    void sweepsGetAChartPerConfigurationAndMetricAndAPooledPairItsOwn() throws Exception {
        // A and B sweep d over the same values; C has no sweep, so A vs C pools every trial ("all").
        TrialData fast = TrialFiles.bursty(10, 20, 10_000_000, (b, p) -> 50_000 + (p * 7 + b) % 10 * 100);
        TrialData slow = TrialFiles.bursty(10, 20, 10_000_000, (b, p) -> 100_000 + (p * 7 + b) % 10 * 100);
        List<String> params = List.of("{\"d\": \"10ms\"}", "{\"d\": \"100ms\"}");
        Path a = TrialFiles.run(tmp.resolve("a"), List.of(fast, fast), params);
        Path b = TrialFiles.run(tmp.resolve("b"), List.of(fast, slow), params);
        Path c = TrialFiles.run(tmp.resolve("c"), List.of(slow));
        RunComparison cmp = RunComparison.compare(List.of(a, b, c), false, Comparison.Options.DEFAULT);

        ObjectNode d = ComparePage.model(cmp);
        List<String> tables = new ArrayList<>();
        d.get("tables").forEach(t -> tables.add(t.get("title").asText()));
        assertThat(tables).containsExactly("A vs B — d=10ms", "A vs B — d=100ms", "A vs C");
        JsonNode pooled = d.get("tables").get(2);
        assertThat(pooled.get("note").asText()).contains("different configurations: all trials of each are pooled");
        // the same cells as the text output
        String text = cmp.text();
        for (JsonNode row : pooled.get("rows"))
            row.forEach(cell -> assertThat(text).contains(cell.asText()));
        assertThat(pooled.at("/rows/1/0").asText()).isEqualTo("event processing time");
        assertThat(pooled.at("/rows/1/12").asText()).startsWith("A faster (");
        assertThat(pooled.get("setupDiffers").asBoolean()).isTrue();
        assertThat(pooled.get("setup").asText())
                .isEqualTo("Configurations differ (A | C): matrix values: d=10ms; d=100ms | all.");
        assertThat(d.at("/tables/0/setup").asText()).startsWith("Same configuration");

        List<String> charts = new ArrayList<>();
        for (JsonNode ch : d.get("charts")) {
            List<String> runs = ch.get("series").findValuesAsText("run");
            charts.add(ch.get("title").asText() + ": " + String.join(",", runs));
            for (JsonNode s : ch.get("series")) assertThat(s.get("q")).hasSize(101);
        }
        assertThat(charts)
                .contains(
                        "event processing time — d=10ms: A,B",
                        "burst time — d=100ms: A,B",
                        "event processing time: A,C");
        assertThat(d.at("/runs/2/configurations").asText()).isEqualTo("all");
        assertThat(d.at("/runs/0/warmUp").asText()).isEqualTo("kept");

        Path html = tmp.resolve("out/compare.html");
        long bytes = ComparePage.write(cmp, html);
        assertThat(Files.size(html)).isEqualTo(bytes).isLessThan(150_000);
        assertThat(Files.readString(html)).contains("<title>evperf compare: A vs B vs C</title>");
    }

    @Test
    void thePageShowsTheWarningsTheTextShows() throws Exception {
        TrialData t = TrialFiles.bursty(10, 20, 10_000_000, (b, p) -> 50_000 + (p * 7 + b) % 10 * 100);
        Path a = TrialFiles.run(tmp.resolve("a"), List.of(t)), b = TrialFiles.run(tmp.resolve("b"), List.of(t));
        RunComparison cmp = RunComparison.compare(List.of(a, b), false, Comparison.Options.DEFAULT);
        List<RunWarnings> w = List.of(
                new RunWarnings(
                        "A",
                        a.toString(),
                        1,
                        1,
                        3,
                        4.5,
                        6,
                        0,
                        List.of(new RunWarnings.Entry(
                                "t001", "rate-short", "0.81", "phase measure achieved 81 % of its target rate"))),
                new RunWarnings("B", b.toString(), 1, 0, 0, 0, 0, 0, List.of()));
        List<String> lines = new ArrayList<>();
        ComparePage.model(cmp, w).get("warnings").forEach(l -> lines.add(l.asText()));
        // the lines of the text output's block, after its heading
        assertThat(lines)
                .containsExactly(RunWarnings.text(w).strip().lines().skip(1).toArray(String[]::new));
        assertThat(lines)
                .anyMatch(l -> l.startsWith("A: 1 of 1 trials disturbed (3 driver stalls"))
                .anyMatch(l -> l.contains("A t001 rate-short (0.81): phase measure achieved 81 %"));
        Path html = tmp.resolve("w.html");
        ComparePage.write(cmp, w, html);
        assertThat(Files.readString(html)).contains("rate-short (0.81)").contains("guard(\"warnings\", warnings)");
        assertThat(ComparePage.model(cmp).get("warnings")).isEmpty();
    }
}
