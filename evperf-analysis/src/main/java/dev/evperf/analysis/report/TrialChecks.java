package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.Disturbance;
import dev.evperf.analysis.TrialResult;
import java.nio.file.Path;
import java.util.List;

/**
 * The report's part of a trial's warnings: the list the trial's summary in run.json holds (the
 * same one {@code evperf summary} prints), its errors and disturbance, and every disturbed interval
 * for the time charts' marks.
 */
final class TrialChecks {
    private TrialChecks() {
    }

    static ObjectNode node(RunInfo.Trial t) {
        ObjectNode n = J.obj();
        JsonNode s = t.summary();
        if (s != null && s.has("warnings")) {
            n.set("warnings", s.get("warnings"));
            if (s.hasNonNull("status_text")) n.put("statusText", s.get("status_text").asText());
            if (s.hasNonNull("errors")) n.set("errors", s.get("errors"));
            if (s.hasNonNull("disturbance")) n.set("disturbance", s.get("disturbance"));
        } else {
            n.put("note", "run.json holds no warnings for this trial (a run from before they were computed, or its summary failed):"
                    + " evperf summary computes them");
        }
        List<Disturbance.Interval> intervals = Disturbance.intervals(t.dir(), TrialResult.load(t.dir()));
        if (intervals != null) {
            ArrayNode a = n.putArray("disturbedIntervals");
            double width = widthS(t.dir());
            for (Disturbance.Interval i : intervals) {
                ArrayNode row = a.addArray();
                row.add(i.startS()).add(i.startS() + width).add(J.num(i.stallMs(), 3)).add(i.switches()).add(J.num(i.stealMs(), 1));
            }
        }
        return n;
    }

    /** The width of intervals.csv's rows, s (the trial's hlog_interval). */
    private static double widthS(Path dir) {
        try {
            List<String> lines = java.nio.file.Files.readAllLines(dir.resolve("intervals.csv"));
            if (lines.size() < 3) return 0.25;
            return Double.parseDouble(lines.get(2).split(",", 2)[0]) - Double.parseDouble(lines.get(1).split(",", 2)[0]);
        } catch (java.io.IOException | RuntimeException e) {
            return 0.25;
        }
    }
}
