package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.results.Json;
import dev.evperf.results.Layout;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The micro suite's adaptivity test (seed 001, "Adaptivity phases"): FINCoS's adaptivity
 * microbenchmark, built as evperf's {@code adaptivity} load (a ramp to λ, steady λ, a peak at
 * {@code peak_factor}·λ, λ again while the engine recovers), over the test's count-window query on
 * every engine of the suite. Its load is not the suite's (maximum rate), so it is a workload of its
 * own: the suite's, with that load and the test's spec crossed with the engines, run into
 * {@code adaptivity/} of the suite's results directory (or as the suite's run when it is the only
 * test). Its figures are the trial summary's adaptivity metrics (scheduled latency, so queueing
 * behind a slow engine counts), each trial validated like every other.
 */
final class SuiteAdaptivity {
    /** The sub-run's directory under the suite's results directory. */
    static final String DIR = "adaptivity";

    private SuiteAdaptivity() {}

    /**
     * The load's size, written to run.json's suite section: quick is seconds, full is the seed's (a
     * 10 s ramp, 5 min at λ, 10 s peak, 5 min at λ).
     */
    static ObjectNode settings(boolean quick, double lambda) {
        ObjectNode a = Json.MAPPER.createObjectNode();
        a.put("rate", lambda);
        a.put("ramp", quick ? "1s" : "10s");
        a.put("steady", quick ? "4s" : "5m");
        a.put("peak", quick ? "1s" : "10s");
        a.put("recovery", quick ? "4s" : "5m");
        return a;
    }

    /**
     * run.json's suite section gets the load's size under {@code adaptivity}, and the test's spec
     * event time at λ (so the engines' clocks and TS advance together, and the report finds the
     * trials by their spec).
     */
    static void configure(ObjectNode definition, boolean quick, double lambda) {
        JsonNode test = test(definition);
        if (test == null) return;
        definition.set("adaptivity", settings(quick, lambda));
        for (JsonNode p : test.path("points"))
            ((ObjectNode) p.path("spec")).withObject("/stream").put("event_rate", lambda);
    }

    /** The adaptivity test among the suite's tests, or null. */
    static JsonNode test(JsonNode definition) {
        for (JsonNode t : definition.path("tests")) if (t.path("name").asText().equals("adaptivity")) return t;
        return null;
    }

    /**
     * The suite's workload with the adaptivity load: one phase (expanded into its ramp, steady, peak
     * and recovery) at λ, the test's spec ({@link #configure}d) crossed with the suite's engines.
     */
    static ObjectNode workload(ObjectNode suiteWorkload, JsonNode definition) {
        JsonNode test = test(definition);
        JsonNode a = definition.path("adaptivity");
        ObjectNode w = suiteWorkload.deepCopy();
        w.remove("matrix");
        w.put("name", suiteWorkload.path("name").asText() + "-adaptivity");
        ArrayNode specs = Json.MAPPER.createArrayNode();
        for (JsonNode p : test.path("points")) specs.add(p.path("spec"));
        ObjectNode phase = w.putObject("load").putArray("phases").addObject().put("name", "adaptivity");
        ObjectNode ad = phase.putObject("adaptivity").put("rate", a.path("rate").asDouble());
        for (String k : List.of("ramp", "steady", "peak", "recovery"))
            ad.put(k, a.path(k).asText());
        ad.put(
                "peak_factor",
                Double.parseDouble(test.path("points").get(0).path("value").asText()));
        w.withObject("/engine").set("query", specs.get(0));
        ObjectNode matrix = w.putObject("matrix");
        matrix.set("engine.query", specs);
        matrix.set("engine.name", definition.path("engines"));
        return w;
    }

    /** The run that holds the adaptivity trials: {@code adaptivity/} when the suite ran other tests too. */
    static Path runDir(Path suiteDir) {
        Path sub = suiteDir.resolve(DIR);
        return Files.exists(sub.resolve(Layout.RUN_JSON)) ? sub : suiteDir;
    }

    static RunFile run(Path suiteDir) {
        return RunDir.open(runDir(suiteDir)).run();
    }

    /** The table's headers, for suite.md, suite.html and the report page. */
    static final List<String> HEADERS = List.of(
            "engine",
            "λ ev/s",
            "peak factor",
            "status",
            "steady mean ms",
            "steady p99.9 ms",
            "peak p99.9 ms",
            "max peak latency ms",
            "degradation",
            "recovery s",
            "post-peak variation",
            "validation",
            "trial");

    /**
     * The section: what was run and what the metrics are, then one row per engine and trial with the
     * adaptivity metrics of its summary. @return null when the suite had no adaptivity test
     */
    static ObjectNode section(Path suiteDir, JsonNode definition) {
        JsonNode test = test(definition);
        if (test == null) return null;
        JsonNode a = definition.path("adaptivity");
        Path dir = runDir(suiteDir);
        RunFile run = run(suiteDir);
        List<List<String>> rows = new ArrayList<>();
        for (RunFile.Trial t : run.trials()) {
            List<String> c = new ArrayList<>();
            c.add(t.params().path("engine.name").asText());
            c.add(SuiteReport.num(a.path("rate").asDouble()));
            c.add(test.path("points").get(0).path("value").asText());
            JsonNode s = t.summary() == null ? null : t.summary().path("adaptivity");
            if (!t.ok() || s == null || !s.isObject()) {
                c.add(t.status());
                for (int i = 0; i < 7; i++) c.add("–");
                c.add(t.ok() ? "no adaptivity figures in the summary" : java.util.Objects.toString(t.reason(), ""));
            } else {
                JsonNode v = t.validation();
                boolean invalid = v != null && v.path("verdict").asText().equals("invalid");
                c.add(invalid ? "INVALID" : "ok");
                for (String k : List.of(
                        "steady_mean_ms",
                        "steady_p999_ms",
                        "peak_p999_ms",
                        "max_peak_latency_ms",
                        "degradation",
                        "recovery_s",
                        "post_peak_variation")) {
                    c.add(s.path(k).isNumber() ? SuiteReport.num(s.path(k).asDouble()) : "never");
                }
                c.add(SuiteSteady.verdict(v));
            }
            c.add(suiteDir.relativize(dir.resolve(t.dir())).toString());
            rows.add(c);
        }
        return SuiteReport.section(
                "Adaptivity",
                String.format(
                        Locale.ROOT,
                        "%s. Load (evperf's adaptivity profile): a %s ramp to λ = %s ev/s (not measured), %s at λ,"
                                + " %s at %s·λ, %s at λ again; event time at λ. Latency is scheduled (intended send"
                                + " time to receipt), so queueing behind the engine counts. Degradation = peak p99.9 /"
                                + " steady p99.9; recovery = from the peak's last input to the first later output at"
                                + " or below the steady mean; post-peak variation = mean latency after recovery /"
                                + " steady mean (FINCoS, seed 001). λ is a fixed rate (--adaptivity-rate), not each"
                                + " engine's 75 %% of CPU.",
                        test.path("title").asText(),
                        a.path("ramp").asText(),
                        SuiteReport.num(a.path("rate").asDouble()),
                        a.path("steady").asText(),
                        a.path("peak").asText(),
                        test.path("points").get(0).path("value").asText(),
                        a.path("recovery").asText()),
                HEADERS,
                rows,
                List.of(0, 3, 11, 12));
    }
}
