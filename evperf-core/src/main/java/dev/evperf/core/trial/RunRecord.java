package dev.evperf.core.trial;

import dev.evperf.core.results.Environment;
import dev.evperf.core.results.Json;
import dev.evperf.core.results.WriteFaults;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.results.Layout;
import dev.evperf.results.RunFile;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;

/**
 * run.json as the run goes: written again after every change, so that a run cut short (a
 * signal, a full disk, a crash of the controller) leaves a file that says what happened. Space is
 * held back in the results directory so that a full file system can still be recorded.
 */
final class RunRecord {
    /** Trial statuses besides ok and failed: planned, running; ended by the controller's signal; never started. */
    static final String PLANNED = RunFile.PLANNED,
            RUNNING = RunFile.RUNNING,
            INTERRUPTED = RunFile.INTERRUPTED,
            NOT_RUN = RunFile.NOT_RUN,
            UNSUPPORTED = RunFile.UNSUPPORTED;

    private final Path runDir;
    private final WriteFaults.Reserve reserve;
    private final RunFile.Draft run = new RunFile.Draft();
    /** The results directory's file system filled up: nothing more can be recorded after this trial. */
    private boolean full;

    RunRecord(Path runDir) {
        this.runDir = runDir;
        this.reserve = new WriteFaults.Reserve(runDir);
    }

    /** Creates the directory and writes run.json with every trial of the plan as planned. */
    void begin(Plan plan) throws IOException {
        Files.createDirectories(runDir.resolve(Layout.TRIALS));
        reserve.keep(0);
        run.format = Layout.FORMAT;
        run.workloadFile = plan.workloadFile().toAbsolutePath().toString();
        run.workload = plan.tree();
        run.started = Instant.now().toString();
        run.environment = Json.MAPPER.valueToTree(Environment.capture());
        for (TrialSpec t : plan.trials()) entry(t);
        write();
    }

    /** The trial's entry, added (as planned) if it is not there yet. */
    RunFile.Trial.Draft entry(TrialSpec t) {
        for (RunFile.Trial.Draft existing : run.trials) {
            if (existing.id.equals(t.id())) return existing;
        }
        RunFile.Trial.Draft o =
                RunFile.Trial.Draft.planned(t.id(), t.label(), Json.MAPPER.valueToTree(t.params()), t.repetition());
        o.jvm = List.copyOf(t.jvm());
        run.trials.add(o);
        return o;
    }

    /** run.json as it is being filled in: the controller sets its run-level fields (components, sustain, interrupted). */
    RunFile.Draft draft() {
        return run;
    }

    boolean full() {
        return full;
    }

    /** The file system is known to be full (a trial failed on it): the run must stop after recording it. */
    void markFull() {
        full = true;
    }

    /** Marks every planned trial "not run", with why. @return how many */
    int notRun(String reason) {
        int n = 0;
        for (RunFile.Trial.Draft t : run.trials) {
            if (PLANNED.equals(t.status)) {
                t.status = NOT_RUN;
                t.reason = reason;
                n++;
            }
        }
        return n;
    }

    int count(String status) {
        int n = 0;
        for (RunFile.Trial.Draft t : run.trials) if (status.equals(t.status)) n++;
        return n;
    }

    /** Stamps the finish time (once) and gives the held-back space back. */
    void finish() {
        if (run.finished == null) run.finished = Instant.now().toString();
        write();
        reserve.release();
    }

    /**
     * Writes run.json. When the file system is full, the space held back is released for it (and
     * {@link #full()} is set); a directory that refuses it even then ends the run with one line.
     */
    void write() {
        Path file = runDir.resolve(Layout.RUN_JSON);
        try {
            Json.write(file, run.file());
        } catch (UncheckedIOException e) {
            String why = WriteFaults.describe(e) + WriteFaults.fullNote(runDir)
                    + "; the run stopped there (run.json holds what was" + " recorded before)";
            if (!reserve.release()) throw new TrialFailure(why);
            full = true;
            try {
                Json.write(file, run.file());
            } catch (UncheckedIOException again) {
                throw new TrialFailure(why);
            }
        }
        try {
            // room for the next run.json next to this one: it grows with every trial's summary
            if (!full) reserve.keep(2 * Files.size(file) + 64 * 1024);
        } catch (IOException e) {
            // it was just written; if it cannot be sized now, the next write says why
        }
    }
}
