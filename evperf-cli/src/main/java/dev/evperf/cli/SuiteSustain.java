package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.results.Json;
import dev.evperf.core.trial.Interrupts;
import dev.evperf.core.trial.SustainVerdict;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.results.Layout;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import dev.evperf.suites.run.SuiteTests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code evperf suite --sustain}: each engine's best sustained throughput at each test point, found
 * by {@code evperf sustain} itself (its search, its probes, its verdict), one search per point and
 * engine in {@code sustain/<test>-<value>-<engine>/} of the suite's results directory. The suite
 * only chooses the search's size (quick or full) and hands it the point's one-trial workload; what
 * a probe must do to count as sustained is sustain's criterion, stated with the results by
 * {@link #criterion}.
 */
final class SuiteSustain {
    /** The directory under the suite's results directory that holds the searches. */
    static final String DIR = "sustain";

    private SuiteSustain() {}

    /**
     * The search's size, written to run.json's suite section: quick keeps a search to a few short
     * probes (minutes per point on a loaded machine), full is {@code evperf sustain}'s own default.
     */
    static ObjectNode settings(boolean quick, double start, Integer probes) {
        ObjectNode s = Json.MAPPER.createObjectNode();
        s.put("start", start);
        s.put("factor", 4);
        s.put("precision_percent", quick ? 25 : 2);
        s.put("max_probes", probes != null ? probes : quick ? 4 : 10);
        s.put("warmup", quick ? "1s" : "2s");
        s.put("duration", quick ? "2s" : "5s");
        // a neutral query's events are made before the probe (~100–300 B each): keep a quick probe's small
        s.put("max_events", quick ? 200_000 : 10_000_000);
        // sustain's own defaults, passed explicitly so that the criterion stated with the figures is the one used
        s.put("max_lag", "50ms");
        s.put("backlog_tolerance_ms_per_s", 1.0);
        s.put("lag_tolerance", SustainVerdict.LAG_TOLERANCE);
        return s;
    }

    /** A search's directory name: the test, its point and the engine, as a file name. */
    static String key(String test, String value, String engine) {
        return (test + "-" + value + "-" + engine).replaceAll("[^A-Za-z0-9._-]", "_");
    }

    /**
     * Runs one search per test point and engine whose suite trial ran (an unsupported or failed point
     * has nothing to search), each followed by its steady trials at the rate it found ({@link
     * SuiteSteady}). @return how many searches or steady runs could not be run at all (bad input, a crash)
     */
    static int run(Main main, ObjectNode workload, JsonNode definition, RunFile run, Path runDir) throws Exception {
        JsonNode s = definition.path("sustain");
        int failed = 0;
        for (JsonNode test : definition.path("tests")) {
            // the adaptivity test's load is its own: SuiteAdaptivity searches its point itself when λ is per engine
            if (test.path("name").asText().equals(SuiteTests.ADAPTIVITY)) continue;
            for (JsonNode point : test.path("points")) {
                for (JsonNode e : definition.path("engines")) {
                    String engine = e.asText();
                    if (!ran(run, engine, point.path("spec"))) continue;
                    String key =
                            key(test.path("name").asText(), point.path("value").asText(), engine);
                    ObjectNode base = probeBase(workload, engine, point);
                    int exit = search(main, base, s, runDir, key);
                    // 1 is a search that did not converge: its bracket is still the finding
                    if (exit > 1) {
                        failed++;
                    } else {
                        // then the thesis's steady trials at the rate it found
                        failed += SuiteSteady.run(main, base, s, runDir.resolve(DIR), key);
                    }
                }
            }
        }
        return failed;
    }

    /**
     * One search: {@code evperf sustain} over {@code base} (the point's one-trial workload, written to
     * {@code sustain/<key>.yaml}) into {@code sustain/<key>/}, as the command line runs it; a search that
     * could not run at all leaves {@code sustain/<key>.failed} with the exit code. @return sustain's exit code
     */
    static int search(Main main, ObjectNode base, JsonNode s, Path runDir, String key) throws Exception {
        Path dir = runDir.resolve(DIR).resolve(key);
        Path file = runDir.resolve(DIR).resolve(key + ".yaml");
        Files.createDirectories(file.getParent());
        Files.writeString(file, WorkloadLoader.YAML.writeValueAsString(base));
        main.err.println("evperf: suite: best sustained throughput of " + key + " (evperf sustain " + file + ")");
        // evperf sustain as the command line runs it; its tables are progress here, so they go to err.
        int exit = Main.execute(
                main.err,
                main.err,
                "sustain",
                file.toString(),
                "--out",
                dir.toString(),
                "--start",
                num(s.path("start").asDouble()),
                "--factor",
                num(s.path("factor").asDouble()),
                "--precision",
                num(s.path("precision_percent").asDouble()),
                "--max-probes",
                s.path("max_probes").asText(),
                "--warmup",
                s.path("warmup").asText(),
                "--duration",
                s.path("duration").asText(),
                "--max-events",
                s.path("max_events").asText(),
                "--max-lag",
                s.path("max_lag").asText(),
                "--backlog-tolerance",
                num(s.path("backlog_tolerance_ms_per_s").asDouble()),
                "--lag-tolerance",
                num(s.path("lag_tolerance").asDouble()));
        stopOnSignal(exit, "the sustain search of " + key, runDir);
        if (exit > 1) {
            Files.writeString(
                    runDir.resolve(DIR).resolve(key + ".failed"),
                    "evperf sustain " + file + " exited with " + exit + " (its message is in the suite's log)\n");
        }
        return exit;
    }

    /**
     * A nested command (a search, a steady run) that ended on SIGINT or SIGTERM took the signal for itself: it
     * recorded its own work as interrupted and exited with 128 + the signal's number. The suite stops there too,
     * rather than starting the next search as if one had failed.
     */
    static void stopOnSignal(int exit, String what, Path runDir) {
        String signal = exit == 130 ? "SIGINT" : exit == 143 ? "SIGTERM" : null;
        if (signal != null)
            throw new Interrupts.RunInterrupted(
                    "interrupted by " + signal + " during " + what + "; the suite stopped there, results in " + runDir,
                    signal,
                    exit);
    }

    private static boolean ran(RunFile run, String engine, JsonNode spec) {
        for (RunFile.Trial t : run.trials()) {
            if (t.ok()
                    && engine.equals(t.params().path("engine.name").asText())
                    && spec.equals(t.params().path("engine.query"))) return true;
        }
        return false;
    }

    /** The suite's workload for one engine and point: no matrix, no repetitions (sustain replaces the load). */
    static ObjectNode probeBase(ObjectNode workload, String engine, JsonNode point) {
        ObjectNode w = workload.deepCopy();
        w.remove("matrix");
        w.remove("repetitions");
        ObjectNode e = w.withObject("/engine");
        e.put("name", engine);
        e.set("query", point.path("spec"));
        return w;
    }

    /**
     * One point's search as the suite reports it, from the search's run.json: the highest sustained
     * rate, the lowest failed one, the bracket, the probes and whether the probes' outputs validated.
     * @return null when no search was run for the point
     */
    static ObjectNode result(Path runDir, String test, String value, String engine) throws IOException {
        Path dir = runDir.resolve(DIR).resolve(key(test, value, engine));
        Path runJson = dir.resolve(Layout.RUN_JSON);
        Path failed = runDir.resolve(DIR).resolve(key(test, value, engine) + ".failed");
        if (!Files.exists(runJson) && Files.exists(failed)) {
            return Json.MAPPER
                    .createObjectNode()
                    .put("dir", runDir.relativize(dir).toString())
                    .put("error", Files.readString(failed).strip());
        }
        if (!Files.exists(runJson)) return null;
        RunFile run = RunDir.open(dir).run();
        JsonNode sustain = run.sustain();
        ObjectNode r = Json.MAPPER.createObjectNode();
        r.put("dir", runDir.relativize(dir).toString());
        if (sustain == null || !sustain.isObject())
            return r.put("error", "the search did not finish (no sustain section in its run.json)");
        r.put("sustainable_rate", sustain.path("sustainable_rate").asDouble(Double.NaN));
        r.put("lowest_failed_rate", sustain.path("lowest_failed_rate").asDouble(Double.NaN));
        r.put("bracket_percent", sustain.path("bracket_percent").asDouble(Double.NaN));
        r.put("converged", sustain.path("converged").asBoolean());
        r.put("probes", sustain.path("probes").asInt());
        List<String> invalid = new ArrayList<>();
        for (RunFile.Trial t : run.trials()) {
            if (t.validation() != null
                    && t.validation().path("verdict").asText().equals("invalid")) invalid.add(t.id());
        }
        // A probe with wrong outputs flags the rate, as a suite trial's invalid outputs flag its figures.
        r.put("probes_invalid", invalid.size());
        return r;
    }

    /** Sustain's criterion and the search's size, stated with the figures. */
    static String criterion(JsonNode s) {
        return String.format(
                Locale.ROOT,
                "Best sustained throughput: evperf sustain's search per point and engine (sustain/<test>-<value>-<engine>/),"
                        + " each probe a fresh trial JVM at a constant rate, %s warm-up then %s measured (at most %s events)."
                        + " A probe is sustained when it achieved ≥ 99 %% of its rate, its sends were never more than %s"
                        + " behind schedule, its scheduled latency shows no growing backlog (slope ≤ %s ms/s, or within 3"
                        + " standard errors) and, for engines behind Kafka, the consumer lag grows by at most %s %% of the"
                        + " rate. The search starts at %s ev/s, multiplies by %s while probes pass, then brackets the"
                        + " capacity to %s %%, in at most %s probes; the figure is the highest rate sustained, next to the"
                        + " lowest that was not. Probes are validated like every trial.",
                s.path("warmup").asText(),
                s.path("duration").asText(),
                s.path("max_events").asText(),
                s.path("max_lag").asText(),
                num(s.path("backlog_tolerance_ms_per_s").asDouble()),
                num(s.path("lag_tolerance").asDouble() * 100),
                num(s.path("start").asDouble()),
                num(s.path("factor").asDouble()),
                num(s.path("precision_percent").asDouble()),
                s.path("max_probes").asText());
    }

    /** The table's headers and one row's cells, for suite.md and suite.html. */
    static final List<String> HEADERS = List.of(
            "test",
            "point",
            "engine",
            "best sustained ev/s",
            "lowest failed ev/s",
            "bracket %",
            "converged",
            "probes",
            "probes with wrong outputs",
            "search");

    static List<List<String>> table(JsonNode data) {
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode t : data.path("tests")) {
            for (JsonNode r : t.path("rows")) {
                JsonNode s = r.path("sustain");
                if (s.isMissingNode()) continue;
                List<String> c = new ArrayList<>(List.of(
                        t.path("test").path("name").asText(),
                        r.path("factor").asText(),
                        r.path("engine").asText()));
                if (s.isNull()) {
                    c.addAll(List.of("–", "–", "–", "–", "–", "–", "not searched: the suite's trial did not run"));
                } else if (s.has("error")) {
                    c.addAll(List.of(
                            "–",
                            "–",
                            "–",
                            "–",
                            "–",
                            "–",
                            s.path("dir").asText() + ": " + s.path("error").asText()));
                } else {
                    c.add(SuiteReport.num(s.path("sustainable_rate").asDouble(Double.NaN)));
                    c.add(SuiteReport.num(s.path("lowest_failed_rate").asDouble(Double.NaN)));
                    c.add(SuiteReport.num(s.path("bracket_percent").asDouble(Double.NaN)));
                    c.add(s.path("converged").asBoolean() ? "yes" : "no");
                    c.add(s.path("probes").asText());
                    c.add(s.path("probes_invalid").asText());
                    c.add(s.path("dir").asText());
                }
                rows.add(c);
            }
        }
        return rows;
    }

    /** suite.md's section: the criterion, then a row per point and engine. */
    static String markdown(JsonNode data) {
        if (!data.has("sustain_criterion")) return "";
        StringBuilder md = new StringBuilder("\n## Best sustained throughput\n\n")
                .append(data.path("sustain_criterion").asText())
                .append("\n\n| ")
                .append(String.join(" | ", HEADERS))
                .append(" |\n")
                .append("|---".repeat(HEADERS.size()))
                .append("|\n");
        for (List<String> c : table(data))
            md.append("| ").append(String.join(" | ", c)).append(" |\n");
        return md.toString();
    }

    /** suite.html's section, the same table. */
    static String html(JsonNode data) {
        if (!data.has("sustain_criterion")) return "";
        StringBuilder h = new StringBuilder("<h2>Best sustained throughput</h2><p>"
                + SuiteHtml.esc(data.path("sustain_criterion").asText()) + "</p><table><tr>");
        for (String x : HEADERS) h.append("<th>").append(SuiteHtml.esc(x)).append("</th>");
        h.append("</tr>");
        for (List<String> c : table(data)) {
            h.append("<tr>");
            for (String x : c) h.append("<td>").append(SuiteHtml.esc(x)).append("</td>");
            h.append("</tr>");
        }
        return h.append("</table>").toString();
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }
}
