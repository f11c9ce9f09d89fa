package dev.evperf.analysis.summary;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The summary of a run directory: every trial of its run.json, analysed when its status is ok,
 * listed with its reason otherwise. Rendered as text tables, JSON or CSV.
 */
public final class RunSummary {

    /** The output formats, each a {@link SummaryFormat}. */
    public enum Format {
        TEXT(TextReport::render),
        JSON(RunSummary::json),
        CSV(CsvReport::render);

        private final SummaryFormat writer;

        Format(SummaryFormat writer) {
            this.writer = writer;
        }

        public SummaryFormat writer() {
            return writer;
        }
    }

    private final Path runDir;
    private final AnalysisOptions options;
    private final List<TrialSummary> trials;

    public RunSummary(Path runDir, AnalysisOptions options, List<TrialSummary> trials) {
        this.runDir = runDir;
        this.options = options;
        this.trials = List.copyOf(trials);
    }

    public Path runDir() {
        return runDir;
    }

    public AnalysisOptions options() {
        return options;
    }

    public List<TrialSummary> trials() {
        return trials;
    }

    public static RunSummary load(Path runDir) {
        return load(runDir, AnalysisOptions.DEFAULT);
    }

    /**
     * Reads RUN/run.json and analyses each trial with status ok. A trial that is ok in run.json
     * but whose files cannot be read is kept, marked failed with the reason, so one bad trial
     * does not hide the others.
     *
     * @throws IllegalArgumentException one line naming the path and what was expected, when
     *                                  runDir is not a run directory or its run.json is malformed
     */
    public static RunSummary load(Path runDir, AnalysisOptions options) {
        return load(runDir, options, TrialSummary::load);
    }

    /** How a trial's summary is obtained: analysed from its directory, or one already computed. */
    @FunctionalInterface
    public interface TrialLoader {
        TrialSummary load(String id, Map<String, Object> params, Integer repetition, Path dir, AnalysisOptions options);
    }

    /** The same, each ok trial's summary from {@code loader} (e.g. one computed as the trial finished). */
    public static RunSummary load(Path runDir, AnalysisOptions options, TrialLoader loader) {
        return load(RunDir.open(runDir), options, loader);
    }

    /** The same for a run directory already opened. */
    public static RunSummary load(RunDir run, AnalysisOptions options, TrialLoader loader) {
        List<TrialSummary> trials = new ArrayList<>();
        for (RunFile.Trial t : run.trials()) trials.add(trial(run, t, options, loader));
        return new RunSummary(run.dir(), options, trials);
    }

    private static TrialSummary trial(RunDir run, RunFile.Trial t, AnalysisOptions options, TrialLoader loader) {
        Map<String, Object> params = new LinkedHashMap<>();
        t.params().fields().forEachRemaining(e -> params.put(e.getKey(), scalar(e.getValue())));
        if (!t.ok()) return TrialSummary.failed(t.id(), params, t.repetition(), t.status(), t.reason());
        try {
            return loader.load(t.id(), params, t.repetition(), run.trialDir(t), options);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            // Missing or malformed files of one trial: keep it in the report instead of losing the run.
            return TrialSummary.failed(
                    t.id(),
                    params,
                    t.repetition(),
                    "failed",
                    "ok in run.json, but its results could not be analysed: " + e.getMessage());
        }
    }

    /** Numbers, strings and booleans as themselves; anything nested as its JSON text. */
    private static Object scalar(JsonNode v) {
        if (v.isIntegralNumber()) return v.asLong();
        if (v.isNumber()) return v.asDouble();
        if (v.isBoolean()) return v.asBoolean();
        if (v.isTextual()) return v.asText();
        return v.isNull() ? null : v.toString();
    }

    public String render(Format format) {
        return format.writer().render(this);
    }

    public void render(Format format, PrintStream out) {
        out.print(render(format));
        out.flush();
    }

    /** JSON: the run directory, the options and every trial's summary (snake_case names, undefined figures null). */
    private static String json(RunSummary run) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("run", run.runDir.toString());
        doc.put("options", run.options);
        doc.put("trials", run.trials);
        try {
            return Json.writer().writeValueAsString(doc) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write the summary as JSON", e);
        }
    }

    @Override
    public String toString() {
        return String.format(Locale.ROOT, "RunSummary[%s, %d trials]", runDir, trials.size());
    }
}
