package dev.evperf.analysis.model;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.analysis.stats.RunSamples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code evperf model RUN_DIR [--trial ID] [--check TRIAL]}: which trial a model is built from and
 * which it is checked on.
 */
public final class ModelRun {
    private ModelRun() {
    }

    /** A trial of a run: its id and directory. */
    public record TrialRef(String id, Path dir) {}

    /**
     * The trial named {@code idOrPath}: a trial id of RUN_DIR's run.json, or else the path of a
     * trial directory (one holding events.parquet), e.g. of another run.
     *
     * @throws IllegalArgumentException one line, when neither
     */
    public static TrialRef trial(Path runDir, String idOrPath) {
        for (JsonNode t : RunSamples.trials(runDir)) {
            if (idOrPath.equals(t.path("id").asText())) {
                if (!"ok".equals(t.path("status").asText())) {
                    throw new IllegalArgumentException(runDir + ": trial " + idOrPath + " did not succeed (status "
                            + t.path("status").asText("unknown") + (t.hasNonNull("reason") ? ": " + t.get("reason").asText() : "") + ")");
                }
                return new TrialRef(idOrPath, runDir.resolve(t.path("dir").asText("trials/" + idOrPath)));
            }
        }
        Path p = Path.of(idOrPath);
        if (Files.isRegularFile(p.resolve("events.parquet"))) return new TrialRef(p.getFileName().toString(), p);
        throw new IllegalArgumentException(runDir + ": no trial '" + idOrPath + "' (trials: " + String.join(", ", ids(runDir))
                + "; or give the path of a trial directory)");
    }

    /** The first ok trial with a trace, other than {@code except} (may be null). */
    public static TrialRef firstTraced(Path runDir, String except) {
        for (JsonNode t : RunSamples.trials(runDir)) {
            String id = t.path("id").asText();
            if (id.equals(except) || !"ok".equals(t.path("status").asText())) continue;
            Path dir = runDir.resolve(t.path("dir").asText("trials/" + id));
            if (Files.isRegularFile(dir.resolve(Trace.FILE))) return new TrialRef(id, dir);
        }
        throw new IllegalArgumentException(runDir + ": no successful trial with a trace" + (except == null ? "" : " other than " + except)
                + " (run the workload with measure: {tracepoints: true})");
    }

    private static List<String> ids(Path runDir) {
        List<String> out = new ArrayList<>();
        for (JsonNode t : RunSamples.trials(runDir)) out.add(t.path("id").asText());
        return out;
    }
}
