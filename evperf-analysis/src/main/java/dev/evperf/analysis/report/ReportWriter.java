package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.sql.Db;
import dev.evperf.analysis.summary.ParamNames;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * {@code evperf report RUN_DIR}: one self-contained HTML file (uPlot and the data inline, works
 * offline) with the run overview, every trial's tables and charts, and the comparison across the
 * trials of a sweep. All per-event aggregation runs in DuckDB over the trial's Parquet files, so
 * the JVM holds aggregates only.
 */
public final class ReportWriter {
    /** What was written. */
    public record Written(Path file, long bytes, int trials, int failedTrials, long millis) {}

    private final ReportOptions options;
    private final ReportAnnotations annotations;
    private final ReportSuite suite;
    private final ObjectMapper mapper = new ObjectMapper();

    public ReportWriter(ReportOptions options, ReportAnnotations annotations) {
        this(options, annotations, ReportSuite.NONE);
    }

    /** With the section of a suite run (its rows from {@code suite}; none when it returns null). */
    public ReportWriter(ReportOptions options, ReportAnnotations annotations, ReportSuite suite) {
        this.options = options == null ? ReportOptions.DEFAULT : options;
        this.annotations = annotations == null ? ReportAnnotations.NONE : annotations;
        this.suite = suite == null ? ReportSuite.NONE : suite;
    }

    /** Writes the report of runDir to htmlOut with the default options and no annotations. */
    public static Written write(Path runDir, Path htmlOut) {
        return new ReportWriter(ReportOptions.DEFAULT, ReportAnnotations.NONE).writeReport(runDir, htmlOut);
    }

    /** The same, with another analysis's spans and warm-up markers (see {@link ReportAnnotations}). */
    public static Written write(Path runDir, Path htmlOut, ReportAnnotations annotations) {
        return new ReportWriter(ReportOptions.DEFAULT, annotations).writeReport(runDir, htmlOut);
    }

    /**
     * @throws IllegalArgumentException one line, for a directory that is not a run or a run in
     *                                  another results format; failed trials are not an error
     *                                  (they are listed with their reasons)
     */
    public Written writeReport(Path runDir, Path htmlOut) {
        long t0 = System.nanoTime();
        RunDir run = RunDir.open(runDir);
        ObjectNode data = model(run);
        long bytes = HtmlPage.write(
                htmlOut,
                HtmlPage.render(
                        "evperf report: " + run.workloadName(), List.of("report.js", "suite.js"), data, mapper));
        int failed = (int) run.trials().stream().filter(t -> !t.ok()).count();
        return new Written(htmlOut, bytes, run.trials().size(), failed, (System.nanoTime() - t0) / 1_000_000);
    }

    // ---- the data model ----------------------------------------------------------------------------

    ObjectNode model(RunDir run) {
        ObjectNode data = J.obj();
        data.put("generated", Instant.now().toString());
        data.put("runDir", run.dir().toAbsolutePath().normalize().toString());
        data.set("run", overview(run));
        ((ObjectNode) data.get("run")).set("matrixText", matrixText(run, names(run)));
        ArrayNode trials = data.putArray("trials");
        List<JsonNode> headers = new ArrayList<>();
        Map<String, TrialSection.Metrics> metrics = new LinkedHashMap<>();
        ParamNames names = names(run);
        for (RunFile.Trial t : run.trials()) {
            if (!t.ok()) {
                ObjectNode h = TrialSection.header(t, names);
                h.set("headline", Headline.of(t.summary(), h));
                trials.add(h);
                headers.add(h);
                continue;
            }
            TrialAnnotations a = null;
            String aError = null;
            try {
                a = annotations.forTrial(t.id(), run.trialDir(t));
                if (a == null) a = TrialAnnotations.NONE;
            } catch (RuntimeException e) {
                aError = "annotations could not be computed: " + TrialSection.oneLine(e);
            }
            try (Db db = new Db(options.duckdbMemory(), options.duckdbThreads())) {
                TrialSection s = new TrialSection(db, t, run.trialDir(t), names, options, mapper);
                s.build(a, aError);
                s.node().set("headline", Headline.of(t.summary(), s.node()));
                trials.add(s.node());
                headers.add(s.node());
                if (!s.node().has("error")) metrics.put(t.id(), s.metrics());
            }
        }
        data.set("sweep", Sweep.node(run, metrics, names, mapper));
        JsonNode rows;
        try {
            rows = suite.rows(run.dir());
        } catch (RuntimeException e) {
            rows = J.obj().put("error", "the suite's section could not be made: " + TrialSection.oneLine(e));
        }
        if (rows != null) data.set("suite", rows);
        return data;
    }

    /** Each matrix parameter on a line: "pattern (load.phases.pattern): wave, binary, …", values by their short names. */
    static ArrayNode matrixText(RunDir run, ParamNames names) {
        Map<String, Set<String>> values = new LinkedHashMap<>();
        for (RunFile.Trial t : run.trials()) {
            t.params().fields().forEachRemaining(e -> values.computeIfAbsent(e.getKey(), k -> new LinkedHashSet<>())
                    .add(names.value(e.getKey(), e.getValue())));
        }
        ArrayNode out = J.arr();
        values.forEach((k, v) ->
                out.add(names.key(k) + (names.key(k).equals(k) ? "" : " (" + k + ")") + ": " + String.join(", ", v)));
        return out;
    }

    /** The short names of the run's matrix parameters and their values, as the text tables use them. */
    static ParamNames names(RunDir run) {
        List<Map<String, JsonNode>> params = new ArrayList<>();
        for (RunFile.Trial t : run.trials()) {
            Map<String, JsonNode> m = new LinkedHashMap<>();
            t.params().fields().forEachRemaining(e -> m.put(e.getKey(), e.getValue()));
            params.add(m);
        }
        return ParamNames.of(params);
    }

    private ObjectNode overview(RunDir dir) {
        RunFile run = dir.run();
        ObjectNode o = J.obj();
        JsonNode w = run.workload();
        o.put("name", dir.workloadName());
        o.put("description", w.path("description").asText(""));
        o.put("workloadFile", Objects.toString(run.workloadFile(), ""));
        o.put("format", Objects.toString(run.format(), ""));
        o.put("started", Objects.toString(run.started(), ""));
        o.put("finished", Objects.toString(run.finished(), ""));
        o.put("engine", w.path("engine").path("name").asText("siddhi"));
        o.put("queries", w.path("engine").path("queries").asText(""));
        o.set("load", w.path("load").isMissingNode() ? J.obj() : w.path("load"));
        o.set("matrix", w.path("matrix").isMissingNode() ? J.obj() : w.path("matrix"));
        o.set("measure", w.path("measure").isMissingNode() ? J.obj() : w.path("measure"));
        o.set("trialOptions", w.path("trial").isMissingNode() ? J.obj() : w.path("trial"));
        o.set("environment", run.environment());
        o.set("sustain", run.sustain());
        return o;
    }
}
