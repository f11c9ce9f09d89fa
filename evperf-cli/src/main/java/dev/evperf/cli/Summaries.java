package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.analysis.AnalysisOptions;
import dev.evperf.analysis.RunSummary;
import dev.evperf.analysis.TopBursts;
import dev.evperf.analysis.TrialSummary;
import dev.evperf.core.results.Json;
import dev.evperf.core.results.Layout;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** Joins the controller to the analysis: trial summaries for run.json, and the printed tables. */
final class Summaries {
    private Summaries() {
    }

    static void checkFormat(String format) {
        RunSummary.Format.parse(format);
    }

    /** The summary stored in run.json for one finished trial. */
    static JsonNode trialSummary(Path trialDir) throws IOException {
        return trialSummary(trialDir, true);
    }

    /**
     * The same with the warm-up kept: for verdicts that must see every measured event (sustain's
     * p99 bound), where leaving a transient out would pass a rate whose start the engine did not keep up with.
     */
    static JsonNode trialSummaryKeepingWarmUp(Path trialDir) throws IOException {
        return trialSummary(trialDir, false);
    }

    private static JsonNode trialSummary(Path trialDir, boolean cutWarmUp) throws IOException {
        JsonNode spec = Json.MAPPER.readTree(trialDir.resolve(Layout.TRIAL_JSON).toFile());
        TrialSummary s = TrialSummary.load(spec.path("id").asText(), null, null, trialDir,
                options(spec.path("workload")).withCutWarmUp(cutWarmUp));
        // The analysis's own JSON form, so run.json and `summary --format json` use the same names.
        return s.toJsonTree();
    }

    static void print(Path runDir, String format, boolean keepWarmUp, PrintStream out) {
        Path runJson = runDir.resolve(Layout.RUN_JSON);
        AnalysisOptions options = AnalysisOptions.DEFAULT;
        if (Files.isRegularFile(runJson)) {
            try {
                JsonNode run = Json.MAPPER.readTree(runJson.toFile());
                if (run.has("format") && !Layout.FORMAT.equals(run.path("format").asText())) {
                    throw new IllegalArgumentException(runJson + ": results format '" + run.path("format").asText()
                            + "' is not the one this evperf reads (" + Layout.FORMAT + ")");
                }
                options = options(run.path("workload"));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (RuntimeException e) {
                if (e instanceof IllegalArgumentException) throw e;
                // a malformed run.json is reported by RunSummary.load with its own message
            }
        }
        RunSummary.load(runDir, options.withCutWarmUp(!keepWarmUp)).render(RunSummary.Format.parse(format), out);
    }

    /** The workload's analysis choices (measure.skip_bursts). */
    private static AnalysisOptions options(JsonNode workload) {
        return new AnalysisOptions(workload.path("measure").path("skip_bursts").asInt(0), TopBursts.DEFAULT_K, true);
    }
}
