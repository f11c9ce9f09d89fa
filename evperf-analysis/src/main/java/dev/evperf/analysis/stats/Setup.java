package dev.evperf.analysis.stats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.results.Layout;
import dev.evperf.results.ResultsJson;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * What compared runs ran, from their run.json (and the trials' result.json for the engine's
 * version): a difference between two runs is a difference between configurations only when
 * nothing else differs, so {@code compare} lists every way they do (workload, matrix values, JVM
 * options, engine, machine, evperf itself) next to its verdicts.
 */
public final class Setup {
    private Setup() {}

    /** The environment fields of run.json that describe the machine and its JDK. */
    static final List<String> MACHINE = List.of(
            "cpu_model",
            "available_processors",
            "memory_total",
            "kernel",
            "os",
            "jdk_vendor",
            "jdk_version",
            "jvm_name",
            "clocksource",
            "cpu_governor");
    /** Workload fields that name or describe a run without changing what it runs. */
    static final Set<String> LABELS = Set.of("name", "description");

    /**
     * One way two compared samples' configurations differ.
     *
     * @param what e.g. "workload engine.options.service_time", "JVM options", "machine cpu_model"
     * @param a    the value in the first sample ("(none)" when it has no such field)
     */
    public record Difference(String what, String a, String b) {
        @Override
        public String toString() {
            return what + ": " + a + " | " + b;
        }
    }

    /**
     * A run's configuration as a whole.
     *
     * @param workload the workload as run, flattened (dotted path → JSON value), names and descriptions left out
     * @param machine  the machine and JDK fields of run.json's environment
     * @param evperf   the evperf version and commit that ran it
     */
    public record Run(Map<String, String> workload, Map<String, String> machine, String evperf) {
        static Run of(RunFile run) {
            Map<String, String> workload = new LinkedHashMap<>();
            JsonNode w = run.workload();
            for (Iterator<Map.Entry<String, JsonNode>> it = w.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (!LABELS.contains(e.getKey())) flatten(e.getKey(), e.getValue(), workload);
            }
            Map<String, String> machine = new LinkedHashMap<>();
            JsonNode env = run.environment();
            for (String key : MACHINE) if (env.has(key)) machine.put(key, text(env.get(key)));
            String evperf = env.has("evperf_version") || env.has("evperf_commit")
                    ? env.path("evperf_version").asText("?") + " "
                            + env.path("evperf_commit").asText("?")
                    : null;
            return new Run(workload, machine, evperf);
        }
    }

    /**
     * What the trials of one configuration ran with.
     *
     * @param jvm    their JVM option lists (run.json's {@code jvm} of each trial)
     * @param engine their engines and versions (result.json's {@code engine_version})
     */
    public record Trials(SortedSet<String> jvm, SortedSet<String> engine) {
        public static final Trials NONE = new Trials(new TreeSet<>(), new TreeSet<>());

        static Trials of(RunDir run, List<RunFile.Trial> entries) {
            SortedSet<String> jvm = new TreeSet<>(), engine = new TreeSet<>();
            for (RunFile.Trial t : entries) {
                if (t.jvm() != null)
                    jvm.add(t.jvm().isEmpty() ? "(none)" : text(ResultsJson.MAPPER.valueToTree(t.jvm())));
                String version = engineVersion(run.trialDir(t));
                if (version != null) engine.add(version);
            }
            return new Trials(jvm, engine);
        }

        /** Both trial sets' values (for pooled configurations). */
        Trials and(Trials o) {
            SortedSet<String> jvm = new TreeSet<>(this.jvm), engine = new TreeSet<>(this.engine);
            jvm.addAll(o.jvm);
            engine.addAll(o.engine);
            return new Trials(jvm, engine);
        }
    }

    /** Every workload path, machine field and evperf build whose values differ (both runs' values listed). */
    public static List<Difference> between(Run a, Run b) {
        List<Difference> out = new ArrayList<>();
        Set<String> paths = new TreeSet<>(a.workload().keySet());
        paths.addAll(b.workload().keySet());
        for (String p : paths)
            differ(out, "workload " + p, a.workload().get(p), b.workload().get(p));
        for (String key : MACHINE)
            differ(out, "machine " + key, a.machine().get(key), b.machine().get(key));
        differ(out, "evperf", a.evperf(), b.evperf());
        return out;
    }

    /** The JVM options and engine versions, where the two configurations' trials differ. */
    public static List<Difference> between(Trials a, Trials b) {
        List<Difference> out = new ArrayList<>();
        if (!a.jvm().isEmpty() || !b.jvm().isEmpty()) differ(out, "JVM options", join(a.jvm()), join(b.jvm()));
        if (!a.engine().isEmpty() || !b.engine().isEmpty()) differ(out, "engine", join(a.engine()), join(b.engine()));
        return out;
    }

    private static void differ(List<Difference> out, String what, String a, String b) {
        if (a == null && b == null || a != null && a.equals(b)) return;
        out.add(new Difference(what, a == null ? "(none)" : a, b == null ? "(none)" : b));
    }

    private static String join(SortedSet<String> values) {
        return values.isEmpty() ? null : String.join(" / ", values);
    }

    /** Objects to dotted paths, arrays to [i]; leaves as their JSON text (strings unquoted). */
    private static void flatten(String path, JsonNode v, Map<String, String> out) {
        if (v.isObject() && !v.isEmpty()) {
            v.fields().forEachRemaining(e -> flatten(path + "." + e.getKey(), e.getValue(), out));
        } else if (v.isArray() && !v.isEmpty()) {
            for (int i = 0; i < v.size(); i++) flatten(path + "[" + i + "]", v.get(i), out);
        } else {
            out.put(path, text(v));
        }
    }

    /** JSON text (strings quoted, so an empty or blank value shows), whitespace runs as one space: one line. */
    private static String text(JsonNode v) {
        return v.toString().replaceAll("\\s+", " ").strip();
    }

    /** "name version" from the trial's result.json, or null when it has none. */
    private static String engineVersion(Path trialDir) {
        Path file = trialDir.resolve(Layout.RESULT_JSON);
        if (!Files.isRegularFile(file)) return null;
        try {
            JsonNode r = ResultsJson.readTree(file);
            if (!r.hasNonNull("engine")) return null;
            String version = r.path("engine_version").asText("");
            return version.isEmpty()
                    ? r.get("engine").asText()
                    : r.get("engine").asText() + " (" + version + ")";
        } catch (IllegalArgumentException e) {
            return null; // an unreadable result.json already skips the trial in RunSamples
        }
    }
}
