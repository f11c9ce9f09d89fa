package dev.evperf.analysis;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
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

    public enum Format {
        TEXT, JSON, CSV;

        /** Parses "text", "json" or "csv" (any case), for a {@code --format} option. */
        public static Format parse(String s) {
            for (Format f : values()) if (f.name().equalsIgnoreCase(s)) return f;
            throw new IllegalArgumentException("unknown format '" + s + "', expected text, json or csv");
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

    public Path runDir() { return runDir; }
    public AnalysisOptions options() { return options; }
    public List<TrialSummary> trials() { return trials; }

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
        Path runJson = runDir.resolve("run.json");
        if (!Files.isDirectory(runDir)) {
            throw new IllegalArgumentException("not a run directory: " + runDir
                    + (Files.exists(runDir) ? " is not a directory" : " does not exist")
                    + " (expected a directory holding run.json and trials/)");
        }
        if (!Files.isRegularFile(runJson)) {
            throw new IllegalArgumentException("not a run directory: " + runDir
                    + " has no run.json (expected a directory written by evperf run, holding run.json and trials/)");
        }
        JsonNode root;
        try {
            root = new ObjectMapper().readTree(runJson.toFile());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(runJson + ": " + Json.oneLine(e));
        } catch (IOException e) {
            throw new UncheckedIOException(runJson + ": cannot read", e);
        }
        JsonNode list = root == null ? null : root.get("trials");
        if (list == null || !list.isArray()) {
            throw new IllegalArgumentException(runJson + ": expected a \"trials\" array");
        }
        List<TrialSummary> trials = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            trials.add(trial(runDir, runJson, i, list.get(i), options, loader));
        }
        return new RunSummary(runDir, options, trials);
    }

    private static TrialSummary trial(Path runDir, Path runJson, int i, JsonNode t, AnalysisOptions options, TrialLoader loader) {
        String id = t.path("id").asText(null);
        if (id == null || id.isEmpty()) {
            throw new IllegalArgumentException(runJson + ": trials[" + i + "]: expected a string \"id\"");
        }
        Map<String, Object> params = new LinkedHashMap<>();
        t.path("params").fields().forEachRemaining(e -> params.put(e.getKey(), scalar(e.getValue())));
        Integer repetition = t.hasNonNull("repetition") ? t.get("repetition").asInt() : null;
        String status = t.path("status").asText("unknown");
        if (!TrialSummary.OK.equals(status)) {
            return TrialSummary.failed(id, params, repetition, status, t.path("reason").asText(null));
        }
        Path dir = runDir.resolve(t.path("dir").asText("trials/" + id));
        try {
            return loader.load(id, params, repetition, dir, options);
        } catch (IllegalArgumentException | UncheckedIOException e) {
            // Missing or malformed files of one trial: keep it in the report instead of losing the run.
            return TrialSummary.failed(id, params, repetition, "failed",
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
        return switch (format) {
            case TEXT -> TextReport.render(this);
            case CSV -> CsvReport.render(this);
            case JSON -> json();
        };
    }

    public void render(Format format, PrintStream out) {
        out.print(render(format));
        out.flush();
    }

    private String json() {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("run", runDir.toString());
        doc.put("options", options);
        doc.put("trials", trials);
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
