package dev.evperf.results;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * A results directory, opened: its run.json read and checked, so that every command that reads
 * results (summary, report, compare, sustain, model) says the same one line about a directory
 * that is not a run, a run.json that is not JSON, or a results format this evperf does not read.
 * {@link #check()} goes further and checks, cheaply, that the files run.json promises are there
 * and whole ({@link RunCheck}).
 */
public final class RunDir {
    private static final String EXPECTED =
            " (expected a directory written by 'evperf run', holding run.json and trials/)";

    private final Path dir;
    private final RunFile run;

    private RunDir(Path dir, RunFile run) {
        this.dir = dir;
        this.run = run;
    }

    /**
     * @throws IllegalArgumentException one line naming the path: not a directory, no run.json,
     *                                  not valid JSON, no "trials" array, a trial without an id,
     *                                  or a results format this evperf does not read
     */
    public static RunDir open(Path dir) {
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("not a run directory: " + dir
                    + (Files.exists(dir) ? " is not a directory" : " does not exist") + EXPECTED);
        }
        Path file = dir.resolve(Layout.RUN_JSON);
        if (!Files.isRegularFile(file))
            throw new IllegalArgumentException("not a run directory: " + dir + " has no run.json" + EXPECTED);
        JsonNode root = ResultsJson.readTree(file);
        if (!root.isObject())
            throw new IllegalArgumentException(file + ": expected a JSON object written by 'evperf run'");
        JsonNode format = root.get("format");
        if (format != null && !Layout.READS.contains(format.asText())) {
            throw new IllegalArgumentException(file + ": results format \"" + format.asText()
                    + "\" is not one this evperf reads (it reads \"" + String.join("\", \"", Layout.READS)
                    + "\"; use the evperf that wrote it, or rerun the workload with this one)");
        }
        JsonNode trials = root.get("trials");
        if (trials == null || !trials.isArray())
            throw new IllegalArgumentException(file + ": expected a \"trials\" array");
        for (int i = 0; i < trials.size(); i++) {
            JsonNode id = trials.get(i).get("id");
            if (id == null || !id.isTextual() || id.asText().isEmpty()) {
                throw new IllegalArgumentException(file + ": trials[" + i + "]: expected a string \"id\"");
            }
        }
        try {
            return new RunDir(dir, ResultsJson.MAPPER.treeToValue(root, RunFile.class));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(file + ": " + ResultsJson.oneLine(e));
        }
    }

    /** {@link #open} and {@link RunCheck#check}: the directory is a run and its files are whole. */
    public static RunDir openChecked(Path dir) {
        RunDir d = open(dir);
        d.check();
        return d;
    }

    /** Checks that every file run.json says is there is there and whole; one line naming the file otherwise. */
    public void check() {
        RunCheck.check(this);
    }

    public Path dir() {
        return dir;
    }

    public Path runJson() {
        return dir.resolve(Layout.RUN_JSON);
    }

    public RunFile run() {
        return run;
    }

    public List<RunFile.Trial> trials() {
        return run.trials();
    }

    /** The directory of one trial (its {@code dir} relative to the run directory). */
    public Path trialDir(RunFile.Trial t) {
        return dir.resolve(t.dir());
    }

    /** The workload's name, or the directory's when run.json has none. */
    public String workloadName() {
        return run.workload()
                .path("name")
                .asText(dir.getFileName() == null ? "run" : dir.getFileName().toString());
    }
}
