package dev.evperf.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.summary.AnalysisOptions;
import dev.evperf.analysis.summary.TrialSummary;
import dev.evperf.analysis.trial.TrialData;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ComparisonTest {
    @TempDir
    Path tmp;

    static final Comparison.Options O = Comparison.Options.DEFAULT;

    @Test
    void twoJvmsOfTheSameConfigurationAreNoDifferenceThoughEveryEventSaysOtherwise() {
        // The case: one trial per run, 200 000 values each, the level wandering within each JVM and
        // B's JVM 0.3 % off A's. A rank-sum test over the events calls that certain; over blocks it is no difference.
        Random r = new Random(1);
        double[] a = Series.drifting(r, 200_000, 100, 0, 1, 0.1), b = Series.drifting(r, 200_000, 100, 0.3, 1, 0.1);
        assertThat(TwoSampleTests.mannWhitney(a, b).p()).as("per-event p-value").isLessThan(1e-20);
        Comparison c = Comparison.of(Metric.EVENT_TIME, "A", List.of(a), "B", List.of(b), O);
        assertThat(c.verdict()).as(c.reason()).isEqualTo(Comparison.NO_DIFFERENCE);
        assertThat(c.units()).isEqualTo(Units.Kind.BLOCK);
        assertThat(c.a().n()).isEqualTo(200_000);
        assertThat(c.a().count()).isBetween(10, 200);
        assertThat(c.minEffect()).isEqualTo(Comparison.blockMinEffect(0.01));
        assertThat(c.minEffect()).isBetween(3.64, 3.65);
        assertThat(c.a().median()).isEqualTo(Describe.median(a));
    }

    @Test
    void aTenPercentChangeIsFoundAndTheDirectionFollowsTheMetric() {
        Random r = new Random(2);
        double[] a = Series.drifting(r, 20_000, 100, 0, 1, 0.1),
                b = Series.plus(Series.drifting(r, 20_000, 100, 0, 1, 0.1), 10);
        Comparison slower = Comparison.of(Metric.EVENT_TIME, "A", List.of(a), "B", List.of(b), O);
        assertThat(slower.verdict()).as(slower.reason()).isEqualTo("A faster");
        assertThat(slower.diffMedian().lo()).isPositive();
        assertThat(slower.relative()).isBetween(0.09, 0.11);
        assertThat(slower.effect()).isGreaterThan(slower.minEffect());
        assertThat(Comparison.of(Metric.EVENT_TIME, "A", List.of(b), "B", List.of(a), O)
                        .verdict())
                .isEqualTo("B faster");
        // For a rate, more is faster.
        assertThat(Comparison.of(Metric.ACHIEVED_RATE, "A", List.of(a), "B", List.of(b), O)
                        .verdict())
                .isEqualTo("B faster");
    }

    @Test
    void aSignificantDifferenceBelowTheLeastChangeIsNoDifference() {
        // Spread of nearly nothing: 0.4 % is far beyond it and certain, yet below the 1 % a verdict needs.
        Random r = new Random(3);
        double[] a = Series.normal(r, 5000, 100, 0.01), b = Series.normal(r, 5000, 100.4, 0.01);
        Comparison c = Comparison.of(Metric.EVENT_TIME, "A", List.of(a), "B", List.of(b), O);
        assertThat(c.diffMedian().excludesZero()).isTrue();
        assertThat(Math.abs(c.effect())).isGreaterThan(c.minEffect());
        assertThat(c.verdict()).isEqualTo(Comparison.NO_DIFFERENCE);
        assertThat(c.reason()).contains("0.40 %").contains("< 1 % of A");
        Comparison.Options anyChange = new Comparison.Options(1000, 1, 0.01, null, 0);
        assertThat(Comparison.of(Metric.EVENT_TIME, "A", List.of(a), "B", List.of(b), anyChange)
                        .verdict())
                .isEqualTo("A faster");
    }

    @Test
    void repetitionsAreComparedPerTrialWithTheRunToRunSpread() {
        // Three JVMs per run, each with its own offset (run-to-run spread 1): a shift of 0.5 is within it.
        Random r = new Random(4);
        List<double[]> a = jvms(r, 0), same = jvms(r, 0.5), slower = jvms(r, 10);
        Comparison c = Comparison.of(Metric.EVENT_TIME, "A", a, "B", same, O);
        assertThat(c.units()).isEqualTo(Units.Kind.TRIAL);
        assertThat(c.interval()).isEqualTo("Welch t");
        assertThat(c.a().count()).isEqualTo(3);
        assertThat(c.a().n()).isEqualTo(3 * 5000);
        assertThat(c.minEffect()).isEqualTo(1);
        assertThat(c.spread().length()).isZero();
        assertThat(c.verdict()).as(c.reason()).isEqualTo(Comparison.NO_DIFFERENCE);
        Comparison s = Comparison.of(Metric.EVENT_TIME, "A", a, "B", slower, O);
        assertThat(s.verdict()).as(s.reason()).isEqualTo("A faster");
        // A run with one trial against one with three: blocks, over every trial's values.
        Comparison mixed = Comparison.of(Metric.EVENT_TIME, "A", a.subList(0, 1), "B", same, O);
        assertThat(mixed.units()).isEqualTo(Units.Kind.BLOCK);
        assertThat(mixed.b().trials()).isEqualTo(3);
    }

    private static List<double[]> jvms(Random r, double shift) {
        return List.of(
                Series.normal(r, 5000, 100 + shift + r.nextGaussian(), 1),
                Series.normal(r, 5000, 100 + shift + r.nextGaussian(), 1),
                Series.normal(r, 5000, 100 + shift + r.nextGaussian(), 1));
    }

    @Test
    void tooFewUnitsIsNotEnoughData() {
        Comparison c = Comparison.of(
                Metric.EVENT_TIME, "A", List.of(new double[] {1}), "B", List.of(new double[] {1, 2, 3}), O);
        assertThat(c.verdict()).isEqualTo(Comparison.NOT_ENOUGH_DATA);
        assertThat(c.reason()).contains("A");
        assertThatThrownBy(() -> new Comparison.Options(100, 1, 0.01, -1.0, 0.01))
                .hasMessageContaining("min-effect");
        assertThatThrownBy(() -> new Comparison.Options(100, 1, 0.01, null, Double.NaN))
                .hasMessageContaining("min-change");
    }

    @Test
    void comparesTwoRunDirectoriesPerMetricCountingWhatSummaryCounts() throws Exception {
        // 40 bursts of 50; the first 8 bursts three times slower (a warm-up that MSER-5 cuts). B spins 20 % longer.
        TrialData a = TrialFiles.bursty(
                40, 50, 50_000_000, (b, p) -> (b < 8 ? 300_000 : 100_000) + (p * 37 + b * 11) % 100 * 10);
        TrialData b = TrialFiles.bursty(
                40, 50, 50_000_000, (bb, p) -> (bb < 8 ? 360_000 : 120_000) + (p * 37 + bb * 11) % 100 * 10);
        Path ra = TrialFiles.run(tmp.resolve("a"), List.of(a)), rb = TrialFiles.run(tmp.resolve("b"), List.of(b));
        RunComparison c = RunComparison.compare(List.of(ra, rb), true, O);
        List<Comparison> metrics = c.pairs().get(0).groups().get(0).metrics();
        assertThat(metrics)
                .extracting(Comparison::metric)
                .contains(
                        Metric.EVENT_TIME,
                        Metric.BURST_TIME,
                        Metric.END_TO_END_LATENCY,
                        Metric.SCHEDULED_LATENCY,
                        Metric.GENERATOR_LAG);
        Comparison ev = find(metrics, Metric.EVENT_TIME), burst = find(metrics, Metric.BURST_TIME);
        assertThat(ev.verdict()).as(ev.reason()).isEqualTo("A faster");
        assertThat(burst.verdict()).as(burst.reason()).isEqualTo("A faster");

        // The same n as summary: measured events after the warm-up cut, per metric.
        TrialSummary s = TrialSummary.load("t001", Map.of(), 0, ra.resolve("trials/t001"), AnalysisOptions.DEFAULT);
        assertThat(s.warmUp().applied()).isTrue();
        assertThat(ev.a().n()).isEqualTo(s.latency().processing().count()).isLessThan(2000);
        assertThat(find(metrics, Metric.SCHEDULED_LATENCY).a().n())
                .isEqualTo(s.latency().scheduled().count());
        assertThat(find(metrics, Metric.END_TO_END_LATENCY).a().n())
                .isEqualTo(s.latency().endToEnd().count());
        assertThat(burst.a().n()).isEqualTo(s.burstStats().bursts());

        String text = c.text();
        assertThat(text)
                .contains(
                        "A: " + ra,
                        "B: " + rb,
                        "event processing time",
                        "A faster",
                        "blocks of",
                        "Same configuration",
                        "Kolmogorov-Smirnov is not reported");
        String csv = c.csv();
        assertThat(csv.lines().findFirst().orElseThrow()).isEqualTo(RunComparison.CSV_HEADER);
        assertThat(csv)
                .containsPattern("(?m)^A,B,all,event_time,µs,block,\\d+,"
                        + ev.a().n() + "," + ev.b().n() + ",");
        JsonNode json = new ObjectMapper().readTree(c.json());
        JsonNode first = json.at("/pairs/0/groups/0/metrics/0");
        assertThat(first.get("metric").asText()).isEqualTo("event_time");
        assertThat(first.get("units").asText()).isEqualTo("block");
        assertThat(first.at("/diff_median/lo").isNumber()).isTrue();
        assertThat(first.at("/spread/value").isNumber()).isTrue();
        assertThat(first.at("/effect").isNumber()).isTrue();
        assertThat(first.at("/rank_sum_p").isNumber()).isTrue();
        assertThat(first.at("/a/n").asLong()).isEqualTo(ev.a().n());
        assertThat(json.at("/distributions/A/all/event_time/quantiles").size()).isEqualTo(101);
        assertThat(json.at("/runs/0/warm_ups/t001/series").asText()).isEqualTo("bursts");
    }

    @Test
    void eachWayTheRunsConfigurationsDifferIsListed() throws Exception {
        TrialData t = TrialFiles.bursty(20, 50, 50_000_000, (b, p) -> 100_000 + (p * 37 + b * 11) % 100 * 10);
        Path ra = setUp(TrialFiles.run(tmp.resolve("a"), List.of(t)), "100us", "[]", "Intel A");
        Path same = setUp(TrialFiles.run(tmp.resolve("same"), List.of(t)), "100us", "[]", "Intel A");
        Path other = setUp(TrialFiles.run(tmp.resolve("other"), List.of(t)), "110us", "[\"-Xint\"]", "AMD B");
        RunComparison c = RunComparison.compare(List.of(ra, same, other), true, O);
        RunComparison.Pair ab = c.pairs().get(0), ac = c.pairs().get(1);
        assertThat(ab.differences()).isEmpty();
        assertThat(ab.groups().get(0).differences()).isEmpty();
        assertThat(ac.differences())
                .containsExactly(
                        new Setup.Difference("workload engine.options.service_time", "\"100us\"", "\"110us\""),
                        new Setup.Difference("machine cpu_model", "\"Intel A\"", "\"AMD B\""));
        assertThat(ac.groups().get(0).differences())
                .containsExactly(new Setup.Difference("JVM options", "(none)", "[\"-Xint\"]"));
        String text = c.text();
        assertThat(text)
                .contains(
                        "Same configuration: workload, matrix values, JVM options, engine, machine and evperf (run.json).");
        assertThat(text)
                .contains("Configurations differ (A | C): workload engine.options.service_time: \"100us\" | \"110us\"; "
                        + "machine cpu_model: \"Intel A\" | \"AMD B\"; JVM options: (none) | [\"-Xint\"].");
        assertThat(c.csv()).contains("machine cpu_model");
    }

    /** Adds a workload, an environment and each trial's JVM options to a run.json written by {@link TrialFiles#run}. */
    private static Path setUp(Path run, String serviceTime, String jvm, String cpu) throws Exception {
        ObjectMapper m = new ObjectMapper();
        ObjectNode root = (ObjectNode) m.readTree(run.resolve("run.json").toFile());
        root.set(
                "workload",
                m.readTree("{\"name\": \"" + run.getFileName() + "\", \"engine\": {\"name\": \"null\", \"options\": "
                        + "{\"service_time\": \"" + serviceTime + "\"}}}"));
        root.set(
                "environment",
                m.readTree("{\"pid\": " + serviceTime.length()
                        + run.getFileName().toString().length() + ", \"cpu_model\": \"" + cpu
                        + "\", \"available_processors\": 2}"));
        for (JsonNode t : root.get("trials")) ((ObjectNode) t).set("jvm", m.readTree(jvm));
        Files.writeString(run.resolve("run.json"), m.writeValueAsString(root));
        return run;
    }

    @Test
    void sweepsWithTheSameConfigurationsAreComparedPerConfiguration() {
        // Both runs sweep d = 10 and 100 ms; only the d = 100 ms trials differ (B twice as slow).
        TrialData fast = TrialFiles.bursty(20, 30, 10_000_000, (b, p) -> 50_000 + (p * 7 + b) % 10 * 100);
        TrialData slow = TrialFiles.bursty(20, 30, 10_000_000, (b, p) -> 100_000 + (p * 7 + b) % 10 * 100);
        List<String> params = List.of("{\"d\": \"10ms\"}", "{\"d\": \"100ms\"}");
        Path ra = TrialFiles.run(tmp.resolve("sa"), List.of(fast, fast), params);
        Path rb = TrialFiles.run(tmp.resolve("sb"), List.of(fast, slow), params);
        RunComparison c = RunComparison.compare(List.of(ra, rb), false, O);
        RunComparison.Pair pair = c.pairs().get(0);
        assertThat(pair.matchedConfigurations()).isTrue();
        assertThat(pair.groups())
                .extracting(RunComparison.GroupComparison::group)
                .containsExactly("d=10ms", "d=100ms");
        assertThat(pair.groups().get(0).metrics().get(0).verdict()).isEqualTo(Comparison.NO_DIFFERENCE);
        assertThat(pair.groups().get(1).metrics().get(0).verdict()).isEqualTo("A faster");
        assertThat(c.runs().get(0).skipped()).containsExactly("t999 (failed)");
        assertThat(c.text()).contains("A vs B — d=10ms", "A vs B — d=100ms");
        // A run without the sweep is compared with all of a sweep's trials (two: per trial), and the text says so.
        Path single = TrialFiles.run(tmp.resolve("single"), List.of(fast));
        RunComparison pooled = RunComparison.compare(List.of(single, rb), false, O);
        RunComparison.Pair p = pooled.pairs().get(0);
        assertThat(p.matchedConfigurations()).isFalse();
        assertThat(p.groups().get(0).metrics().get(0).b().n()).isEqualTo(1200);
        assertThat(p.groups().get(0).metrics().get(0).b().trials()).isEqualTo(2);
        assertThat(p.differences()).contains(new Setup.Difference("matrix values", "all", "d=10ms; d=100ms"));
        assertThat(pooled.text()).contains("different configurations: all trials of each are pooled");
    }

    @Test
    void aDirectoryThatIsNotARunIsOneLineOfBadInput() throws Exception {
        Path notRun = Files.createDirectories(tmp.resolve("empty"));
        assertThatThrownBy(() -> RunComparison.compare(List.of(notRun, notRun), true, O))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a run directory")
                .hasMessageContaining(notRun.toString())
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        assertThatThrownBy(() -> RunComparison.compare(List.of(tmp.resolve("missing"), notRun), true, O))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("does not exist");
        Files.writeString(notRun.resolve("run.json"), "{\"trials\": 3}");
        assertThatThrownBy(() -> RunSamples.load(notRun, true))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("\"trials\" array");
    }

    static Comparison find(List<Comparison> metrics, Metric m) {
        return metrics.stream().filter(c -> c.metric() == m).findFirst().orElseThrow();
    }
}
