package dev.evperf.cli;

import static dev.evperf.results.LatencyMode.PROCESSING;
import static dev.evperf.results.LatencyMode.SCHEDULED;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.results.Json;
import dev.evperf.core.trial.SpecCheck;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import dev.evperf.results.TrialResult;
import dev.evperf.suites.run.SuiteTests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The suite's section of a results directory: per test, in the shape of the thesis's figures, for
 * each engine the figures against the test's factor: throughput (the measured phase's achieved
 * events/s), p50 and p99 latency, the heap after a full GC at the end of the run (and its growth over
 * the start), CPU, and the validation verdict;
 * unsupported points with the reason. Written as suite.json (the data), suite.md (tables) and
 * suite.html (the tables with a chart per figure); figures of trials with invalid results are marked.
 */
final class SuiteReport {
    private SuiteReport() {}

    /** What was written (a class: Siddhi's ClassIndex annotation processor on the class path rejects records). */
    static final class Written {
        private final Path markdown, html;
        private final String text;

        Written(Path markdown, Path html, String text) {
            this.markdown = markdown;
            this.html = html;
            this.text = text;
        }

        Path markdown() {
            return markdown;
        }

        Path html() {
            return html;
        }

        String text() {
            return text;
        }
    }

    /**
     * The suite's rows, read from run.json and the trials' results: {@code definition} (run.json's
     * suite section) and per test its {@code rows}, one per engine and point. suite.json, suite.md,
     * suite.html and the suite section of {@code evperf report}'s page are all made from these.
     *
     * @return null when the run is not a suite run
     */
    static ObjectNode data(Path runDir) throws IOException {
        RunFile run = RunDir.open(runDir).run();
        JsonNode def = run.suite();
        if (def == null || !def.isObject()) return null;
        boolean micro = def.path("suite").asText().equals("micro");
        ObjectNode data = Json.MAPPER.createObjectNode();
        data.set("definition", def);
        data.put("method", method(def, micro));
        ArrayNode tests = data.putArray("tests");
        for (JsonNode test : def.path("tests")) {
            ObjectNode t = tests.addObject();
            t.set("test", test);
            ArrayNode rows = t.putArray("rows");
            // the adaptivity test's trials are in a run of their own (SuiteAdaptivity)
            boolean adaptivity = test.path("name").asText().equals(SuiteTests.ADAPTIVITY);
            RunFile holder = adaptivity ? SuiteAdaptivity.run(runDir) : run;
            Path holderDir = adaptivity ? SuiteAdaptivity.runDir(runDir) : runDir;
            for (JsonNode engine : def.path("engines")) {
                for (JsonNode point : test.path("points")) {
                    ObjectNode r = row(holderDir, holder, engine.asText(), point, micro);
                    if (adaptivity
                            && SuiteAdaptivity.perEngine(def)
                            && r.path("status").asText().equals("not planned"))
                        r.put("status", "not run").put("verdict", SuiteAdaptivity.notRun(runDir, def, engine.asText()));
                    r.put("engine", engine.asText());
                    r.put("factor", point.path("value").asText());
                    r.put("check", check(r));
                    // the adaptivity test's point is searched when its λ is per engine (SuiteAdaptivity)
                    if (def.has("sustain") && (!adaptivity || SuiteAdaptivity.perEngine(def))) {
                        r.set(
                                "sustain",
                                SuiteSustain.result(
                                        runDir,
                                        test.path("name").asText(),
                                        point.path("value").asText(),
                                        engine.asText()));
                    }
                    rows.add(r);
                }
            }
        }
        if (def.has("sustain")) {
            data.put("sustain_criterion", SuiteSustain.criterion(def.path("sustain")));
            data.set("sustain_headers", Json.MAPPER.valueToTree(SuiteSustain.HEADERS));
            data.set("sustain_table", Json.MAPPER.valueToTree(SuiteSustain.table(data)));
        }
        ArrayNode sections = data.putArray("sections");
        for (ObjectNode sec : new ObjectNode[] {SuiteSteady.section(runDir, def), SuiteAdaptivity.section(runDir, def)})
            if (sec != null) sections.add(sec);
        data.put("time", timing(run, def, micro));
        return data;
    }

    /** How the suite's trials ran and what its figures are, in a sentence or two. */
    private static String method(JsonNode def, boolean micro) {
        return "Events per trial: " + def.path("events").asLong() + " measured (after "
                + def.path("events").asLong() / 2 + " of warm-up), "
                + (micro
                        ? "sent at maximum rate; latency is the processing time (send start to receipt)"
                        : "sent at " + num(def.path("rate").asDouble())
                                + " ev/s; latency is scheduled (intended send time to receipt)")
                + ". Memory: the trial JVM's heap used after a full GC once the outputs drained (System.gc(),"
                + " MemoryMXBean), and its growth over the heap after the GC before the first send."
                + " Each trial validated against the reference model"
                + (micro
                        ? "; a time window is due once an event at or after its end arrived, and the windows still open"
                                + " at the end of input (ending after the last event) are checked only when the engine's"
                                + " end of input closes them (Flink's end-of-input watermark does; engines that close"
                                + " windows on a later event do not): their values must be the model's, none is missing"
                        : "")
                + ".";
    }

