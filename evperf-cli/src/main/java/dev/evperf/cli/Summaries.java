package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.figures.LagTrend;
import dev.evperf.analysis.figures.TopBursts;
import dev.evperf.analysis.summary.AnalysisOptions;
import dev.evperf.analysis.summary.RunSummary;
import dev.evperf.analysis.summary.TrialSummary;
import dev.evperf.core.results.Json;
import dev.evperf.results.Layout;
import dev.evperf.results.RunDir;
import dev.evperf.results.TrialResult;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** Joins the controller to the analysis: trial summaries for run.json, and the printed tables. */
final class Summaries {
    private Summaries() {}

    /** The summary stored in run.json for one finished trial. */
    static JsonNode trialSummary(Path trialDir) throws IOException {
        return trialSummary(trialDir, true);
    }

    /**
     * The summaries a run computes as its trials finish, kept so that the tables printed at its end
     * do not analyse every trial a second time (at 100 M events each analysis takes ~30 s).
     */
    static final class Kept {
        /** A summary and the options it was computed with (a class: the annotation processor on the class path rejects records). */
        private static final class Entry {
            final AnalysisOptions options;
            final TrialSummary summary;

            Entry(AnalysisOptions options, TrialSummary summary) {
                this.options = options;
                this.summary = summary;
            }
        }

        private final Map<Path, Entry> byDir = new HashMap<>();

        /** {@link Summaries#trialSummary(Path)}, keeping the summary. */
        JsonNode trialSummary(Path trialDir) throws IOException {
            AnalysisOptions o = trialOptions(trialDir, true);
            TrialSummary s = load(trialDir, o);
            byDir.put(trialDir.toAbsolutePath().normalize(), new Entry(o, s));
            return s.toJsonTree();
        }

        /** The run's tables, from the kept summaries where they were computed with the same options. */
        void print(Path runDir, RunSummary.Format format, boolean keepWarmUp, PrintStream out) {
            Summaries.print(runDir, format, keepWarmUp, out, (id, params, repetition, dir, options) -> {
                Entry e = byDir.get(dir.toAbsolutePath().normalize());
                return e != null && e.options.equals(options)
                        ? e.summary.withRun(id, params, repetition)
                        : TrialSummary.load(id, params, repetition, dir, options);
            });
        }
    }

    /**
     * The same with the warm-up kept: for verdicts that must see every measured event (sustain's
     * p99 bound), where leaving a transient out would pass a rate whose start the engine did not keep up with.
     */
    static JsonNode trialSummaryKeepingWarmUp(Path trialDir) throws IOException {
        return trialSummary(trialDir, false);
    }

    private static JsonNode trialSummary(Path trialDir, boolean cutWarmUp) throws IOException {
        // The analysis's own JSON form, so run.json and `summary --format json` use the same names.
        JsonNode tree = load(trialDir, trialOptions(trialDir, cutWarmUp)).toJsonTree();
        // An engine behind Kafka: its consumer lag's trend, which sustain judges.
        var lag = LagTrend.of(trialDir, TrialResult.load(trialDir));
        if (lag != null && tree instanceof ObjectNode o) o.set("lag_trend", Json.MAPPER.valueToTree(lag));
        return tree;
    }

    private static AnalysisOptions trialOptions(Path trialDir, boolean cutWarmUp) throws IOException {
        JsonNode spec = Json.MAPPER.readTree(trialDir.resolve(Layout.TRIAL_JSON).toFile());
        return options(spec.path("workload")).withCutWarmUp(cutWarmUp);
    }

    private static TrialSummary load(Path trialDir, AnalysisOptions options) throws IOException {
        JsonNode spec = Json.MAPPER.readTree(trialDir.resolve(Layout.TRIAL_JSON).toFile());
        return TrialSummary.load(spec.path("id").asText(), null, null, trialDir, options);
    }

    static void print(Path runDir, RunSummary.Format format, boolean keepWarmUp, PrintStream out) {
        print(runDir, format, keepWarmUp, out, TrialSummary::load);
    }

    private static void print(
            Path runDir, RunSummary.Format format, boolean keepWarmUp, PrintStream out, RunSummary.TrialLoader loader) {
        RunDir run = RunDir.open(runDir);
        AnalysisOptions options = options(run.run().workload());
        RunSummary.load(run, options.withCutWarmUp(!keepWarmUp), loader).render(format, out);
    }

    /** The workload's analysis choices (measure.skip_bursts). */
    private static AnalysisOptions options(JsonNode workload) {
        return new AnalysisOptions(workload.path("measure").path("skip_bursts").asInt(0), TopBursts.DEFAULT_K, true);
    }
}
