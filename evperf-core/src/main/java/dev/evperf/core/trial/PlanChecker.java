package dev.evperf.core.trial;

import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.StreamSchema;
import dev.evperf.core.data.CsvSource;
import dev.evperf.core.data.EventPool;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.Receipt;
import dev.evperf.core.workload.Schemas;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * The checks that need more than the file: every distinct engine configuration of the plan is
 * compiled by its engine in this JVM, and every data source is read, before any trial starts.
 */
public final class PlanChecker {
    private PlanChecker() {
    }

    public static void check(Plan plan) {
        String where = plan.workloadFile().toString();
        Path baseDir = baseDir(plan.workloadFile());
        Set<String> seen = new HashSet<>();
        for (TrialSpec t : plan.trials()) {
            Workload w = t.workload();
            String key = w.engine.name + "\0" + t.tree().path("engine") + "\0" + t.tree().path("streams") + "\0" + t.tree().path("data");
            if (!seen.add(key)) continue;
            String at = plan.trials().size() > 1 ? where + " (trial " + t.id() + " " + t.label() + ")" : where;
            Map<String, StreamSchema> inputs = Schemas.inputs(w);
            inputs.forEach((name, schema) -> EventPool.check(schema, schema.indexOf(w.streams.get(name).sequence), w.data.get(name), baseDir, at));
            if (w.load.phases.stream().anyMatch(ph -> ph.replay != null)) {
                // Reads the trace now: a bad timestamp fails here, with its line, before any trial.
                Schedule.of(w.load.phases, w.load.batch, CsvSource.traces(w, baseDir, at));
            }
            EngineFactory f = Engines.get(w.engine.name);
            try {
                f.validate(Schemas.engineSpec(w));
                if (w.measure.receipt == Receipt.SEND_END) {
                    try (var engine = f.open(Schemas.engineSpec(w))) {
                        if (!engine.deliversOnSendingThread()) {
                            throw new WorkloadException(at + ": measure.receipt: send-end needs an engine that delivers outputs inside send, on the"
                                    + " sending thread; " + w.engine.name + " may not with these queries (use receipt: listener)");
                        }
                    }
                }
            } catch (EngineException e) {
                throw new WorkloadException(at + ": engine.queries: " + e.getMessage(), e);
            } catch (RuntimeException e) {
                throw new WorkloadException(at + ": engine " + w.engine.name + " rejected the workload: " + e, e);
            }
        }
    }

    public static Path baseDir(Path workloadFile) {
        Path parent = workloadFile.toAbsolutePath().getParent();
        return parent != null ? parent : Path.of(".").toAbsolutePath();
    }
}
