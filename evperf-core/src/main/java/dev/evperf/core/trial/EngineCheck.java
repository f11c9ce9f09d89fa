package dev.evperf.core.trial;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.core.engine.ClassArchive;
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
    /** The check's last line when every configuration passed: its wall-clock time (ms). */
    static final String PASSED = "evperf-check-passed\t";

    private EngineCheck() {}

    /**
     * @param inject sets the components' addresses into a trial's workload tree
     * @param dir    where the check's input and its JVM's output are written
     * @param stopped whether a signal asked the run to stop: then the check's JVM is killed at once and
     *                its outcome ignored (a Ctrl-C reaches it too, and its exit code 130 is no verdict on
     *                the workload); the caller records the interrupted run
     * @return what the check recorded (also in {@code dir/engine-check-result.json}): its wall time and, for an engine
     *     whose trials map a class-data-sharing archive, what became of it; an empty record for an engine in the trial
     *     JVM (nothing to check here); null when {@code stopped} ended the check
     * @throws WorkloadException with the engine's one-line message
     */
    public static ObjectNode check(
            Plan plan, UnaryOperator<JsonNode> inject, String cliClassPath, Path dir, BooleanSupplier stopped)
            throws IOException, InterruptedException {
        String engine = plan.base().engine.name;
        if (EngineModules.external(engine) == null) return Json.MAPPER.createObjectNode();
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
        String classPath = EngineModules.trialClassPath(
                engine,
                cliClassPath,
                EngineModules.userClassPath(plan.base().engine.classpath, PlanChecker.baseDir(plan.workloadFile())));
        List<String> cmd = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g", ParentWatch.option()));
        ClassArchive archive = EngineModules.external(engine).classArchive() ? ClassArchive.of(classPath) : null;
        // The check loads what a trial loads (it plans and submits the job): with no archive yet, it writes one.
        Path dumped = null;
        String notMade = null;
        if (archive != null) {
            if (archive.usable()) {
                cmd.addAll(archive.useOptions());
            } else {
                try {
                    dumped = archive.dumpTarget();
                    cmd.addAll(ClassArchive.dumpOptions(dumped));
                } catch (IOException e) {
                    // no archive then (the trials run without one), but the check and the run go on
                    notMade = "its directory: " + e;
                }
            }
        }
        cmd.addAll(List.of("-cp", classPath, EngineCheck.class.getName(), input.toString()));
        Path out = dir.resolve("engine-check.out");
        // A check that failed, timed out or was cut short leaves no half-written archive in the cache.
        try {
            long t0 = System.nanoTime();
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
                return null;
            }
            long exitedAt = System.currentTimeMillis();
            ObjectNode record = Json.MAPPER.createObjectNode();
            record.put("engine", engine);
            record.put("wall_ms", (System.nanoTime() - t0) / 1_000_000);
            List<String> lines = Files.readAllLines(out, StandardCharsets.UTF_8);
            Long endedAt = null;
            for (String l : lines) {
                if (l.startsWith(INVALID)) throw new WorkloadException(l.substring(INVALID.length()));
                if (l.startsWith(PASSED))
                    endedAt = Long.parseLong(l.substring(PASSED.length()).strip());
            }
            // Writing the archive at exit can fail on its own (a full disk): the check passed if it said so.
            if (p.exitValue() != 0 && (dumped == null || endedAt == null)) {
                throw new WorkloadException(plan.workloadFile() + ": engine " + engine + ": its check ended with code "
                        + p.exitValue() + ": " + TrialExit.crashLine(out) + " (" + out + ")");
            }
            if (archive != null && notMade != null) {
                record.putObject("class_archive")
                        .put("file", archive.file().toString())
                        .put("state", "not created: " + notMade);
            } else if (archive != null) {
                record.set("class_archive", archiveRecord(archive, dumped, endedAt, exitedAt, p, out));
            }
            Json.write(dir.resolve("engine-check-result.json"), record);
            return record;
        } finally {
            if (dumped != null) Files.deleteIfExists(dumped);
        }
    }

    private static final long POLL_MS = 100;

    /**
     * What became of the class-data-sharing archive: mapped, or written by this check (its time from the check's
     * last line to its JVM's exit, on this machine's wall clock, then the check that the archive loads), or not.
     */
    private static ObjectNode archiveRecord(
            ClassArchive archive, Path dumped, Long endedAt, long exitedAt, Process p, Path out) throws IOException {
        ObjectNode a = Json.MAPPER.createObjectNode();
        a.put("file", archive.file().toString());
        if (dumped == null) {
            a.put("state", "mapped");
        } else {
            if (endedAt != null) a.put("exit_ms", exitedAt - endedAt);
            long t0 = System.nanoTime();
            boolean adopted = p.exitValue() == 0 && archive.adopt(dumped);
            a.put("archive_check_ms", (System.nanoTime() - t0) / 1_000_000);
            a.put(
                    "state",
                    adopted
                            ? "created"
                            : "not created: "
                                    + (p.exitValue() != 0
                                            ? "the check's JVM ended with code " + p.exitValue() + ": "
                                                    + TrialExit.crashLine(out)
                                            : "the archive did not load"));
        }
        if (Files.exists(archive.file())) a.put("bytes", Files.size(archive.file()));
        return a;
    }

    /**
     * In the check's JVM: validates each configuration, or, where the engine needs a submission to tell (see
     * {@link EngineModules.External}), opens it once (which plans and submits the job) and closes it; prints the first
     * problem.
     */
    public static void main(String[] args) throws IOException {
        ParentWatch.startIfNamed("engine check");
        TrialMain.quietEngineLogs();
        int code = 0;
        for (JsonNode item : Json.MAPPER.readTree(Path.of(args[0]).toFile())) {
            String where = item.get("where").asText();
            Workload w = WorkloadLoader.YAML.treeToValue(item.get("workload"), Workload.class);
            try {
                EngineFactory f = Engines.get(w.engine.name);
                EngineSpec spec = Schemas.engineSpec(w);
                if (EngineModules.external(w.engine.name).submitCheck()) {
                    // Opening plans the job once, with the errors validate gives, then submits it; validating first
                    // planned the same SQL twice (seconds more in a check that is all start-up; docs/systems.md).
                    try (Engine e = f.open(spec)) {
                        // opened: the job was accepted and runs; closing cancels it and deletes its topics
                    }
                } else {
                    f.validate(spec);
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
        if (code == 0) System.out.println(PASSED + System.currentTimeMillis());
        System.out.flush();
        System.exit(code);
    }

    private static String oneLine(String s) {
        return s == null ? "" : s.strip().split("\\R", 2)[0];
    }
}
