package dev.evperf.cli;

import dev.evperf.core.component.ComponentFailure;
import dev.evperf.core.component.RunComponents;
import dev.evperf.core.engine.EngineModules;
import dev.evperf.core.trial.EngineCheck;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.WorkloadException;
import java.io.PrintStream;
import java.nio.file.Path;

/** Before the first trial of an engine behind Kafka: start the run's components, then check the engine against them. */
final class Components {
    private Components() {
    }

    /**
     * @return the running components, or null when the engine runs in the trial JVM
     * @throws WorkloadException (bad input: nothing ran) when a component does not start or the engine refuses the workload;
     *                           what was started is stopped first
     */
    static RunComponents startAndCheck(Plan plan, Path runDir, String classPath, PrintStream progress) throws Exception {
        if (EngineModules.external(plan.base().engine.name) == null) return null;
        long t0 = System.nanoTime();
        RunComponents components;
        try {
            components = RunComponents.start(plan.base().components, runDir);
        } catch (ComponentFailure e) {
            throw new WorkloadException(plan.workloadFile() + ": components: " + e.getMessage(), e);
        }
        try {
            progress.printf("evperf: components ready in %.1f s%s%s; checking the engine%n", (System.nanoTime() - t0) / 1e9,
                    components.bootstrap() != null ? ", broker " + components.bootstrap() : "",
                    components.rest() != null ? ", flink " + components.rest() : "");
            EngineCheck.check(plan, components::inject, classPath, runDir.resolve("components"));
            return components;
        } catch (Exception | Error e) {
            components.close();
            throw e;
        }
    }
}
