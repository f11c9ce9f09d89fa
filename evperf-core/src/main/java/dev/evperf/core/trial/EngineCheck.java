package dev.evperf.core.trial;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.core.engine.EngineModules;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.results.Json;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.Schemas;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadException;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.launch.ParentWatch;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import java.util.function.UnaryOperator;

/**
 * The check of an engine behind Kafka before the run: its adapter is not on the CLI's class path,
 * and its check needs the broker and cluster (Flink plans the SQL, the broker must answer, a named
 * topic must exist, a job must be accepted), so it runs after the components started, in a JVM on
 * the trial's class path ({@link #main}), once per distinct engine configuration. The first
 * problem comes back as the one line of a {@link WorkloadException}.
 */
public final class EngineCheck {
    static final String INVALID = "evperf-invalid\t";

    private EngineCheck() {}

    /**
     * @param inject sets the components' addresses into a trial's workload tree
     * @param dir    where the check's input and its JVM's output are written
     * @param stopped whether a signal asked the run to stop: then the check's JVM is killed at once and
     *                its outcome ignored (a Ctrl-C reaches it too, and its exit code 130 is no verdict on
     *                the workload); the caller records the interrupted run
     * @return false when {@code stopped} ended the check, true when the engine accepted the workload
     * @throws WorkloadException with the engine's one-line message
     */
    public static boolean check(
            Plan plan, UnaryOperator<JsonNode> inject, String cliClassPath, Path dir, BooleanSupplier stopped)
            throws IOException, InterruptedException {
        String engine = plan.base().engine.name;
        if (EngineModules.external(engine) == null) return true;
        ArrayNode items = Json.MAPPER.createArrayNode();
        Set<String> seen = new HashSet<>();
        for (TrialSpec t : plan.trials()) {
            JsonNode tree = inject.apply(t.tree());
            if (!seen.add(tree.path("engine") + "\0" + tree.path("streams"))) continue;
            ObjectNode o = items.addObject();
            o.put(
                    "where",
                    plan.trials().size() > 1
                            ? plan.workloadFile() + " (trial " + t.id() + " " + t.label() + ")"
                            : plan.workloadFile().toString());
            o.set("workload", tree);
        }
        Files.createDirectories(dir);
        Path input = dir.resolve("engine-check.json");
        Json.write(input, items);
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1g",
                ParentWatch.option(),
                "-cp",
                EngineModules.trialClassPath(
                        engine,
                        cliClassPath,
                        EngineModules.userClassPath(
                                plan.base().engine.classpath, PlanChecker.baseDir(plan.workloadFile()))),
                EngineCheck.class.getName(),
                input.toString()));
        Path out = dir.resolve("engine-check.out");
        Process p = new ProcessBuilder(cmd)
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        // Polled, not one long wait: a signal to the controller must end the check within a poll, not 10 min.
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
        while (!p.waitFor(POLL_MS, TimeUnit.MILLISECONDS)) {
            if (stopped.getAsBoolean()) break;
            if (System.nanoTime() - deadline > 0) {
                TrialExit.kill(p);
                throw new WorkloadException(plan.workloadFile() + ": engine " + engine
                        + ": the check of its queries did not end within 10 min");
            }
        }
        if (stopped.getAsBoolean()) {
            TrialExit.kill(p);
            return false;
        }
        List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
        for (String l : lines) {
            if (l.startsWith(INVALID)) throw new WorkloadException(l.substring(INVALID.length()));
        }
        if (p.exitValue() != 0) {
            throw new WorkloadException(plan.workloadFile() + ": engine " + engine + ": its check ended with code "
                    + p.exitValue() + ": " + TrialExit.crashLine(out) + " (" + out + ")");
        }
        return true;
    }

    private static final long POLL_MS = 100;

    /** In the check's JVM: validates each configuration (and submits it once where the engine needs that); prints the first problem. */
    public static void main(String[] args) throws IOException {
        ParentWatch.startIfNamed("engine check");
        TrialMain.quietEngineLogs();
        int code = 0;
        for (JsonNode item : Json.MAPPER.readTree(Path.of(args[0]).toFile())) {
            String where = item.get("where").asText();
            Workload w = WorkloadLoader.YAML.treeToValue(item.get("workload"), Workload.class);
            try {
                EngineFactory f = Engines.get(w.engine.name);
                f.validate(Schemas.engineSpec(w));
                if (EngineModules.external(w.engine.name).submitCheck()) {
                    try (Engine e = f.open(Schemas.engineSpec(w))) {
                        // opened: the job was accepted and runs; closing cancels it and deletes its topics
                    }
                }
            } catch (EngineException e) {
                System.out.println(INVALID + where + ": " + oneLine(e.getMessage()));
                code = 2;
                break;
            } catch (RuntimeException | LinkageError e) {
                System.out.println(INVALID + where + ": engine " + w.engine.name + " rejected the workload: "
                        + oneLine(String.valueOf(e)));
                code = 2;
                break;
            }
        }
        System.out.flush();
        System.exit(code);
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.strip().split("\\R", 2)[0];
    }
}
