package dev.evperf.core.trial;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.results.Environment;
import dev.evperf.core.results.Json;
import dev.evperf.core.results.Layout;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.TrialSpec;
import java.io.IOException;
import java.io.PrintStream;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs a plan: one fresh child JVM per trial (as JMH forks), with the trial's own JVM options.
 * It never holds per-event data; it collects each trial's status and, through the summarizer, a
 * small summary for run.json, which is rewritten after every trial so a run cut short is still
 * readable. A trial that crashes or times out is failed with its reason and the run goes on.
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

    private ObjectNode run;
    private ArrayNode trials;
    private Plan plan;
    private long runStart;

    /** Runs every trial of the plan. @return run.json's content */
    public ObjectNode run(Plan plan) throws IOException {
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
        Files.createDirectories(runDir.resolve(Layout.TRIALS));
        run = Json.MAPPER.createObjectNode();
        run.put("format", Layout.FORMAT);
        run.put("workload_file", plan.workloadFile().toAbsolutePath().toString());
        run.set("workload", plan.tree());
        run.put("started", Instant.now().toString());
        run.set("environment", Json.MAPPER.valueToTree(Environment.capture()));
        trials = run.putArray("trials");
        for (TrialSpec t : plan.trials()) entry(t);
        Json.write(runDir.resolve(Layout.RUN_JSON), run);
        runStart = System.nanoTime();
    }

    private ObjectNode entry(TrialSpec t) {
        for (JsonNode existing : trials) {
            if (existing.path("id").asText().equals(t.id())) return (ObjectNode) existing;
        }
        ObjectNode o = trials.addObject();
        o.put("id", t.id());
        o.put("dir", Layout.TRIALS + "/" + t.id());
        o.put("label", t.label());
        ObjectNode params = o.putObject("params");
        t.params().forEach(params::set);
        o.put("repetition", t.repetition());
        o.set("jvm", Json.MAPPER.valueToTree(t.jvm()));
        o.put("status", "planned");
        return o;
    }

    /**
     * Runs one trial in its own JVM and records its status (and summary) in run.json.
     *
     * @param index its position for the progress line (1-based), of {@code total} (0 when open-ended)
     * @return the trial's entry in run.json
     */
    public ObjectNode runTrial(TrialSpec t, int index, int total) throws IOException {
        ObjectNode o = entry(t);
        String of = total > 0 ? index + "/" + total : String.valueOf(index);
        progress.printf("[%s] %s %s ...%n", of, t.id(), t.label());
        long start = System.nanoTime();
        o.put("status", "running");
        Json.write(runDir.resolve(Layout.RUN_JSON), run);
        runTrial(plan, t, o);
        double seconds = (System.nanoTime() - start) / 1e9;
        o.put("duration_s", Math.round(seconds * 100) / 100.0);
        Json.write(runDir.resolve(Layout.RUN_JSON), run);
        double elapsed = (System.nanoTime() - runStart) / 1e9;
        String eta = total > 0 ? ", ETA " + clock(elapsed / index * (total - index)) : "";
        String reason = o.path("reason").isTextual() ? " (" + o.get("reason").asText() + ")" : "";
        progress.printf("[%s] %s %s%s in %.1f s; elapsed %s%s%n", of, t.id(), o.get("status").asText(), reason, seconds, clock(elapsed), eta);
        return o;
    }

    /** Stamps the end of the run. @return run.json's content */
    public ObjectNode finish() {
        run.put("finished", Instant.now().toString());
        Json.write(runDir.resolve(Layout.RUN_JSON), run);
        return run;
    }

    /** Adds a top-level section to run.json (e.g. sustain's search), written at once. */
    public void annotate(String key, JsonNode value) {
        run.set(key, value);
        Json.write(runDir.resolve(Layout.RUN_JSON), run);
    }

    private void runTrial(Plan plan, TrialSpec t, ObjectNode o) throws IOException {
        Path dir = Layout.trialDir(runDir, t.id());
        Files.createDirectories(dir);
        ObjectNode spec = Json.MAPPER.createObjectNode();
        spec.put("id", t.id());
        spec.put("label", t.label());
        spec.put("workload_dir", PlanChecker.baseDir(plan.workloadFile()).toString());
        spec.set("jvm", Json.MAPPER.valueToTree(t.jvm()));
        spec.set("workload", t.tree());
        Json.write(dir.resolve(Layout.TRIAL_JSON), spec);

        List<String> cmd = new ArrayList<>();
        cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        cmd.addAll(t.jvm());
        cmd.add("-cp");
        cmd.add(classpath);
        cmd.add(TrialMain.class.getName());
        cmd.add(dir.toAbsolutePath().toString());
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(dir.resolve(Layout.STDOUT).toFile())
                .redirectError(dir.resolve(Layout.STDERR).toFile())
                .start();
        // Ctrl-C on the controller must not leave a trial JVM running on its own.
        Thread reaper = new Thread(() -> kill(p), "evperf-trial-reaper");
        Runtime.getRuntime().addShutdownHook(reaper);
        long timeoutNs = t.workload().trial.timeout.nanos();
        boolean exited;
        try {
            exited = waitShowingLive(p, timeoutNs, dir.resolve(Layout.STDOUT), t.id());
        } catch (InterruptedException e) {
            kill(p);
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while trial " + t.id() + " ran", e);
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(reaper);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it kills the trial
            }
        }
        if (!exited) {
            kill(p);
            fail(o, "timed out after " + t.workload().trial.timeout + " (trial.timeout); the JVM was killed");
            return;
        }
        o.put("exit_code", p.exitValue());
        Path resultFile = dir.resolve(Layout.RESULT_JSON);
        JsonNode result = Files.exists(resultFile) ? Json.MAPPER.readTree(resultFile.toFile()) : null;
        // The engine's errors next to the status: a trial with some is "ok with errors", or failed.
        if (result != null && result.path("errors").has("count")) o.put("errors", result.path("errors").path("count").asLong());
        if (result != null && "ok".equals(result.path("status").asText()) && p.exitValue() == 0) {
            o.put("status", "ok");
            o.putNull("reason");
            try {
                o.set("summary", summarizer.summarize(dir));
            } catch (Exception e) {
                o.put("summary_error", String.valueOf(e.getMessage()));
            }
        } else if (result != null && result.path("reason").isTextual()) {
            fail(o, result.get("reason").asText());
        } else {
            fail(o, "the trial JVM " + exitDescription(p.exitValue()) + ": " + crashLine(dir.resolve(Layout.STDERR)));
        }
    }

    /** "exited with code 1", or for a JVM ended by a signal (exit status 128 + n) the signal's name. */
    static String exitDescription(int code) {
        String signal = switch (code - 128) {
            case 1 -> "SIGHUP";
            case 2 -> "SIGINT";
            case 6 -> "SIGABRT";
            case 9 -> "SIGKILL";
            case 15 -> "SIGTERM";
            default -> null;
        };
        return signal == null ? "exited with code " + code : "was ended by " + signal + " (exit code " + code + ")";
    }

    /**
     * Waits for the trial JVM; on an interactive terminal, shows the trial's latest live line in
     * place (a non-interactive log gets only the start and end lines).
     */
    private boolean waitShowingLive(Process p, long timeoutNs, Path stdout, String id) throws InterruptedException, IOException {
        if (System.console() == null) return p.waitFor(timeoutNs, TimeUnit.NANOSECONDS);
        long deadline = System.nanoTime() + timeoutNs;
        String shown = null;
        while (System.nanoTime() < deadline) {
            if (p.waitFor(500, TimeUnit.MILLISECONDS)) {
                if (shown != null) progress.print("\r\033[K");
                return true;
            }
            String line = lastLiveLine(stdout);
            if (line != null && !line.equals(shown)) {
                shown = line;
                progress.print("\r\033[K  " + id + " " + line.substring(LiveMonitor.PREFIX.length()));
                progress.flush();
            }
        }
        if (shown != null) progress.print("\r\033[K");
        return false;
    }

    private static String lastLiveLine(Path stdout) throws IOException {
        if (!Files.exists(stdout)) return null;
        try (var file = new RandomAccessFile(stdout.toFile(), "r")) {
            long len = file.length();
            long from = Math.max(0, len - 4096);
            file.seek(from);
            byte[] tail = new byte[(int) (len - from)];
            file.readFully(tail);
            String[] lines = new String(tail, StandardCharsets.UTF_8).split("\n");
            for (int i = lines.length - 1; i >= 0; i--) {
                if (lines[i].startsWith(LiveMonitor.PREFIX)) return lines[i];
            }
        }
        return null;
    }

    private static void fail(ObjectNode o, String reason) {
        o.put("status", "failed");
        o.put("reason", reason);
    }

    /** The line of a dead JVM's stderr that says why: the first error or exception line. */
    static String crashLine(Path stderr) throws IOException {
        if (!Files.exists(stderr)) return "no stderr";
        List<String> lines = Files.readAllLines(stderr);
        for (int i = 0; i < lines.size(); i++) {
            String l = lines.get(i).trim();
            if (l.contains("Error") || l.contains("Exception")) {
                // "Error occurred during initialization of VM" says why on its next line.
                return i + 1 < lines.size() && l.endsWith("VM") ? l + ": " + lines.get(i + 1).trim() : l;
            }
        }
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (!lines.get(i).isBlank()) return lines.get(i).trim();
        }
        return "no output";
    }

    private static void kill(Process p) {
        p.descendants().forEach(ProcessHandle::destroyForcibly);
        p.destroyForcibly();
        try {
            p.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String clock(double seconds) {
        long s = Math.round(seconds);
        return String.format("%d:%02d:%02d", s / 3600, s / 60 % 60, s % 60);
    }
}
