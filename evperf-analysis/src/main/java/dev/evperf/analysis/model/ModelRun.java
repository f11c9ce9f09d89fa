package dev.evperf.analysis.model;

import dev.evperf.results.Layout;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code evperf model RUN_DIR [--trial ID] [--check TRIAL]}: which trial a model is built from and
 * which it is checked on.
 */
public final class ModelRun {
    private ModelRun() {}

    /** A trial of a run: its id and directory. */
    public record TrialRef(String id, Path dir) {}

    /**
     * The trial named {@code idOrPath}: a trial id of RUN_DIR's run.json, or else the path of a
     * trial directory (one holding events.parquet), e.g. of another run.
     *
     * @throws IllegalArgumentException one line, when neither
     */
    public static TrialRef trial(Path runDir, String idOrPath) {
        RunDir run = RunDir.open(runDir);
        for (RunFile.Trial t : run.trials()) {
            if (idOrPath.equals(t.id())) {
                if (!t.ok()) {
                    throw new IllegalArgumentException(runDir + ": trial " + idOrPath + " did not succeed (status "
                            + t.status() + (t.reason() != null ? ": " + t.reason() : "") + ")");
                }
                return new TrialRef(idOrPath, run.trialDir(t));
            }
        }
        Path p = Path.of(idOrPath);
        if (Files.isRegularFile(p.resolve(Layout.EVENTS)))
            return new TrialRef(p.getFileName().toString(), p);
        throw new IllegalArgumentException(runDir + ": no trial '" + idOrPath + "' (trials: "
                + String.join(", ", ids(runDir)) + "; or give the path of a trial directory)");
    }

    /** The first ok trial with a trace, other than {@code except} (may be null). */
    public static TrialRef firstTraced(Path runDir, String except) {
        RunDir run = RunDir.open(runDir);
        for (RunFile.Trial t : run.trials()) {
            if (t.id().equals(except) || !t.ok()) continue;
            Path dir = run.trialDir(t);
            if (Files.isRegularFile(dir.resolve(Layout.TRACE))) return new TrialRef(t.id(), dir);
        }
        throw new IllegalArgumentException(
                runDir + ": no successful trial with a trace" + (except == null ? "" : " other than " + except)
                        + " (run the workload with measure: {tracepoints: true})");
    }

    private static List<String> ids(Path runDir) {
        List<String> out = new ArrayList<>();
        for (RunFile.Trial t : RunDir.open(runDir).trials()) out.add(t.id());
        return out;
    }
}
