package dev.evperf.core.trial;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.results.Json;
import dev.evperf.core.workload.SpecWorkload;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.Validation;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.results.RunFile;
import dev.evperf.results.TrialResult;
import java.io.IOException;
import java.nio.file.Path;

/**
 * {@code measure.validation: separate}: a neutral query's rows are validated from a second trial JVM
 * run after the measured one, on the same events (the spec's, made from the same seed) with the same
 * engine and queries, in the trial's {@code validation/} directory. The measured trial only counts its
 * outputs, so its rate is the engine's and not that of formatting every row into a CSV file (for the
 * reference engine that writing costs six times the aggregate, docs/ref.md "P7 as evperf trials").
 *
 * <p>What the verdict then says is that the engine computes the right rows for these events, not that
 * the measured run did: the measured run's output count is compared with the second run's, and a
 * difference makes the verdict invalid.
 */
final class SeparateValidation {
    /** The second run's directory, inside the measured trial's. */
    static final String DIR = "validation";

    private SeparateValidation() {}

    /** Whether this trial's rows are validated from a second run. */
    static boolean wanted(Workload w) {
        return w.engine.query != null
                && w.measure.validation == Validation.SEPARATE
                && !SpecWorkload.NULL_ENGINE.equals(w.engine.name);
    }

    /**
     * The second run: the measured trial's tree with every output's values written, and nothing measured
     * that only slows it (retained heap, JFR, the live line).
     */
    static TrialSpec spec(TrialSpec t) {
        ObjectNode tree = t.tree().deepCopy();
        tree.path("engine").path("outputs").forEach(o -> ((ObjectNode) o).put("values", true));
        ObjectNode measure = tree.has("measure") ? (ObjectNode) tree.get("measure") : tree.putObject("measure");
        measure.put("validation", Validation.INLINE.text());
        measure.put("retained_heap", false);
        measure.put("jfr", false);
        measure.put("live", false);
        try {
            Workload w = WorkloadLoader.YAML.treeToValue(tree, Workload.class);
            return new TrialSpec(t.id() + "/" + DIR, t.params(), t.repetition(), t.jvm(), tree, w);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(
                    "the validation run's workload does not bind: " + e.getOriginalMessage(), e);
        }
    }

    /**
     * Records the second run's verdict as the measured trial's: in its entry, its result.json and its
     * validation.json, saying where it came from; not checked when the second run did not end ok.
     */
    static void record(Path dir, Workload w, RunFile.Trial.Draft measured, RunFile.Trial.Draft second) {
        Path vdir = dir.resolve(DIR);
        ObjectNode v;
        if (!RunFile.OK.equals(second.status)) {
            v = Json.MAPPER.createObjectNode();
            v.put("verdict", "not checked");
            v.put("reason", "the validation run " + second.status + ": " + second.reason);
        } else {
            v = (ObjectNode) read(vdir.resolve(SpecCheck.FILE));
            long mine = outputsReceived(dir, -1);
            long theirs = outputsReceived(vdir, -2);
            v.put("measured_outputs", mine);
            v.put("validation_run_outputs", theirs);
            if (mine != theirs) {
                v.put("verdict", "invalid");
                v.put("reason", "the measured run gave " + mine + " outputs, the validation run " + theirs);
            }
        }
        v.put("from", "a second, unmeasured run of the same events (" + DIR + "/); the measured run wrote no rows");
        SpecCheck.recordVerdict(dir, v, measured);
    }

    /** result.json's outputs_received, or {@code none} when the trial has no readable one. */
    private static long outputsReceived(Path trialDir, long none) {
        try {
            TrialResult r = TrialResult.load(trialDir);
            return r == null || r.outputsReceived() == null ? none : r.outputsReceived();
        } catch (IllegalArgumentException e) {
            return none;
        }
    }

    private static JsonNode read(Path file) {
        try {
            return Json.MAPPER.readTree(file.toFile());
        } catch (IOException e) {
            return Json.MAPPER.createObjectNode();
        }
    }
}
