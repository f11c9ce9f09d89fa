package dev.evperf.analysis.stats;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/** {@link RunComparison} as text and CSV: the method in words, per pair its set-up differences, per group a table. */
final class ComparisonText {
    private ComparisonText() {}

    static String text(RunComparison c) {
        StringBuilder sb = new StringBuilder();
        for (RunComparison.Run r : c.runs()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%s: %s (%d trial%s%s)%n",
                    r.letter(),
                    r.dir(),
                    r.trials().size(),
                    r.trials().size() == 1 ? "" : "s",
                    r.skipped().isEmpty() ? "" : "; skipped " + String.join(", ", r.skipped())));
        }
        sb.append(method(c)).append('\n');
        for (RunComparison.Pair p : c.pairs()) {
            String pooled = c.pooledNote(p);
            if (!pooled.isEmpty()) sb.append('\n').append(pooled).append('\n');
            for (RunComparison.GroupComparison g : p.groups()) {
                sb.append(String.format(
                        Locale.ROOT, "%n%s vs %s%s%n", p.a(), p.b(), g.group().equals("all") ? "" : " — " + g.group()));
                sb.append(differences(p, g)).append('\n');
                table(sb, rows(p, g));
            }
        }
        return sb.toString();
    }

    static String method(RunComparison c) {
        Comparison.Options o = c.options();
        String level = NumberText.percent(1 - o.alpha());
        boolean blocks = c.pairs().stream()
                .flatMap(p -> p.groups().stream())
                .flatMap(g -> g.metrics().stream())
                .anyMatch(m -> m.units() == Units.Kind.BLOCK);
        List<String> lines = new ArrayList<>();
        lines.add(
                "Units: one per trial where both runs have 2 or more trials of a configuration; else blocks of consecutive values,"
                        + " as long as their autocorrelation needs (lag-1 of block medians at most " + Units.MAX_LAG1
                        + " from that length on;"
                        + " where some is left, the interval is widened by the factor shown).");
        lines.add(
                "Compared: the median (over trials: the mean of the trials' medians); Δ = second run − first, with its "
                        + level
                        + " interval (Welch's t over trials; over blocks a block bootstrap, " + o.resamples()
                        + " resamples, seed " + o.seed()
                        + "). Δ mean likewise. W p: Wilcoxon rank-sum over the units' medians.");
        lines.add(
                "Spread: the pooled standard deviation of the trials' medians (the run-to-run spread), or over blocks of the medians"
                        + " of tenths of each trial (how far one JVM's median wanders, standing in for the spread between JVMs).");
        String effect = o.minEffect() != null
                ? NumberText.plain(o.minEffect()) + " × spread"
                : "1 × spread over trials, " + NumberText.num(Comparison.blockMinEffect(o.alpha()))
                        + " × spread over blocks (z(1 - alpha/2) × √2: how far two runs differ by chance if JVMs differ by one spread)";
        lines.add("Verdict (alpha = " + NumberText.plain(o.alpha())
                + "): faster only when the interval excludes 0, |Δ| ≥ " + effect
                + " (--min-effect) and |Δ| ≥ " + NumberText.plain(100 * o.minChange())
                + " % of the first run's median (--min-change);"
                + " else no difference.");
        if (blocks) {
            lines.add("One trial per run: the spread between JVMs is not measured but assumed (docs/benchmarks.md);"
                    + " runs with repetitions (2 or more) are compared per trial, which measures it.");
        }
        lines.add("n: values as summary counts them (measured, "
                + (c.warmUpCut() ? "each trial's detected warm-up transient (MSER-5) left out)." : "warm-up kept).")
                + " Kolmogorov-Smirnov is not reported: over autocorrelated values its p-value is not valid.");
        return String.join("\n", lines);
    }

    /** Differences listed in the text (two different workloads differ in dozens of paths). */
    static final int SHOWN_DIFFERENCES = 8;

    static String differences(RunComparison.Pair p, RunComparison.GroupComparison g) {
        List<Setup.Difference> all = new ArrayList<>(p.differences());
        all.addAll(g.differences());
        if (all.isEmpty())
            return "Same configuration: workload, matrix values, JVM options, engine, machine and evperf (run.json).";
        String more = all.size() > SHOWN_DIFFERENCES
                ? "; and " + (all.size() - SHOWN_DIFFERENCES) + " more (--format json lists all)"
                : "";
        return "Configurations differ (" + p.a() + " | " + p.b() + "): "
                + all.stream()
                        .limit(SHOWN_DIFFERENCES)
                        .map(Setup.Difference::toString)
                        .collect(Collectors.joining("; "))
                + more + ".";
    }

    static List<String[]> rows(RunComparison.Pair p, RunComparison.GroupComparison g) {
        List<String[]> rows = new ArrayList<>();
        String level = g.metrics().isEmpty()
                ? ""
                : " [" + NumberText.percent(g.metrics().get(0).level()).replace(" ", "") + " CI]";
        rows.add(new String[] {
            "metric",
            "unit",
            "n " + p.a(),
            "n " + p.b(),
            "units " + p.a() + " | " + p.b(),
            "median " + p.a(),
            "median " + p.b(),
            "Δ median" + level,
            "Δ %",
            "Δ/spread",
            "Δ mean" + level,
            "W p",
            "verdict"
        });
        for (Comparison c : g.metrics()) {
            rows.add(new String[] {
                c.metric().title(),
                c.unit(),
                String.valueOf(c.a().n()),
                String.valueOf(c.b().n()),
                units(c),
                NumberText.num(c.a().median()),
                NumberText.num(c.b().median()),
                c.diffMedian() == null ? "-" : NumberText.formatInterval(c.diffMedian()),
                Double.isNaN(c.relative()) ? "-" : String.format(Locale.ROOT, "%+.1f", 100 * c.relative()),
                Double.isNaN(c.effect()) ? "-" : NumberText.signed(c.effect()),
                c.diffMean() == null ? "-" : NumberText.formatInterval(c.diffMean()),
                NumberText.p(c.rankSumP()),
                c.verdict() + " (" + c.reason() + ")"
            });
        }
        return rows;
    }

    /** e.g. "3 | 3 trials", "20 | 20 blocks of 25000, ×1.9". */
    static String units(Comparison c) {
        String count = c.a().count() + " | " + c.b().count();
        if (c.units() == Units.Kind.TRIAL) return count + " trials";
        double widen = Math.max(c.a().widen(), c.b().widen());
        return count + " blocks of " + c.blockLength()
                + (widen > 1.005 ? String.format(Locale.ROOT, ", ×%.2f", widen) : "");
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
                boolean left = c == 0 || c == 1 || c == 4 || c == cols - 1;
                String pad = " ".repeat(w[c] - r[c].length());
                line.append(left ? r[c] + (c == cols - 1 ? "" : pad) : pad + r[c]);
            }
            sb.append(line.toString().stripTrailing()).append('\n');
            if (i == 0) {
                StringBuilder rule = new StringBuilder();
                for (int c = 0; c < cols; c++) rule.append(c > 0 ? "  " : "").append("-".repeat(w[c]));
                sb.append(rule).append('\n');
            }
        }
    }

    static final String CSV_HEADER =
            "a,b,group,metric,unit,units,block_length,n_a,n_b,units_a,units_b,lag1_a,lag1_b,widen_a,widen_b,"
                    + "median_a,median_b,mean_a,mean_b,diff_median,diff_median_lo,diff_median_hi,diff_mean,diff_mean_lo,diff_mean_hi,"
                    + "level,interval,relative,spread,spread_length,effect,min_effect,min_change,rank_sum_p,alpha,verdict,reason,differences";

    /** One line per pair, group and metric. */
    static String csv(RunComparison rc) {
        StringBuilder sb = new StringBuilder(CSV_HEADER).append('\n');
        for (RunComparison.Pair p : rc.pairs()) {
            for (RunComparison.GroupComparison g : p.groups()) {
                List<Setup.Difference> diffs = new ArrayList<>(p.differences());
                diffs.addAll(g.differences());
                String differences =
                        diffs.stream().map(Setup.Difference::toString).collect(Collectors.joining("; "));
                for (Comparison c : g.metrics()) {
                    List<String> f = new ArrayList<>(List.of(
                            p.a(),
                            p.b(),
                            quote(g.group()),
                            c.metric().key(),
                            c.unit(),
                            c.units().key(),
                            String.valueOf(c.blockLength()),
                            String.valueOf(c.a().n()),
                            String.valueOf(c.b().n()),
                            String.valueOf(c.a().count()),
                            String.valueOf(c.b().count()),
                            d(c.a().lag1()),
                            d(c.b().lag1()),
                            d(c.a().widen()),
                            d(c.b().widen()),
                            d(c.a().median()),
                            d(c.b().median()),
                            d(c.a().mean()),
                            d(c.b().mean())));
                    interval(f, c.diffMedian());
                    interval(f, c.diffMean());
                    f.addAll(List.of(
                            d(c.level()),
                            c.interval(),
                            d(c.relative()),
                            c.spread() == null ? "" : d(c.spread().value()),
                            c.spread() == null ? "" : String.valueOf(c.spread().length()),
                            d(c.effect()),
                            d(c.minEffect()),
                            d(c.minChange()),
                            c.rankSumP() == null ? "" : d(c.rankSumP()),
                            d(c.alpha()),
                            c.verdict(),
                            quote(c.reason()),
                            quote(differences)));
                    sb.append(String.join(",", f)).append('\n');
                }
            }
        }
        return sb.toString();
    }

    private static void interval(List<String> f, Bootstrap.Interval i) {
        f.addAll(i == null ? List.of("", "", "") : List.of(d(i.estimate()), d(i.lo()), d(i.hi())));
    }

    private static String d(double v) {
        return Double.isNaN(v) || Double.isInfinite(v) ? "" : String.valueOf(v);
    }

    private static String quote(String s) {
        return s.contains(",") || s.contains("\"") ? '"' + s.replace("\"", "\"\"") + '"' : s;
    }
}
