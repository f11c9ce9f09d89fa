package dev.evperf.analysis.stats;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code evperf compare RUN_A RUN_B …}: the first run (A) against each other run (B, C, …), every
 * {@link Metric} that both have, per configuration when both runs have the same matrix
 * configurations (repetitions pooled), else over all their trials pooled. Each row is a
 * {@link Comparison}: difference b − a with bootstrap 95 % intervals, KS and rank-sum p-values,
 * verdict at alpha.
 *
 * <p>For overlaid charts, {@link #distributions} holds every run's samples as 101 nearest-rank
 * quantiles (p0 … p100) per configuration and metric; {@link RunSamples#load} gives the raw
 * values.
 *
 * @param runs          letter, directory and the trials analysed or skipped, per run
 * @param pairs         A vs B, A vs C, …
 * @param distributions run letter → group label → metric key → quantiles
 * @param warmUpCut     whether each trial's detected warm-up was left out
 */
public record RunComparison(List<Run> runs, List<Pair> pairs, Map<String, Map<String, Map<String, Distribution>>> distributions,
                            boolean warmUpCut, Comparison.Options options) {

    /**
     * A compared run.
     *
     * @param configurations the labels of its matrix configurations ("all" without a matrix)
     * @param warmUps        per trial, the detected warm-up (series, truncation, end)
     */
    public record Run(String letter, String dir, String name, List<String> trials, List<String> configurations, List<String> skipped,
                      Map<String, dev.evperf.analysis.warmup.WarmUp> warmUps) {}

    private Run run(String letter) {
        return runs.stream().filter(r -> r.letter().equals(letter)).findFirst().orElseThrow();
    }

    /** The comparisons of run {@code a} with run {@code b}, per group. */
    public record Pair(String a, String b, boolean matchedConfigurations, List<GroupComparison> groups) {}

    public record GroupComparison(String group, List<Comparison> metrics) {}

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
        if (runDirs.size() < 2) throw new IllegalArgumentException("compare needs at least two run directories, got " + runDirs.size());
        List<RunSamples> samples = new ArrayList<>();
        for (Path p : runDirs) samples.add(RunSamples.load(p, cutWarmUp));
        return compareSamples(samples, cutWarmUp, options);
    }

    public static RunComparison compareSamples(List<RunSamples> samples, boolean cutWarmUp, Comparison.Options options) {
        List<Run> runs = new ArrayList<>();
        Map<String, Map<String, Map<String, Distribution>>> dists = new LinkedHashMap<>();
        for (int i = 0; i < samples.size(); i++) {
            RunSamples s = samples.get(i);
            String letter = letter(i);
            List<String> trials = s.groups().stream().flatMap(g -> g.trials().stream()).toList();
            if (trials.isEmpty()) {
                throw new IllegalArgumentException(s.runDir() + ": no trial to compare (every trial failed or is unreadable: "
                        + String.join("; ", s.skipped()) + ")");
            }
            runs.add(new Run(letter, s.runDir().toString(), s.name(), trials,
                    s.groups().stream().map(RunSamples.Group::label).toList(), s.skipped(), s.warmUps()));
        }
        RunSamples a = samples.get(0);
        List<Pair> pairs = new ArrayList<>();
        for (int i = 1; i < samples.size(); i++) {
            RunSamples b = samples.get(i);
            boolean matched = keys(a).equals(keys(b)) && a.groups().size() > 1;
            List<RunSamples.Group> ga = matched ? a.groups() : List.of(a.pooled());
            List<RunSamples.Group> gb = matched ? b.groups() : List.of(b.pooled());
            List<GroupComparison> groups = new ArrayList<>();
            for (int g = 0; g < ga.size(); g++) {
                RunSamples.Group x = ga.get(g);
                RunSamples.Group y = matched ? gb.stream().filter(o -> o.key().equals(x.key())).findFirst().orElseThrow() : gb.get(0);
                groups.add(new GroupComparison(x.label(), compare(x, letter(0), y, letter(i), options)));
                record(dists, letter(0), x);
                record(dists, letter(i), y);
            }
            pairs.add(new Pair(letter(0), letter(i), matched, groups));
        }
        return new RunComparison(runs, pairs, dists, cutWarmUp, options);
    }

    private static List<Comparison> compare(RunSamples.Group x, String a, RunSamples.Group y, String b, Comparison.Options o) {
        List<Comparison> out = new ArrayList<>();
        for (Metric m : Metric.values()) {
            if (!x.samples().containsKey(m) && !y.samples().containsKey(m)) continue;
            double[] va = x.values(m), vb = y.values(m);
            if (va.length == 0 && vb.length == 0) continue;
            out.add(Comparison.of(m, a, va, b, vb, o));
        }
        return out;
    }

    private static void record(Map<String, Map<String, Map<String, Distribution>>> dists, String letter, RunSamples.Group g) {
        Map<String, Distribution> perMetric = dists.computeIfAbsent(letter, k -> new LinkedHashMap<>())
                .computeIfAbsent(g.label(), k -> new LinkedHashMap<>());
        if (!perMetric.isEmpty()) return;
        g.samples().forEach((m, v) -> perMetric.put(m.key(), Distribution.of(m, v)));
    }

    private static Set<String> keys(RunSamples s) {
        return s.groups().stream().map(RunSamples.Group::key).collect(Collectors.toSet());
    }

    static String letter(int i) {
        return i < 26 ? String.valueOf((char) ('A' + i)) : "R" + (i + 1);
    }

    // ---- rendering ----

    public String text() {
        StringBuilder sb = new StringBuilder();
        for (Run r : runs) {
            sb.append(String.format(Locale.ROOT, "%s: %s (%d trial%s%s)%n", r.letter(), r.dir(), r.trials().size(),
                    r.trials().size() == 1 ? "" : "s", r.skipped().isEmpty() ? "" : "; skipped " + String.join(", ", r.skipped())));
        }
        sb.append(method()).append('\n');
        for (Pair p : pairs) {
            String pooled = pooledNote(p);
            if (!pooled.isEmpty()) sb.append('\n').append(pooled).append('\n');
            for (GroupComparison g : p.groups()) {
                sb.append(String.format(Locale.ROOT, "%n%s vs %s%s%n", p.a(), p.b(),
                        g.group().equals("all") ? "" : " — " + g.group()));
                table(sb, rows(p, g));
            }
        }
        return sb.toString();
    }

    /** How the figures were obtained, three lines: the text output's and the HTML page's preamble. */
    public String method() {
        return String.format(Locale.ROOT, "Differences are the second run minus the first, with bootstrap 95%% intervals (%d resamples, seed %d);%n"
                + "p-values: two-sample Kolmogorov-Smirnov (KS) and Wilcoxon rank-sum (W); verdict from W at alpha = %s.%n"
                + "Warm-up: %s.", options.resamples(), options.seed(), java.math.BigDecimal.valueOf(options.alpha()).stripTrailingZeros().toPlainString(),
                warmUpCut ? "each trial's detected transient (MSER-5) left out" : "kept");
    }

    /** Why a pair has one "all" group though its runs have several configurations; "" otherwise. */
    public String pooledNote(Pair p) {
        boolean several = run(p.a()).configurations().size() > 1 || run(p.b()).configurations().size() > 1;
        return !p.matchedConfigurations() && several
                ? p.a() + " and " + p.b() + " have different configurations: all trials of each are pooled." : "";
    }

    /** The table of one pair and group, header row first, as the text output prints it (the HTML page shows the same cells). */
    public static List<String[]> rows(Pair p, GroupComparison g) {
        List<String[]> rows = new ArrayList<>();
        rows.add(new String[]{"metric", "unit", "n " + p.a(), "n " + p.b(), "median " + p.a(), "median " + p.b(),
                "Δ median [95% CI]", "Δ mean [95% CI]", "KS p", "W p", "verdict"});
        for (Comparison c : g.metrics()) {
            rows.add(new String[]{c.metric().title(), c.unit(), String.valueOf(c.nA()), String.valueOf(c.nB()),
                    Comparison.num(c.medianA()), Comparison.num(c.medianB()),
                    c.diff() == null ? "-" : Comparison.formatInterval(c.diff().median()),
                    c.diff() == null ? "-" : Comparison.formatInterval(c.diff().mean()),
                    c.ks() == null ? "-" : Comparison.p(c.ks().p()), c.rankSum() == null ? "-" : Comparison.p(c.rankSum().p()),
                    c.verdict() + (c.distributionsDiffer() && c.verdict().equals(Comparison.NO_DIFFERENCE)
                            ? " (distributions differ: KS)" : "")});
        }
        return rows;
    }

    private static void table(StringBuilder sb, List<String[]> rows) {
        int cols = rows.get(0).length;
        int[] w = new int[cols];
        for (String[] r : rows) for (int c = 0; c < cols; c++) w[c] = Math.max(w[c], r[c].length());
        for (int i = 0; i < rows.size(); i++) {
            String[] r = rows.get(i);
            StringBuilder line = new StringBuilder();
            for (int c = 0; c < cols; c++) {
                if (c > 0) line.append("  ");
                boolean left = c == 0 || c == 1 || c == cols - 1;
                String cell = r[c];
                String pad = " ".repeat(w[c] - cell.length());
                line.append(left ? cell + (c == cols - 1 ? "" : pad) : pad + cell);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
            if (i == 0) {
                StringBuilder rule = new StringBuilder();
                for (int c = 0; c < cols; c++) rule.append(c > 0 ? "  " : "").append("-".repeat(w[c]));
                sb.append(rule).append('\n');
            }
        }
    }

    public static final String CSV_HEADER = "a,b,group,metric,unit,n_a,n_b,mean_a,mean_b,median_a,median_b,"
            + "diff_mean,diff_mean_lo,diff_mean_hi,diff_median,diff_median_lo,diff_median_hi,relative_median,"
            + "ks_d,ks_p,rank_sum_u,rank_sum_p,prob_a_less,alpha,verdict,distributions_differ";

    /** One line per pair, group and metric. */
    public String csv() {
        StringBuilder sb = new StringBuilder(CSV_HEADER).append('\n');
        for (Pair p : pairs) {
            for (GroupComparison g : p.groups()) {
                for (Comparison c : g.metrics()) {
                    List<String> f = new ArrayList<>(List.of(p.a(), p.b(), quote(g.group()), c.metric().key(), c.unit(),
                            String.valueOf(c.nA()), String.valueOf(c.nB()), d(c.meanA()), d(c.meanB()), d(c.medianA()), d(c.medianB())));
                    if (c.diff() == null) {
                        for (int i = 0; i < 6; i++) f.add("");
                    } else {
                        f.addAll(List.of(d(c.diff().mean().estimate()), d(c.diff().mean().lo()), d(c.diff().mean().hi()),
                                d(c.diff().median().estimate()), d(c.diff().median().lo()), d(c.diff().median().hi())));
                    }
                    f.add(d(c.relativeMedian()));
                    f.addAll(c.ks() == null ? List.of("", "") : List.of(d(c.ks().d()), d(c.ks().p())));
                    f.addAll(c.rankSum() == null ? List.of("", "", "")
                            : List.of(d(c.rankSum().u()), d(c.rankSum().p()), d(c.rankSum().probALess())));
                    f.addAll(List.of(d(c.alpha()), c.verdict(), String.valueOf(c.distributionsDiffer())));
                    sb.append(String.join(",", f)).append('\n');
                }
            }
        }
        return sb.toString();
    }

    public String json() {
        return JsonSupport.write(this);
    }

    private static String d(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "" : String.valueOf(v);
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