    /** The line's word, as the Yahoo streaming benchmark's --check prints them: CORRECT, DIFFER, or the status. */
    private static String check(JsonNode r) {
        String st = r.path("status").asText();
        if (st.equals("ok")) return r.path("verdict").asText().startsWith("valid") ? "CORRECT" : "NOT CHECKED";
        return st.equals("INVALID") ? "DIFFER" : st.toUpperCase(Locale.ROOT);
    }

    static Written write(Path runDir) throws IOException {
        ObjectNode data = data(runDir);
        JsonNode def = data.path("definition");
        StringBuilder md = new StringBuilder("# evperf suite "
                + def.path("suite").asText() + (def.path("quick").asBoolean() ? " --quick" : "") + "\n\n");
        md.append(data.path("method").asText()).append("\n");
        StringBuilder html = new StringBuilder();
        StringBuilder checks = new StringBuilder("\n## Verdicts\n\n```\n");
        for (JsonNode t : data.path("tests")) {
            JsonNode test = t.path("test");
            md.append("\n## ")
                    .append(test.path("name").asText())
                    .append(": ")
                    .append(test.path("title").asText())
                    .append("\n\n");
            List<String> headers = headers(test.path("factor").asText());
            md.append("| ").append(String.join(" | ", headers)).append(" |\n");
            md.append("|---".repeat(headers.size())).append("|\n");
            for (JsonNode r : t.path("rows")) {
                checks.append(String.format(
                        Locale.ROOT,
                        "%-11s %s %s=%s %s%s%n",
                        r.path("check").asText(),
                        test.path("name").asText(),
                        test.path("factor").asText().replace(' ', '_'),
                        r.path("factor").asText(),
                        r.path("engine").asText(),
                        r.has("at_end") ? " (" + r.path("at_end").asText() + ")" : ""));
                List<String> cells = cells(r);
                cells.set(cells.size() - 1, cells.get(cells.size() - 1).replace("|", "/"));
                md.append("| ").append(String.join(" | ", cells)).append(" |\n");
            }
            html.append(SuiteHtml.section(test, t.path("rows")));
        }
        md.append(checks).append("```\n");
        md.append(SuiteSustain.markdown(data));
        html.append(SuiteSustain.html(data));
        for (JsonNode sec : data.path("sections")) {
            md.append(SuiteHtml.sectionMarkdown(sec));
            html.append(SuiteHtml.sectionHtml(sec));
        }
        md.append(data.path("time").asText());
        Path json = runDir.resolve("suite.json"),
                mdFile = runDir.resolve("suite.md"),
                htmlFile = runDir.resolve("suite.html");
        Json.write(json, data);
        Files.writeString(mdFile, md);
        Files.writeString(
                htmlFile,
                SuiteHtml.page(
                        "evperf suite " + def.path("suite").asText(), md.substring(0, md.indexOf("\n## ")), html));
        return new Written(mdFile, htmlFile, md.toString());
    }

    /** A row's figures, in the tables' order (suite.md and suite.html show the same columns). */
    static final String[] FIGURES = {
        "throughput", "p50_us", "p99_us", "heap_mb", "heap_growth_mb", "cores", "events_per_cpu_s"
    };

    /** One engine at one point: the figures averaged over the repetitions that ran, or why none ran. */
    static ObjectNode row(Path runDir, RunFile run, String engine, JsonNode point, boolean micro) {
        ObjectNode r = Json.MAPPER.createObjectNode();
        List<RunFile.Trial> trials = new ArrayList<>();
        for (RunFile.Trial t : run.trials()) {
            if (t.params().path("engine.name").asText().equals(engine)
                    && t.params().path("engine.query").equals(point.path("spec"))) trials.add(t);
        }
        if (trials.isEmpty()) return r.put("status", "not planned").put("verdict", "");
        RunFile.Trial first = trials.get(0);
        r.set(
                "trials",
                Json.MAPPER.valueToTree(trials.stream().map(RunFile.Trial::id).toList()));
        String status = first.status();
        if (!status.equals("ok")) return r.put("status", status).put("verdict", Objects.toString(first.reason(), ""));
        double[] sum = new double[FIGURES.length];
        int n = 0;
        String verdict = "", atEnd = "";
        boolean invalid = false;
        for (RunFile.Trial t : trials) {
            if (!t.ok()) continue;
            n++;
            JsonNode s = orMissing(t.summary());
            JsonNode lat = micro
                            || s.path("latency")
                                            .path(SCHEDULED.text())
                                            .path("count")
                                            .asLong()
                                    == 0
                    ? s.path("latency").path(PROCESSING.text())
                    : s.path("latency").path(SCHEDULED.text());
            TrialResult result = TrialResult.load(runDir.resolve(t.dir()));
            JsonNode cpu = orMissing(result == null ? null : result.cpu());
            TrialResult.HeapAfterGc heap = result == null ? null : result.heapAfterGc();
            double before = heap == null ? Double.NaN : heap.beforeRunBytes(),
                    after = heap == null ? Double.NaN : heap.afterDrainBytes();
            double[] v = {
                s.path("achieved_rate").asDouble(Double.NaN),
                lat.path("p50_us").asDouble(Double.NaN),
                lat.path("p99_us").asDouble(Double.NaN),
                after / 1e6,
                (after - before) / 1e6,
                cpu.path("cores_busy").asDouble(Double.NaN),
                cpu.path("events_per_cpu_s").asDouble(Double.NaN)
            };
            for (int i = 0; i < sum.length; i++) sum[i] += v[i];
            JsonNode val = orMissing(t.validation());
            invalid |= val.path("verdict").asText().equals("invalid");
            verdict = SuiteSteady.verdict(val);
            atEnd = SpecCheck.atEnd(val);
        }
        for (int i = 0; i < FIGURES.length; i++) if (n > 0 && !Double.isNaN(sum[i])) r.put(FIGURES[i], sum[i] / n);
        r.put("status", invalid ? "INVALID" : "ok");
        r.put("repetitions", n);
        if (!atEnd.isEmpty()) r.put("at_end", atEnd);
        return r.put("verdict", verdict);
    }

