package dev.evperf.analysis.stats;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.MissingNode;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What {@code compare} says next to its differences: per run, which trials were disturbed and by
 * how much, and every trial's warnings, as the run's summaries in run.json hold them (the list
 * {@code evperf summary} prints). A difference between runs of which one was disturbed, or whose
 * phases fell short of their rate, is a difference of the machine or of the load, not of the engine.
 *
 * @param letter the run's letter in the comparison; @param disturbed trials marked disturbed
 * @param stalls the driver's stalls over those trials; @param stallMs their total
 * @param switches the senders' involuntary context switches; @param stealMs the machine's steal time
 */
public record RunWarnings(
        String letter,
        String dir,
        int trials,
        int disturbed,
        long stalls,
        double stallMs,
        long switches,
        double stealMs,
        List<Entry> warnings) {

    /** One warning of one trial. */
    public record Entry(String trial, String kind, String figure, String message) {}

    /** The runs in compare's order, lettered A, B, … */
    public static List<RunWarnings> load(List<Path> runDirs) {
        List<RunWarnings> out = new ArrayList<>();
        for (int i = 0; i < runDirs.size(); i++) out.add(load(RunComparison.letter(i), runDirs.get(i)));
        return out;
    }

    static RunWarnings load(String letter, Path runDir) {
        int trials = 0, disturbed = 0;
        long stalls = 0, switches = 0;
        double stallMs = 0, stealMs = 0;
        List<Entry> warnings = new ArrayList<>();
        for (RunFile.Trial t : RunDir.open(runDir).trials()) {
            trials++;
            JsonNode s = t.summary() == null ? MissingNode.getInstance() : t.summary();
            JsonNode d = s.path("disturbance");
            if (d.path("disturbed").asBoolean(false)) {
                disturbed++;
                stalls += d.path("stalls").asLong();
                stallMs += d.path("stall_ms").asDouble();
                switches += d.path("driver_switches").asLong();
                stealMs += d.path("steal_ms").asDouble();
            }
            for (JsonNode w : s.path("warnings")) {
                warnings.add(new Entry(
                        t.id(),
                        w.path("kind").asText(),
                        w.path("figure").asText(),
                        w.path("message").asText()));
            }
        }
        return new RunWarnings(
                letter, runDir.toString(), trials, disturbed, stalls, stallMs, switches, stealMs, warnings);
    }

    /** The text block: one headline per run, then every warning. Empty when no run has any. */
    public static String text(List<RunWarnings> runs) {
        if (runs.stream().allMatch(r -> r.warnings().isEmpty() && r.disturbed() == 0)) return "";
        StringBuilder sb = new StringBuilder("\nWarnings (each trial's summary in run.json)\n");
        for (RunWarnings r : runs) {
            sb.append(
                    String.format(Locale.ROOT, "%s: %d of %d trials disturbed", r.letter(), r.disturbed(), r.trials()));
            if (r.disturbed() > 0) {
                sb.append(String.format(
                        Locale.ROOT,
                        " (%d driver stalls, %.3f ms in all; %d involuntary switches of the senders; %.0f ms steal)",
                        r.stalls(),
                        r.stallMs(),
                        r.switches(),
                        r.stealMs()));
            }
            sb.append(String.format(Locale.ROOT, "; %d warnings%n", r.warnings().size()));
            for (Entry e : r.warnings()) {
                sb.append("  ")
                        .append(r.letter())
                        .append(' ')
                        .append(e.trial())
                        .append(' ')
                        .append(e.kind())
                        .append(" (")
                        .append(e.figure())
                        .append("): ")
                        .append(e.message())
                        .append('\n');
            }
        }
        return sb.toString();
    }
}
