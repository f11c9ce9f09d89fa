package dev.evperf.analysis.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** A results directory's run.json, checked: the run overview and its list of trials. */
final class RunInfo {
    /** The results format this report reads. */
    static final String FORMAT = "evperf-run/1";

    /** One trial of run.json. */
    record Trial(String id, Path dir, String label, JsonNode params, Integer repetition, List<String> jvm,
                 String status, String reason, Integer exitCode, Double durationS, JsonNode summary) {
        boolean ok() {
            return "ok".equals(status);
        }
    }

    final Path runDir;
    final JsonNode root;
    final List<Trial> trials;

    private RunInfo(Path runDir, JsonNode root, List<Trial> trials) {
        this.runDir = runDir;
        this.root = root;
        this.trials = trials;
    }

    String workloadName() {
        return root.path("workload").path("name").asText(runDir.getFileName() == null ? "run" : runDir.getFileName().toString());
    }

    /**
     * @throws IllegalArgumentException one line: not a directory, no run.json, malformed run.json,
     *                                  or a results format other than {@value #FORMAT}
     */
    static RunInfo load(Path runDir, ObjectMapper mapper) {
        if (!Files.isDirectory(runDir)) {
            throw new IllegalArgumentException("not a run directory: " + runDir
                    + (Files.exists(runDir) ? " is not a directory" : " does not exist")
                    + " (expected a directory written by 'evperf run', holding run.json and trials/)");
        }
        Path runJson = runDir.resolve("run.json");
        if (!Files.isRegularFile(runJson)) {
            throw new IllegalArgumentException("not a run directory: " + runDir
                    + " has no run.json (expected a directory written by 'evperf run', holding run.json and trials/)");
        }
        JsonNode root;
        try {
            root = mapper.readTree(runJson.toFile());
        } catch (JsonProcessingException e) {
            String msg = e.getOriginalMessage() == null ? e.getMessage() : e.getOriginalMessage();
            String at = e.getLocation() == null ? "" : ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr();
            throw new IllegalArgumentException(runJson + at + ": not valid JSON: " + msg.replace('\n', ' '));
        } catch (IOException e) {
            throw new UncheckedIOException(runJson + ": cannot read", e);
        }
        if (root == null || !root.isObject()) {
            throw new IllegalArgumentException(runJson + ": expected a JSON object written by 'evperf run'");
        }
        JsonNode format = root.get("format");
        if (format == null || !format.isTextual()) {
            throw new IllegalArgumentException(runJson + ": no \"format\" field, so an older or another program's results format"
                    + " (this evperf reports \"" + FORMAT + "\"; rerun the workload with this evperf)");
        }
        if (!FORMAT.equals(format.asText())) {
            throw new IllegalArgumentException(runJson + ": results format \"" + format.asText() + "\" is not the one this evperf reports (\""
                    + FORMAT + "\"; rerun the workload with this evperf, or report it with the evperf that wrote it)");
        }
        JsonNode list = root.get("trials");
        if (list == null || !list.isArray()) {
            throw new IllegalArgumentException(runJson + ": expected a \"trials\" array");
        }
        List<Trial> trials = new ArrayList<>();
        for (int i = 0; i < list.size(); i++) {
            JsonNode t = list.get(i);
            String id = t.path("id").asText("");
            if (id.isEmpty()) throw new IllegalArgumentException(runJson + ": trials[" + i + "]: expected a string \"id\"");
            List<String> jvm = new ArrayList<>();
            t.path("jvm").forEach(j -> jvm.add(j.asText()));
            trials.add(new Trial(id, runDir.resolve(t.path("dir").asText("trials/" + id)), t.path("label").asText(id),
                    t.path("params"), t.hasNonNull("repetition") ? t.get("repetition").asInt() : null, List.copyOf(jvm),
                    t.path("status").asText("unknown"), t.hasNonNull("reason") ? t.get("reason").asText() : null,
                    t.hasNonNull("exit_code") ? t.get("exit_code").asInt() : null,
                    t.hasNonNull("duration_s") ? t.get("duration_s").asDouble() : null, t.path("summary")));
        }
        return new RunInfo(runDir, root, List.copyOf(trials));
    }
}
