package dev.evperf.analysis.stats;

import dev.evperf.analysis.warmup.WarmUp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code evperf compare RUN_A RUN_B …}: the first run (A) against each other run (B, C, …), every
 * {@link Metric} that both have, per configuration when both runs have the same matrix
 * configurations, else over all their trials pooled. Each row is a {@link Comparison} on
 * {@link Units} (trials when both sides have repetitions, else blocks); each pair says how the
 * two runs' configurations differ ({@link Setup}), so a difference between runs of different
 * set-ups is not read as one between engines.
 *
 * <p>For overlaid charts, {@link #distributions} holds every run's samples as 101 nearest-rank
 * quantiles (p0 … p100) per configuration and metric.
 *
 * @param runs          letter, directory and the trials analysed or skipped, per run
 * @param pairs         A vs B, A vs C, …
 * @param distributions run letter → group label → metric key → quantiles
 * @param warmUpCut     whether each trial's detected warm-up was left out
 */
public record RunComparison(
        List<Run> runs,
        List<Pair> pairs,
        Map<String, Map<String, Map<String, Distribution>>> distributions,
        boolean warmUpCut,
        Comparison.Options options) {

    /**
     * A compared run.
     *
     * @param configurations the labels of its matrix configurations ("all" without a matrix)
     * @param warmUps        per trial, the detected warm-up (series, truncation, end)
     */
    public record Run(
            String letter,
            String dir,
            String name,
            List<String> trials,
            List<String> configurations,
            List<String> skipped,
            Map<String, WarmUp> warmUps) {}

    Run run(String letter) {
        return runs.stream().filter(r -> r.letter().equals(letter)).findFirst().orElseThrow();
    }

    /**
     * The comparisons of run {@code a} with run {@code b}, per group.
     *
     * @param differences how the two runs' workloads, machines and evperf builds differ (empty: not at all)
     */
    public record Pair(
            String a,
            String b,
            boolean matchedConfigurations,
            List<Setup.Difference> differences,
            List<GroupComparison> groups) {}

    /** @param differences how the JVM options and engine versions of the group's trials differ */
    public record GroupComparison(String group, List<Setup.Difference> differences, List<Comparison> metrics) {}

    /** A sample summarised for a chart: its size, mean and 101 quantiles p0 … p100. */
    public record Distribution(String unit, int n, double mean, double[] quantiles) {
        static Distribution of(Metric m, double[] v) {
            double[] s = v.clone();
            Arrays.sort(s);
            double[] q = new double[s.length == 0 ? 0 : 101];
            for (int i = 0; i < q.length; i++) q[i] = Describe.quantileSorted(s, i / 100.0);
            return new Distribution(m.unit(), s.length, Describe.mean(s), q);
        }
    }

    public static RunComparison compare(List<Path> runDirs, boolean cutWarmUp, Comparison.Options options) {
        if (runDirs.size() < 2)
            throw new IllegalArgumentException("compare needs at least two run directories, got " + runDirs.size());
        List<RunSamples> samples = new ArrayList<>();
        for (Path p : runDirs) samples.add(RunSamples.load(p, cutWarmUp));
        return compareSamples(samples, cutWarmUp, options);
    }

    public static RunComparison compareSamples(
            List<RunSamples> samples, boolean cutWarmUp, Comparison.Options options) {
        List<Run> runs = new ArrayList<>();
        Map<String, Map<String, Map<String, Distribution>>> dists = new LinkedHashMap<>();
        for (int i = 0; i < samples.size(); i++) {
            RunSamples s = samples.get(i);
            List<String> trials =
                    s.groups().stream().flatMap(g -> g.trials().stream()).toList();
            if (trials.isEmpty()) {
                throw new IllegalArgumentException(
                        s.runDir() + ": no trial to compare (every trial failed or is unreadable: "
                                + String.join("; ", s.skipped()) + ")");
            }
            runs.add(new Run(
                    letter(i),
                    s.runDir().toString(),
                    s.name(),
                    trials,
                    s.groups().stream().map(RunSamples.Group::label).toList(),
                    s.skipped(),
                    s.warmUps()));
        }
        RunSamples a = samples.get(0);
        List<Pair> pairs = new ArrayList<>();
        for (int i = 1; i < samples.size(); i++) {
            RunSamples b = samples.get(i);
            boolean matched = keys(a).equals(keys(b)) && a.groups().size() > 1;
            List<RunSamples.Group> ga = matched ? a.groups() : List.of(a.pooled());
            List<RunSamples.Group> gb = matched ? b.groups() : List.of(b.pooled());
            List<Setup.Difference> differences = Setup.between(a.setup(), b.setup());
            if (!matched && !keys(a).equals(keys(b))) {
                differences = new ArrayList<>(differences);
                differences.add(new Setup.Difference("matrix values", labels(a), labels(b)));
            }
            List<GroupComparison> groups = new ArrayList<>();
            for (RunSamples.Group x : ga) {
                RunSamples.Group y = matched
                        ? gb.stream()
                                .filter(o -> o.key().equals(x.key()))
                                .findFirst()
                                .orElseThrow()
                        : gb.get(0);
                groups.add(new GroupComparison(
                        x.label(), Setup.between(x.setup(), y.setup()), compare(x, letter(0), y, letter(i), options)));
                record(dists, letter(0), x);
                record(dists, letter(i), y);
            }
            pairs.add(new Pair(letter(0), letter(i), matched, List.copyOf(differences), groups));
        }
        return new RunComparison(runs, pairs, dists, cutWarmUp, options);
    }

    private static List<Comparison> compare(
            RunSamples.Group x, String a, RunSamples.Group y, String b, Comparison.Options o) {
        List<Comparison> out = new ArrayList<>();
        for (Metric m : Metric.values()) {
            List<double[]> sa = x.series(m), sb = y.series(m);
            if (sa.stream().allMatch(v -> v.length == 0) && sb.stream().allMatch(v -> v.length == 0)) continue;
            out.add(Comparison.of(m, a, sa, b, sb, o));
        }
        return out;
    }

    private static void record(
            Map<String, Map<String, Map<String, Distribution>>> dists, String letter, RunSamples.Group g) {
        Map<String, Distribution> perMetric = dists.computeIfAbsent(letter, k -> new LinkedHashMap<>())
                .computeIfAbsent(g.label(), k -> new LinkedHashMap<>());
        if (!perMetric.isEmpty()) return;
        g.series().keySet().forEach(m -> perMetric.put(m.key(), Distribution.of(m, g.values(m))));
    }

    private static Set<String> keys(RunSamples s) {
        return s.groups().stream().map(RunSamples.Group::key).collect(Collectors.toSet());
    }

    private static String labels(RunSamples s) {
        return s.groups().stream().map(RunSamples.Group::label).collect(Collectors.joining("; "));
    }

    static String letter(int i) {
        return i < 26 ? String.valueOf((char) ('A' + i)) : "R" + (i + 1);
    }

    // ---- rendering (ComparisonText) ----

    public String text() {
        return ComparisonText.text(this);
    }

    /** How the figures were obtained: the text output's and the HTML page's preamble, one line per sentence. */
    public String method() {
        return ComparisonText.method(this);
    }

    /** Why a pair has one "all" group though its runs have several configurations; "" otherwise. */
    public String pooledNote(Pair p) {
        boolean several = run(p.a()).configurations().size() > 1
                || run(p.b()).configurations().size() > 1;
        return !p.matchedConfigurations() && several
                ? p.a() + " and " + p.b() + " have different configurations: all trials of each are pooled."
                : "";
    }

    /** The table of one pair and group, header row first, as the text output prints it (the HTML page shows the same cells). */
    public static List<String[]> rows(Pair p, GroupComparison g) {
        return ComparisonText.rows(p, g);
    }

    /** One line: how the configurations of a pair (and one of its groups) differ, or that they do not. */
    public static String differences(Pair p, GroupComparison g) {
        return ComparisonText.differences(p, g);
    }

    public static final String CSV_HEADER = ComparisonText.CSV_HEADER;

    /** One line per pair, group and metric. */
    public String csv() {
        return ComparisonText.csv(this);
    }

    public String json() {
        return JsonSupport.write(this);
    }
}