    /** The run's measured time and the full sweep's, estimated from the measured per-trial times. */
    static String timing(RunFile run, JsonNode def, boolean micro) {
        double[] durations = new double[run.trials().size()];
        int ran = 0;
        for (RunFile.Trial t : run.trials())
            // unsupported trials are recorded in a tenth of a second and would pull the median down
            if (t.durationS() != null && !t.status().equals(RunFile.UNSUPPORTED)) durations[ran++] = t.durationS();
        double total = Arrays.stream(durations, 0, ran).sum();
        double median = ran == 0
                ? Double.NaN
                : Arrays.stream(durations, 0, ran).sorted().toArray()[ran / 2];
        int engines = def.path("engines").size();
        long fullPoints = (micro ? SuiteTests.micro(false) : SuiteTests.nexmark(false))
                .stream().mapToLong(x -> x.points().size()).sum();
        long fullTrials = fullPoints * engines * 2;
        double perTrial = median + 60 + 600; // the thesis's method: a 1 min ramp and 10 min at the sustainable rate
        return String.format(
                Locale.ROOT,
                "%n## Time%n%nMeasured: %d trial(s) ran in %.0f s of trial time (median %.1f s a trial, JVM"
                        + " start, preparation, validation included); %d planned.%n%nEstimate, not measured: the full sweep (%d points × %d"
                        + " engine(s) × 2 repetitions = %d trials) by the thesis's method (1 min ramp, 10 min steady at the"
                        + " sustainable rate, per trial) takes ≈ %.1f h: %d × (%.1f s measured overhead + 660 s).%n",
                ran,
                total,
                median,
                run.trials().size(),
                fullPoints,
                engines,
                fullTrials,
                fullTrials * perTrial / 3600,
                fullTrials,
                median);
    }

    /** The table's headers: engine, the test's factor, status, the figures, validation. */
    static List<String> headers(String factor) {
        return List.of(
                "engine",
                factor,
                "status",
                "throughput ev/s",
                "p50 µs",
                "p99 µs",
                "heap after GC MB",
                "heap growth MB",
                "cores",
                "ev per CPU-s",
                "validation");
    }

    /** One row's cells under {@link #headers}, as text. */
    static List<String> cells(JsonNode r) {
        List<String> c = new ArrayList<>();
        c.add(r.path("engine").asText());
        c.add(r.path("factor").asText());
        c.add(r.path("status").asText());
        for (String key : FIGURES) c.add(cell(r, key));
        c.add(r.path("verdict").asText());
        return c;
    }

    private static String cell(JsonNode r, String key) {
        return r.has(key) ? num(r.get(key).asDouble()) : "–";
    }

    /**
     * An extra section of suite.json's {@code sections} (and so of suite.md, suite.html and the report page):
     * a titled table with a note saying what was measured, and the columns shown left-aligned.
     */
    static ObjectNode section(
            String title, String note, List<String> headers, List<List<String>> rows, List<Integer> left) {
        ObjectNode sec = Json.MAPPER.createObjectNode();
        sec.put("title", title);
        sec.put("note", note);
        sec.set("headers", Json.MAPPER.valueToTree(headers));
        sec.set("rows", Json.MAPPER.valueToTree(rows));
        sec.set("left", Json.MAPPER.valueToTree(left));
        return sec;
    }

    static String num(double v) {
        if (Double.isNaN(v)) return "–";
        if (Math.abs(v) >= 100) return String.format(Locale.ROOT, "%.0f", v);
        if (Math.abs(v) >= 1) return String.format(Locale.ROOT, "%.2f", v);
        return String.format(Locale.ROOT, "%.3f", v);
    }

    /** A JSON section run.json or result.json may leave out, as a node whose paths read as missing. */
    private static JsonNode orMissing(JsonNode n) {
        return n == null ? MissingNode.getInstance() : n;
    }
}
