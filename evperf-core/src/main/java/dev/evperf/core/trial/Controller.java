package dev.evperf.core.trial;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.component.RunComponents;
import dev.evperf.core.engine.EngineModules;
import dev.evperf.core.results.Json;
import dev.evperf.core.results.WriteFaults;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.SpecWorkload;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.launch.ParentWatch;
import dev.evperf.results.Layout;
import dev.evperf.results.RunFile;
import dev.evperf.results.TrialResult;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a plan: one fresh child JVM per trial (as JMH forks), with the trial's own JVM options.
 * It never holds per-event data; it collects each trial's status and, through the summarizer, a
 * small summary for run.json ({@link RunRecord}), which is rewritten after every trial so a run
 * cut short is still readable. A trial that crashes or times out is failed with its reason and
 * the run goes on. Two faults stop the run, each recorded as what it was: SIGINT or SIGTERM to
 * this JVM (the running trial is asked to stop and recorded as interrupted, the rest as not run),
 * and a full file system under the results directory (the trial that met it failed, the rest not
 * run: nothing more could be recorded).
 */
public final class Controller {
    /** Computes a trial's summary from its directory (the analysis module provides it). */
    public interface Summarizer {
        JsonNode summarize(Path trialDir) throws Exception;
    }

    private final Path runDir;
    private final String classpath;
    private final Summarizer summarizer;
    private final PrintStream progress;

    public Controller(Path runDir, String classpath, Summarizer summarizer, PrintStream progress) {
        this.runDir = runDir;
        this.classpath = classpath;
        this.summarizer = summarizer;
        this.progress = progress;
    }

    /** The run's components (a broker, a Flink cluster), or null when the engine runs in the trial JVM. */
    private RunComponents components;

    /** Connects the components every trial uses: their addresses go into each trial's workload, and they are watched while it runs. */
    public void components(RunComponents components) {
        this.components = components;
        // What the engine checks before the first trial recorded: their time, and the class archive they made.
        if (!components.engineChecks().isEmpty()) annotate("engine_checks", components.engineChecks());
    }

    private RunRecord record;
    private Plan plan;
    private long runStart;

    /** Runs every trial of the plan. @return run.json's content */
    public RunFile run(Plan plan) throws IOException {
        begin(plan);
        int n = plan.trials().size();
        for (int i = 0; i < n; i++) {
            runTrial(plan.trials().get(i), i + 1, n);
        }
        return finish();
    }

    /** Writes run.json with every trial of the plan as planned; trials may be added later (sustain's probes). */
    public void begin(Plan plan) throws IOException {
        this.plan = plan;
        record = new RunRecord(runDir);
        record.begin(plan);
        runStart = System.nanoTime();
    }

    /**
     * Runs one trial in its own JVM and records its status (and summary) in run.json.
     *
     * @param index its position for the progress line (1-based), of {@code total} (0 when open-ended)
     * @return the trial's entry in run.json
     * @throws Interrupts.RunInterrupted when a signal stopped the run (recorded in run.json)
     * @throws TrialFailure when the results directory's file system is full (recorded as far as it could be)
     */
    public RunFile.Trial runTrial(TrialSpec t, int index, int total) throws IOException {
        RunFile.Trial.Draft o = record.entry(t);
        String of = total > 0 ? index + "/" + total : String.valueOf(index);
        long start = System.nanoTime();
        synchronized (launch) {
            // Under the lock the signal handler takes: after a signal no trial is announced or started.
            if (signalled()) throw stop(null);
            progress.printf("[%s] %s %s ...%n", of, t.id(), t.label());
            o.status = RunRecord.RUNNING;
            record.write();
        }
        runTrial(plan, t, o);
        double seconds = (System.nanoTime() - start) / 1e9;
        o.durationS = Math.round(seconds * 100) / 100.0;
        if (RunRecord.INTERRUPTED.equals(o.status)) throw stop(t.id());
        record.write();
        if (record.full()) throw stopFull(t.id(), o);
        double elapsed = (System.nanoTime() - runStart) / 1e9;
        String eta = total > 0 ? ", ETA " + clock(elapsed / index * (total - index)) : "";
        String reason = o.reason != null ? " (" + o.reason + ")" : "";
        progress.printf(
                "[%s] %s %s%s in %.1f s; elapsed %s%s%n", of, t.id(), o.status, reason, seconds, clock(elapsed), eta);
        return o.trial();
    }

