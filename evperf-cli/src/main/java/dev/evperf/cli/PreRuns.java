package dev.evperf.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.results.Json;
import dev.evperf.core.trial.Controller;
import dev.evperf.core.trial.TrialFailure;
import dev.evperf.core.workload.AutoPatterns;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadException;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.core.workload.WorkloadValidator;
import dev.evperf.results.RunFile;
import java.io.IOException;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Resolves {@code auto} pattern parameters: one pre-run at maximum rate per distinct engine set-up
 * (a fresh trial of its own, p001, p002, … in the same results directory), whose throughput T and
 * execution time E then set the patterns (AutoPatterns).
 */
final class PreRuns {
    private final Controller controller;
    private final Plan plan;
    private final PrintStream log;
    private final Map<String, double[]> measured = new HashMap<>();

    PreRuns(Controller controller, Plan plan, PrintStream log) {
        this.controller = controller;
        this.plan = plan;
        this.log = log;
    }

    TrialSpec resolve(TrialSpec t) throws IOException {
        if (!AutoPatterns.needed(t.tree())) return t;
        ObjectNode key = t.tree().deepCopy();
        key.remove("load");
        long count = t.workload().load.preRun;
        String k = key + "|" + t.jvm() + "|" + count;
        double[] te = measured.get(k);
        if (te == null) {
            te = preRun(t, count);
            measured.put(k, te);
        }
        ObjectNode tree = t.tree().deepCopy();
        String set = AutoPatterns.apply(tree, te[0], te[1]);
        log.printf(
                Locale.ROOT,
                "evperf: %s auto pattern from the pre-run (T = %.1f ev/s, E = %.3f s): %s%n",
                t.id(),
                te[0],
                te[1],
                set);
        Workload w;
        try {
            w = WorkloadLoader.YAML.treeToValue(tree, Workload.class);
        } catch (JsonProcessingException e) {
            throw new WorkloadException(plan.workloadFile() + ": auto parameters: " + e.getOriginalMessage());
        }
        new WorkloadValidator(Engines.available().keySet())
                .validate(w, plan.workloadFile() + " (trial " + t.id() + " after its pre-run)");
        return new TrialSpec(t.id(), t.params(), t.repetition(), t.jvm(), tree, w);
    }

    /** @return {T events/s, E seconds} of a pre-run at maximum rate */
    private double[] preRun(TrialSpec t, long count) throws IOException {
        String id = String.format("p%03d", measured.size() + 1);
        ObjectNode tree = AutoPatterns.preRun(t.tree(), count);
        Workload w;
        try {
            w = WorkloadLoader.YAML.treeToValue(tree, Workload.class);
        } catch (JsonProcessingException e) {
            throw new WorkloadException(plan.workloadFile() + ": pre-run: " + e.getOriginalMessage());
        }
        TrialSpec pre = new TrialSpec(
                id, Map.of("pre-run", Json.MAPPER.getNodeFactory().numberNode(count)), 0, t.jvm(), tree, w);
        RunFile.Trial entry = controller.runTrial(pre, 0, 0);
        JsonNode summary = entry.summary() == null ? Json.MAPPER.missingNode() : entry.summary();
        double throughput = summary.path("rates").path(0).path("achieved_rate").asDouble(0);
        if (!entry.ok() || !(throughput > 0)) {
            throw new TrialFailure("the pre-run " + id + " for auto pattern parameters failed: "
                    + (entry.reason() != null
                            ? entry.reason()
                            : entry.summaryError() != null ? entry.summaryError() : "no throughput"));
        }
        return new double[] {throughput, count / throughput};
    }
}
