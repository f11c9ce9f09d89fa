package dev.evperf.analysis.stats;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.analysis.sql.WarmUps;
import dev.evperf.analysis.warmup.WarmUp;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import dev.evperf.results.TrialResult;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The metric samples of a results directory, per configuration: trials with the same matrix
 * parameters (repetitions of one combination) form one {@link Group}, each trial's values kept
 * as its own series. Only trials with status ok count; the others are listed in {@link #skipped}.
 *
 * @param warmUps per analysed trial id, the warm-up that was cut (or detected, when kept)
 * @param setup   what run.json says the run ran on: its workload and machine
 */
public record RunSamples(
        Path runDir,
        String name,
        List<Group> groups,
        Map<String, WarmUp> warmUps,
        List<String> skipped,
        Setup.Run setup) {

    /**
     * The samples of one configuration.
     *
     * @param key    the parameters as canonical JSON ("{}" for a run without a matrix)
     * @param label  "param=value, …", or "all" for no parameters
     * @param series per metric, one series per trial (in trial order)
     * @param setup  the JVM options and engine versions its trials ran with
     */
    public record Group(
            String key, String label, List<String> trials, Map<Metric, List<double[]>> series, Setup.Trials setup) {
        /** Every trial's values of the metric, one after the other. */
        public double[] values(Metric m) {
            return Units.pooled(series(m));
        }

        public List<double[]> series(Metric m) {
            return series.getOrDefault(m, List.of());
        }
    }

    /**
     * @param cutWarmUp leave out each trial's warm-up transient as {@link WarmUps#detect} finds it (the summary's cut)
     * @throws IllegalArgumentException one line naming the directory, when it is not a run
     *                                  directory or its run.json is malformed
     */
    public static RunSamples load(Path runDir, boolean cutWarmUp) {
        RunDir run = RunDir.open(runDir);
        Map<String, List<Map<Metric, double[]>>> perGroup = new LinkedHashMap<>();
        Map<String, List<RunFile.Trial>> entries = new LinkedHashMap<>();
        Map<String, String> labels = new LinkedHashMap<>();
        Map<String, List<String>> ids = new LinkedHashMap<>();
        Map<String, WarmUp> warmUps = new LinkedHashMap<>();
        List<String> skipped = new ArrayList<>();
        for (RunFile.Trial t : run.trials()) {
            String id = t.id();
            if (!t.ok()) {
                skipped.add(id + " (" + t.status() + ")");
                continue;
            }
            Path dir = run.trialDir(t);
            Map<Metric, double[]> samples;
            try {
                if (run.run().agents() != null) {
                    samples = AgentTrialSamples.load(dir); // a trial over agents: its events.csv, no warm-up cut
                } else {
                    TrialSamples.Loaded loaded = TrialSamples.load(dir, TrialResult.load(dir), cutWarmUp);
                    warmUps.put(id, loaded.warmUp());
                    samples = loaded.samples();
                }
            } catch (IllegalArgumentException | UncheckedIOException e) {
                skipped.add(id + " (unreadable: " + e.getMessage() + ")");
                continue;
            }
            String key = canonical(t.params());
            perGroup.computeIfAbsent(key, k -> new ArrayList<>()).add(samples);
            labels.putIfAbsent(key, label(t.params()));
            ids.computeIfAbsent(key, k -> new ArrayList<>()).add(id);
            entries.computeIfAbsent(key, k -> new ArrayList<>()).add(t);
        }
        List<Group> groups = new ArrayList<>();
        perGroup.forEach((key, list) -> groups.add(new Group(
                key,
                labels.get(key),
                List.copyOf(ids.get(key)),
                series(list),
                Setup.Trials.of(run, entries.get(key)))));
        return new RunSamples(
                runDir,
                runDir.toAbsolutePath().normalize().getFileName().toString(),
                List.copyOf(groups),
                warmUps,
                List.copyOf(skipped),
                Setup.Run.of(run.run()));
    }

    /** All groups pooled into one ("all"), for runs whose configurations do not match. */
    public Group pooled() {
        if (groups.size() == 1) return groups.get(0);
        List<String> all = new ArrayList<>();
        Map<Metric, List<double[]>> series = new EnumMap<>(Metric.class);
        Setup.Trials setup = Setup.Trials.NONE;
        for (Group g : groups) {
            all.addAll(g.trials());
            g.series().forEach((m, s) -> series.computeIfAbsent(m, k -> new ArrayList<>())
                    .addAll(s));
            setup = setup.and(g.setup());
        }
        return new Group("*", "all", all, series, setup);
    }

    /** Per metric, the trials' series in trial order (a metric a trial lacks is left out for it). */
    static Map<Metric, List<double[]>> series(List<Map<Metric, double[]>> trials) {
        Map<Metric, List<double[]>> out = new EnumMap<>(Metric.class);
        for (Map<Metric, double[]> t : trials)
            t.forEach((m, v) -> out.computeIfAbsent(m, k -> new ArrayList<>()).add(v));
        return out;
    }

    private static String canonical(JsonNode params) {
        Map<String, String> sorted = new TreeMap<>();
        params.fields()
                .forEachRemaining(e -> sorted.put(e.getKey(), e.getValue().toString()));
        return sorted.toString();
    }

    private static String label(JsonNode params) {
        List<String> parts = new ArrayList<>();
        params.fields()
                .forEachRemaining(e -> parts.add(e.getKey() + "="
                        + (e.getValue().isTextual()
                                ? e.getValue().asText()
                                : e.getValue().toString())));
        return parts.isEmpty() ? "all" : String.join(", ", parts);
    }
}