    /** Stamps the end of the run. @return run.json's content */
    public RunFile finish() {
        if (signalled()) throw stop(null);
        record.finish();
        return record.draft().file();
    }

    /** Sets a top-level section of run.json ("components" or "sustain"), written at once. */
    public void annotate(String key, JsonNode value) {
        RunFile.Draft run = record.draft();
        switch (key) {
            case "components" -> run.components = value;
            case "sustain" -> run.sustain = value;
            case "suite" -> run.suite = value;
            case "engine_checks" -> run.engineChecks = value;
            default -> throw new IllegalArgumentException("run.json has no section '" + key + "' (RunFile)");
        }
        record.write();
    }

    /**
     * From now on SIGINT and SIGTERM end the running trial (it is asked to stop, and killed after
     * {@link #GRACE_S} s), which is recorded as interrupted; no further trial starts.
     */
    public void interruptible(Interrupts in) {
        this.interrupts = in;
        in.onSignal(this::endRunningTrial);
    }

    /** Seconds a trial JVM has after SIGTERM to drain its channels and write what it can. */
    static final long GRACE_S = 15;

    private final Object launch = new Object();
    private Interrupts interrupts;
    private Process current;

    private boolean signalled() {
        return interrupts != null && interrupts.signal() != null;
    }

    /** On the signal's thread: SIGTERM to the running trial JVM, then SIGKILL to its tree after the grace time. */
    private void endRunningTrial() {
        Process p;
        synchronized (launch) {
            p = current;
        }
        if (p == null) return;
        p.destroy();
        try {
            if (!p.waitFor(GRACE_S, TimeUnit.SECONDS)) TrialExit.kill(p);
        } catch (InterruptedException e) {
            TrialExit.kill(p);
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Records the interrupted run: trials not started are "not run", the finish time and the signal
     * are stamped. @return the exception that carries the one line and the exit code
     */
    private Interrupts.RunInterrupted stop(String interruptedTrial) {
        String signal = interrupts.signal();
        int notRun = record.notRun("the run was interrupted (" + signal + ") before it");
        int ok = record.count("ok");
        record.draft().interrupted = signal;
        record.finish();
        String message = String.format(
                "interrupted by %s: %d trial%s ok%s, %d not run; results in %s",
                signal,
                ok,
                ok == 1 ? "" : "s",
                interruptedTrial == null ? "" : ", " + interruptedTrial + " interrupted",
                notRun,
                runDir);
        return new Interrupts.RunInterrupted(message, signal, interrupts.exitCode());
    }

    /** The run stops on a full file system: the trial that met it failed, the rest are not run, and run.json says so. */
    private TrialFailure stopFull(String trial, RunFile.Trial.Draft o) {
        int notRun = record.notRun("the results directory's file system was full");
        record.draft().stopped = "the results directory's file system was full after trial " + trial;
        record.finish();
        return new TrialFailure("the file system of " + runDir + " is full: " + trial + " "
                + o.status
                + (o.reason != null ? " (" + o.reason + ")" : "") + ", " + notRun
                + " not run; run.json records it");
    }

    /** Runs the trial's JVM and records what became of it in {@code o}; never throws for the trial's own faults. */
    private void runTrial(Plan plan, TrialSpec t, RunFile.Trial.Draft o) {
        Path dir = Layout.trialDir(runDir, t.id());
        String unsupported = SpecWorkload.unsupported(t.workload());
        if (unsupported != null) {
            // Neither run nor failed: the engine cannot express the neutral query, and the reason says why.
            o.status = RunFile.UNSUPPORTED;
            o.reason = unsupported;
            return;
        }
        try {
            Process p = start(plan, t, dir, o);
            if (p != null) await(p, t, dir, o, true);
        } catch (IOException | UncheckedIOException e) {
            // The results directory refused a write (disk full, read-only, removed): that is the trial's failure.
            fail(o, WriteFaults.describe(e) + WriteFaults.fullNote(dir));
        } finally {
            // A trial that failed on a full file system: the next would too, and nothing more could be recorded.
            if (RunFile.FAILED.equals(o.status) && !WriteFaults.fullNote(dir).isEmpty()) record.markFull();
            // The trial JVM is gone: a *.tmp or an unfinished spill left in its directory is a write that will never
            // finish.
            WriteFaults.removeTmp(dir);
            keepJfr(dir, o);
        }
    }

    /** A trial JVM that did not end normally leaves JFR's chunks: kept, and the failure says where. */
    private static void keepJfr(Path dir, RunFile.Trial.Draft o) {
        try {
            if (JfrRepository.settle(dir) && RunFile.FAILED.equals(o.status))
                o.reason += "; what its JFR recorded up to its end is in " + Layout.JFR_REPOSITORY + "/";
        } catch (IOException | UncheckedIOException e) {
            // Leaving an empty directory in the trial's own results loses nothing.
        }
    }

    /** Writes trial.json and starts the trial's JVM. @return it, or null when a signal came first */
    private Process start(Plan plan, TrialSpec t, Path dir, RunFile.Trial.Draft o) throws IOException {
        Files.createDirectories(dir);
        ObjectNode spec = Json.MAPPER.createObjectNode();
        spec.put("id", t.id());
        spec.put("label", t.label());
        spec.put("workload_dir", PlanChecker.baseDir(plan.workloadFile()).toString());
        spec.set("jvm", Json.MAPPER.valueToTree(t.jvm()));
        if (components != null) {
            // One lost component fails one trial (the one it died in), not the rest of the run.
            String restarted = components.restartIfDied();
            if (restarted != null) {
                o.componentsRestarted = restarted + " before this trial; the components were started again";
                annotate("components", components.describe());
            }
        }
        boolean external = EngineModules.external(t.workload().engine.name) != null;
        JsonNode tree = components != null && external ? components.inject(t.tree()) : t.tree();
        // a database table join: table1 loaded for this trial's spec, the server's address in the engine's options
        if (components != null) tree = components.withDatabase(tree, SpecWorkload.databaseJoin(t.workload()));
        spec.set("workload", tree);
        if (components != null) spec.set("component_pids", Json.MAPPER.valueToTree(components.pids()));
        Json.write(dir.resolve(Layout.TRIAL_JSON), spec);

        List<String> cmd = new ArrayList<>();
        cmd.add(JvmOptionsCheck.JAVA);
        // The trial JVM ends when this one is gone, even by SIGKILL (its stdin is this JVM's pipe, never closed here).
        cmd.add(ParentWatch.option());
        cmd.add(JfrRepository.option(dir));
        cmd.addAll(SendLoopCompile.options(t.workload()));
        cmd.addAll(t.jvm());
        String trialClassPath = EngineModules.trialClassPath(
                t.workload().engine.name,
                classpath,
                EngineModules.userClassPath(t.workload().engine.classpath, PlanChecker.baseDir(plan.workloadFile())));
        // Before the trial's JVM starts, so neither the archive's check nor its absence is in the trial's time;
        // result.json's environment lists the JVM's options as it got them.
        cmd.addAll(TrialArchive.options(t.workload().engine.name, trialClassPath));
        cmd.add("-cp");
        cmd.add(trialClassPath);
        cmd.add(TrialMain.class.getName());
        cmd.add(dir.toAbsolutePath().toString());
        synchronized (launch) {
            if (signalled()) {
                o.status = RunRecord.INTERRUPTED;
                o.reason = "interrupted (" + interrupts.signal() + ") before its JVM started";
                return null;
            }
            current = new ProcessBuilder(cmd)
                    .redirectOutput(dir.resolve(Layout.STDOUT).toFile())
                    .redirectError(dir.resolve(Layout.STDERR).toFile())
                    .start();
            return current;
        }
    }

    /** Waits for the trial JVM (killing it at trial.timeout) and records how it ended. */
    private void await(Process p, TrialSpec t, Path dir, RunFile.Trial.Draft o, boolean measured) throws IOException {
        // Ctrl-C on the controller must not leave a trial JVM running on its own.
        Thread reaper = new Thread(() -> TrialExit.kill(p), "evperf-trial-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
        long timeoutNs = t.workload().trial.timeout.nanos();
        boolean exited;
        try {
            exited = new TrialWait(progress, components).await(p, timeoutNs, dir.resolve(Layout.STDOUT), t.id());
        } catch (InterruptedException e) {
            TrialExit.kill(p);
            Thread.currentThread().interrupt();
            fail(o, "the controller's thread was interrupted while the trial ran; the JVM was killed");
            return;
        } finally {
            synchronized (launch) {
                current = null;
            }
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it kills the trial
            }
        }
        if (!exited) TrialExit.kill(p);
        // A Ctrl-C on a terminal reaches the trial JVM too, which may end before this JVM's handler has run: a
        // trial ended by SIGINT or SIGTERM waits a moment to learn whether the controller got the signal as well.
        if (interrupts != null
                && (interrupts.signal() != null
                        || exited && TrialExit.bySignal(p.exitValue()) && interrupts.await(1000))) {
            o.exitCode = p.exitValue();
            o.status = RunRecord.INTERRUPTED;
            o.reason = "interrupted (" + interrupts.signal() + ")";
            return;
        }
        String died = components == null ? null : components.died();
        if (!exited) {
            fail(
                    o,
                    died != null
                            ? "component " + died + " during the trial; the trial JVM was stopped"
                            : "timed out after " + t.workload().trial.timeout + " (trial.timeout); the JVM was killed");
            return;
        }
        o.exitCode = p.exitValue();
        TrialResult result = readResult(dir);
        // The engine's errors next to the status: a trial with some is "ok with errors", or failed.
        if (result != null && result.errors() != null)
            o.errors = result.errors().count();
        if (result != null && "ok".equals(result.status()) && p.exitValue() == 0) {
            o.status = RunFile.OK;
            o.reason = null;
            // A neutral spec's rows against the reference model, before the summary (which flags invalid figures).
            validate(t, dir, o);
            if (!measured) return;
            // The trial's status in run.json as soon as its results are written; its summary (a pass over every
            // event in DuckDB, seconds for tens of millions) follows in the next write.
            record.write();
            try {
                o.summary = summarizer.summarize(dir);
            } catch (Exception e) {
                o.summaryError = String.valueOf(e.getMessage());
            }
        } else if (died != null) {
            fail(
                    o,
                    "component " + died + " during the trial"
                            + (result != null && result.reason() != null
                                    ? " (the trial: " + result.reason() + ")"
                                    : ""));
        } else if (result != null && result.reason() != null && !TrialExit.bySignal(p.exitValue())) {
            fail(o, result.reason() + WriteFaults.fullNote(dir));
        } else {
            fail(
                    o,
                    "the trial JVM " + TrialExit.describe(p.exitValue()) + ": "
                            + TrialExit.crashLine(dir.resolve(Layout.STDERR)) + WriteFaults.fullNote(dir));
        }
    }

    /** Validates a neutral spec's rows: from this trial's, or from a second run of it (SeparateValidation). */
    private void validate(TrialSpec t, Path dir, RunFile.Trial.Draft o) throws IOException {
        if (!SeparateValidation.wanted(t.workload())) {
            SpecCheck.record(dir, t.workload(), o);
            return;
        }
        TrialSpec second = SeparateValidation.spec(t);
        Path vdir = dir.resolve(SeparateValidation.DIR);
        RunFile.Trial.Draft v = new RunFile.Trial.Draft();
        progress.printf("  %s: validating from a second, unmeasured run in %s ...%n", t.id(), vdir);
        Process p = start(plan, second, vdir, v);
        if (p != null) await(p, second, vdir, v, false);
        WriteFaults.removeTmp(vdir);
        keepJfr(vdir, v);
        SeparateValidation.record(dir, t.workload(), o, v);
    }

    /** The trial's result.json, or null when it wrote none (or none that reads: it died writing it). */
    private static TrialResult readResult(Path trialDir) {
        try {
            return TrialResult.load(trialDir);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }

    private static void fail(RunFile.Trial.Draft o, String reason) {
        o.status = RunFile.FAILED;
        o.reason = reason;
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
