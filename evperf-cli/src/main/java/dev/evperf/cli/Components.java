package dev.evperf.cli;

import dev.evperf.core.component.ComponentFailure;
import dev.evperf.core.component.RunComponents;
import dev.evperf.core.engine.EngineModules;
import dev.evperf.core.trial.EngineCheck;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.SpecWorkload;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.WorkloadException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;

/** Before the first trial of an engine behind Kafka: start the run's components, then check the engine against them. */
final class Components {
    private Components() {}

    /** The trials whose engine runs behind Kafka (a neutral query's unsupported trials run nowhere). */
    static List<TrialSpec> externalTrials(Plan plan) {
        return plan.trials().stream()
                .filter(t -> EngineModules.external(t.workload().engine.name) != null)
                .filter(t -> SpecWorkload.unsupported(t.workload()) == null)
                .toList();
    }

    /**
     * @param stopped whether a signal asked the run to stop: the engine check is then skipped or ended at
     *                once, and the caller's controller records the run as interrupted before its first trial
     * @return the running components (not checked when {@code stopped}), or null when the engine runs in the
     *         trial JVM or a signal stopped the components' start
     * @throws WorkloadException (bad input: nothing ran) when a component does not start or the engine refuses the workload;
     *                           what was started is stopped first
     */
    static RunComponents startAndCheck(
            Plan plan, Path runDir, String classPath, PrintStream progress, BooleanSupplier stopped) throws Exception {
        if (externalTrials(plan).isEmpty()) return null;
        long t0 = System.nanoTime();
        RunComponents components;
        try {
            components = RunComponents.start(plan.base().components, runDir);
        } catch (ComponentFailure e) {
            // A Ctrl-C reaches the components' JVMs too: their end is the signal's doing, not bad input.
            if (stopped.getAsBoolean()) return null;
            throw new WorkloadException(plan.workloadFile() + ": components: " + e.getMessage(), e);
        }
        if (stopped.getAsBoolean()) return components;
        try {
            progress.printf(
                    "evperf: components ready in %.1f s%s%s; checking the engine%n",
                    (System.nanoTime() - t0) / 1e9,
                    components.bootstrap() != null ? ", broker " + components.bootstrap() : "",
                    components.rest() != null ? ", flink " + components.rest() : "");
            List<TrialSpec> external = externalTrials(plan);
            boolean oneEngine = external.stream()
                            .map(t -> t.workload().engine.name)
                            .distinct()
                            .count()
                    == 1;
            if (external.size() == plan.trials().size() && oneEngine) {
                EngineCheck.check(plan, components::inject, classPath, runDir.resolve("components"), stopped);
            } else {
                // A neutral query swept over engines (flink and kafka-streams, or with in-JVM ones): each engine behind
                // Kafka is checked on its own class path.
                for (String engine : external.stream()
                        .map(t -> t.workload().engine.name)
                        .distinct()
                        .toList()) {
                    List<TrialSpec> trials = external.stream()
                            .filter(t -> t.workload().engine.name.equals(engine))
                            .toList();
                    Plan part = new Plan(
                            plan.workloadFile(), plan.tree(), trials.get(0).workload(), trials);
                    boolean accepted = EngineCheck.check(
                            part,
                            components::inject,
                            classPath,
                            runDir.resolve("components").resolve(engine),
                            stopped);
                    if (!accepted) break;
                }
            }
            return components;
        } catch (Exception | Error e) {
            components.close();
            throw e;
        }
    }
}
