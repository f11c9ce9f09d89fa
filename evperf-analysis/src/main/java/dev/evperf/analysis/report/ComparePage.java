package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.stats.Metric;
import dev.evperf.analysis.stats.RunComparison;
import dev.evperf.analysis.stats.RunWarnings;
import java.nio.file.Path;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code evperf compare … --html FILE}: a {@link RunComparison} as one self-contained page: the
 * runs, the method, per pair and group how the configurations differ and the text output's
 * tables, and per group and metric one chart with every run's distribution overlaid (CDFs on
 * shared axes, means marked). Each distribution goes in as its 101 quantiles, never the raw
 * samples, so the page stays small whatever the runs' sizes.
 */
public final class ComparePage {
    private ComparePage() {}

    /**
     * @return the bytes written
     * @throws java.io.UncheckedIOException naming the file when it cannot be written
     */
    public static long write(RunComparison c, Path file) {
        return write(c, List.of(), file);
    }

    /** The page with the runs' warnings and disturbed trials (as the text output lists them) above the differences. */
    public static long write(RunComparison c, List<RunWarnings> warnings, Path file) {
        String title = "evperf compare: "
                + String.join(
                        " vs ", c.runs().stream().map(RunComparison.Run::letter).toList());
        return HtmlPage.write(file, HtmlPage.render(title, "compare.js", model(c, warnings), new ObjectMapper()));
    }

    static ObjectNode model(RunComparison c) {
        return model(c, List.of());
    }

    static ObjectNode model(RunComparison c, List<RunWarnings> warnings) {
        ObjectNode d = J.obj();
        // the text output's block, line by line: a run's headline, then its warnings (empty: none)
        ArrayNode lines = d.putArray("warnings");
        RunWarnings.text(warnings).strip().lines().skip(1).forEach(lines::add);
        d.put("generated", Instant.now().toString());
        d.put("method", c.method());
        ArrayNode runs = d.putArray("runs");
        for (RunComparison.Run r : c.runs()) {
            ObjectNode o = runs.addObject();
            o.put("letter", r.letter());
            o.put("dir", r.dir());
            o.put("name", r.name());
            o.put("trials", r.trials().size());
            o.put("configurations", String.join("; ", r.configurations()));
            o.put("skipped", String.join("; ", r.skipped()));
            o.put("warmUp", warmUp(r, c.warmUpCut()));
        }
        ArrayNode tables = d.putArray("tables");
        for (RunComparison.Pair p : c.pairs()) {
            String note = c.pooledNote(p);
            for (RunComparison.GroupComparison g : p.groups()) {
                ObjectNode t = tables.addObject();
                t.put("title", p.a() + " vs " + p.b() + (g.group().equals("all") ? "" : " — " + g.group()));
                t.put("note", note);
                note = ""; // said once per pair
                t.put("setup", RunComparison.differences(p, g));
                t.put(
                        "setupDiffers",
                        !p.differences().isEmpty() || !g.differences().isEmpty());
                ArrayNode rows = t.putArray("rows");
                for (String[] row : RunComparison.rows(p, g)) {
                    ArrayNode r = rows.addArray();
                    for (String cell : row) r.add(cell);
                }
            }
        }
        d.set("charts", charts(c.distributions()));
        return d;
    }

    /** One chart per group and metric, a series per run that has that sample. */
    private static ArrayNode charts(Map<String, Map<String, Map<String, RunComparison.Distribution>>> byRun) {
        Set<String> groups = new LinkedHashSet<>();
        byRun.values().forEach(g -> groups.addAll(g.keySet()));
        ArrayNode charts = J.arr();
        for (String group : groups) {
            for (Metric m : Metric.values()) {
                ArrayNode series = J.arr();
                byRun.forEach((letter, perGroup) -> {
                    RunComparison.Distribution dist =
                            perGroup.getOrDefault(group, Map.of()).get(m.key());
                    if (dist == null || dist.n() == 0) return;
                    ObjectNode s = series.addObject();
                    s.put("run", letter);
                    s.put("n", dist.n());
                    s.set("mean", J.sig(dist.mean(), 5));
                    s.set("q", J.nums(dist.quantiles(), 5));
                });
                if (series.isEmpty()) continue;
                ObjectNode chart = charts.addObject();
                chart.put("group", group);
                chart.put("metric", m.key());
                chart.put("title", m.title() + (group.equals("all") ? "" : " — " + group));
                chart.put("unit", m.unit());
                chart.set("series", series);
            }
        }
        return charts;
    }

    private static String warmUp(RunComparison.Run r, boolean cut) {
        if (!cut) return "kept";
        long found =
                r.warmUps().values().stream().filter(w -> w.truncation() > 0).count();
        long inconclusive =
                r.warmUps().values().stream().filter(w -> w.inconclusive()).count();
        return "cut (MSER-5): a transient in " + found + " of " + r.warmUps().size() + " trial"
                + (r.warmUps().size() == 1 ? "" : "s")
                + (inconclusive == 0 ? "" : ", inconclusive (nothing cut) in " + inconclusive);
    }
}
