package dev.evperf.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.analysis.TrialData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {
    @TempDir
    Path tmp;

    @Test
    void verdictFollowsTheRankSumTestAndTheMetricsDirection() {
        Random r = new Random(1);
        double[] fast = BootstrapTest.normal(r, 300, 100, 10), slow = BootstrapTest.normal(r, 300, 110, 10);
        Comparison times = Comparison.of(Metric.EVENT_TIME, "A", fast, "B", slow, Comparison.Options.DEFAULT);
        assertThat(times.verdict()).isEqualTo("A faster");
        assertThat(times.rankSum().p()).isLessThan(0.01);
        assertThat(times.diff().median().lo()).isPositive();   // b − a > 0
        assertThat(times.relativeMedian()).isBetween(0.05, 0.15);
        assertThat(Comparison.of(Metric.EVENT_TIME, "A", slow, "B", fast, Comparison.Options.DEFAULT).verdict()).isEqualTo("B faster");
        // For a rate, more is faster.
        assertThat(Comparison.of(Metric.ACHIEVED_RATE, "A", fast, "B", slow, Comparison.Options.DEFAULT).verdict()).isEqualTo("B faster");
        double[] same = BootstrapTest.normal(r, 300, 100, 10);
        Comparison none = Comparison.of(Metric.EVENT_TIME, "A", fast, "B", same, Comparison.Options.DEFAULT);
        assertThat(none.verdict()).isEqualTo(Comparison.NO_DIFFERENCE);
        assertThat(none.diff().median().contains(0)).isTrue();
        assertThat(Comparison.of(Metric.EVENT_TIME, "A", new double[]{1}, "B", same, Comparison.Options.DEFAULT).verdict())
                .isEqualTo(Comparison.NOT_ENOUGH_DATA);
    }

    @Test
    void sameLocationDifferentSpreadIsFlaggedByKsOnly() {
        Random r = new Random(2);
        double[] narrow = BootstrapTest.normal(r, 2000, 100, 1), wide = BootstrapTest.normal(r, 2000, 100, 20);
        Comparison c = Comparison.of(Metric.EVENT_TIME, "A", narrow, "B", wide, Comparison.Options.DEFAULT);
        assertThat(c.verdict()).isEqualTo(Comparison.NO_DIFFERENCE);
        assertThat(c.distributionsDiffer()).isTrue();
    }

    @Test
    void comparesTwoRunDirectoriesPerMetric() throws Exception {
        // Run A: 100 µs per event; run B: 200 µs. 20 bursts of 50.
        TrialData a = TrialFiles.bursty(20, 50, 50_000_000, (b, p) -> 100_000 + (p * 37 + b * 11) % 100 * 10);
        TrialData b = TrialFiles.bursty(20, 50, 50_000_000, (bb, p) -> 200_000 + (p * 37 + bb * 11) % 100 * 10);
        Path ra = TrialFiles.run(tmp.resolve("a"), List.of(a)), rb = TrialFiles.run(tmp.resolve("b"), List.of(b));
        RunComparison c = RunComparison.compare(List.of(ra, rb), false, Comparison.Options.DEFAULT);
        assertThat(c.pairs()).hasSize(1);
        List<Comparison> metrics = c.pairs().get(0).groups().get(0).metrics();
        assertThat(metrics).extracting(Comparison::metric).contains(Metric.EVENT_TIME, Metric.BURST_TIME, Metric.END_TO_END_LATENCY,
                Metric.SCHEDULED_LATENCY, Metric.GENERATOR_LAG);
        Comparison ev = metrics.stream().filter(m -> m.metric() == Metric.EVENT_TIME).findFirst().orElseThrow();
        assertThat(ev.verdict()).isEqualTo("A faster");
        assertThat(ev.diff().median().estimate()).isEqualTo(100.0);   // µs
        Comparison burst = metrics.stream().filter(m -> m.metric() == Metric.BURST_TIME).findFirst().orElseThrow();
        assertThat(burst.verdict()).isEqualTo("A faster");
        assertThat(burst.diff().mean().estimate()).isCloseTo(5.0, org.assertj.core.data.Offset.offset(1e-9));  // 50 × 100 µs = 5 ms

        String text = c.text();
        assertThat(text).contains("A: " + ra, "B: " + rb, "event processing time", "A faster");
        String csv = c.csv();
        assertThat(csv.lines().findFirst().orElseThrow()).isEqualTo(RunComparison.CSV_HEADER);
        assertThat(csv).contains("A,B,all,event_time,µs,1000,1000,");
        JsonNode json = new ObjectMapper().readTree(c.json());
        JsonNode first = json.at("/pairs/0/groups/0/metrics/0");
        assertThat(first.get("metric").asText()).isEqualTo("event_time");
        assertThat(first.at("/diff/median/lo").isNumber()).isTrue();
        assertThat(first.at("/ks/p").isNumber()).isTrue();
        assertThat(first.at("/rank_sum/p").isNumber()).isTrue();
        // Chart data: 101 quantiles per run and metric.
        assertThat(json.at("/distributions/A/all/event_time/quantiles").size()).isEqualTo(101);
        assertThat(json.at("/runs/0/warm_ups/t001/series").asText()).isEqualTo("bursts");
    }

    @Test
    void sweepsWithTheSameConfigurationsAreComparedPerConfiguration() {
        // Both runs sweep d = 10 and 100 ms; only the d = 100 ms trials differ (B twice as slow).
        TrialData fast = TrialFiles.bursty(20, 30, 10_000_000, (b, p) -> 50_000 + (p * 7 + b) % 10 * 100);
        TrialData slow = TrialFiles.bursty(20, 30, 10_000_000, (b, p) -> 100_000 + (p * 7 + b) % 10 * 100);
        List<String> params = List.of("{\"d\": \"10ms\"}", "{\"d\": \"100ms\"}");
        Path ra = TrialFiles.run(tmp.resolve("sa"), List.of(fast, fast), params);
        Path rb = TrialFiles.run(tmp.resolve("sb"), List.of(fast, slow), params);
        RunComparison c = RunComparison.compare(List.of(ra, rb), false, Comparison.Options.DEFAULT);
        RunComparison.Pair pair = c.pairs().get(0);
        assertThat(pair.matchedConfigurations()).isTrue();
        assertThat(pair.groups()).extracting(RunComparison.GroupComparison::group).containsExactly("d=10ms", "d=100ms");
        assertThat(pair.groups().get(0).metrics().get(0).verdict()).isEqualTo(Comparison.NO_DIFFERENCE);
        assertThat(pair.groups().get(1).metrics().get(0).verdict()).isEqualTo("A faster");
        assertThat(c.runs().get(0).skipped()).containsExactly("t999 (failed)");
        assertThat(c.text()).contains("A vs B — d=10ms", "A vs B — d=100ms");
        // A run without the sweep is compared with all of a sweep's trials pooled, and the text says so.
        Path single = TrialFiles.run(tmp.resolve("single"), List.of(fast));
        RunComparison pooled = RunComparison.compare(List.of(single, rb), false, Comparison.Options.DEFAULT);
        assertThat(pooled.pairs().get(0).matchedConfigurations()).isFalse();
        assertThat(pooled.pairs().get(0).groups().get(0).metrics().get(0).nB()).isEqualTo(1200);
        assertThat(pooled.text()).contains("different configurations: all trials of each are pooled");
    }

    @Test
    void aDirectoryThatIsNotARunIsOneLineOfBadInput() throws Exception {
        Path notRun = Files.createDirectories(tmp.resolve("empty"));
        assertThatThrownBy(() -> RunComparison.compare(List.of(notRun, notRun), true, Comparison.Options.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a run directory").hasMessageContaining(notRun.toString())
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThatThrownBy(() -> RunComparison.compare(List.of(tmp.resolve("missing"), notRun), true, Comparison.Options.DEFAULT))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("does not exist");
        Files.writeString(notRun.resolve("run.json"), "{\"trials\": 3}");
        assertThatThrownBy(() -> RunSamples.load(notRun, true)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"trials\" array");
    }
}
