package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.core.component.ComponentFailure;
import dev.evperf.core.component.RunComponents;
import dev.evperf.core.engine.EngineModules;
import dev.evperf.core.trial.EngineCheck;
import dev.evperf.core.trial.PlanChecker;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.SpecWorkload;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.WorkloadException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.List;
import java.util.function.BooleanSupplier;

/**
 * Before the first trial of an engine behind Kafka: start the run's components, then check the engine against them;
 * before the first trial of a database table join: start the run's PostgreSQL.
 */
final class Components {
    private Components() {}

    /** The trials whose engine runs behind Kafka (a neutral query's unsupported trials run nowhere). */
    static List<TrialSpec> externalTrials(Plan plan) {
        return plan.trials().stream()
                .filter(t -> EngineModules.external(t.workload().engine.name) != null)
                .filter(t -> SpecWorkload.unsupported(t.workload()) == null)
                .toList();
    }

    private static void note(RunComponents components, JsonNode check, PrintStream progress) {
        if (check == null || check.isEmpty()) return; // stopped, or nothing checked outside the trial JVM
        components.engineChecks().add(check);
        JsonNode a = check.path("class_archive");
        // Made once per class path and JDK: say where the check's extra time went.
        if (!a.isMissingNode() && !"mapped".equals(a.path("state").asText())) {
            progress.printf(
                    "evperf: class archive for %s trials %s (writing it took %.1f s after the check, checking it %.1f s): %s%n",
                    check.path("engine").asText(),
                    a.path("state").asText(),
                    a.path("exit_ms").asLong() / 1e3,
                    a.path("archive_check_ms").asLong() / 1e3,
                    a.path("file").asText());
        }
    }

    /**
     * @param stopped whether a signal asked the run to stop: the engine check is then skipped or ended at
     *                once, and the caller's controller records the run as interrupted before its first trial
     * @return the running components (not checked when {@code stopped}), or null when every trial's engine runs
     *         in the trial JVM and none needs a database, or a signal stopped the components' start
     * @throws WorkloadException (bad input: nothing ran) when a component does not start or the engine refuses the workload;
     *                           what was started is stopped first
     */
    static RunComponents startAndCheck(
            Plan plan, Path runDir, String classPath, PrintStream progress, BooleanSupplier stopped) throws Exception {
        List<TrialSpec> external = externalTrials(plan);
        // a PostgreSQL for the database table join's trials, which may run in the trial JVM (ref)
        boolean database = plan.trials().stream().anyMatch(t -> SpecWorkload.databaseJoin(t.workload()) != null);
        if (external.isEmpty() && !database) return null;
        long t0 = System.nanoTime();
        RunComponents components;
        try {
            components = RunComponents.start(external.isEmpty() ? null : plan.base().components, runDir, database);
        } catch (ComponentFailure e) {
            // A Ctrl-C reaches the components' JVMs too: their end is the signal's doing, not bad input.
            if (stopped.getAsBoolean()) return null;
            throw new WorkloadException(plan.workloadFile() + ": components: " + e.getMessage(), e);
        }
        if (stopped.getAsBoolean()) return components;
        try {
            progress.printf(
                    "evperf: components ready in %.1f s%s%s%s%s%n",
                    (System.nanoTime() - t0) / 1e9,
                    components.bootstrap() != null ? ", broker " + components.bootstrap() : "",
                    components.rest() != null ? ", flink " + components.rest() : "",
                    components.databaseUrl() != null ? ", postgres " + components.databaseUrl() : "",
                    external.isEmpty() ? "" : "; checking the engine");
            if (database) PlanChecker.checkDatabaseJoins(plan, components::withDatabase);
            if (external.isEmpty()) return components;
            boolean oneEngine = external.stream()
                            .map(t -> t.workload().engine.name)
                            .distinct()
                            .count()
                    == 1;
            if (external.size() == plan.trials().size() && oneEngine) {
                note(
                        components,
                        EngineCheck.check(plan, components::inject, classPath, runDir.resolve("components"), stopped),
                        progress);
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
                    JsonNode check = EngineCheck.check(
                            part,
                            components::inject,
                            classPath,
                            runDir.resolve("components").resolve(engine),
                            stopped);
                    if (check == null) break;
                    note(components, check, progress);
                }
            }
            return components;
        } catch (Exception | Error e) {
            components.close();
            throw e;
        }
    }
}
