package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.figures.Disturbance;
import dev.evperf.results.Intervals;
import dev.evperf.results.RunFile;
import dev.evperf.results.TrialResult;
import java.nio.file.Path;
import java.util.List;

/**
 * The report's part of a trial's warnings: the list the trial's summary in run.json holds (the
 * same one {@code evperf summary} prints), its errors and disturbance, and every disturbed interval
 * for the time charts' marks.
 */
final class TrialChecks {
    private TrialChecks() {}

    static ObjectNode node(RunFile.Trial t, Path dir) {
        ObjectNode n = J.obj();
        JsonNode s = t.summary();
        if (s != null && s.has("warnings")) {
            n.set("warnings", s.get("warnings"));
            if (s.hasNonNull("status_text"))
                n.put("statusText", s.get("status_text").asText());
            if (s.hasNonNull("errors")) n.set("errors", s.get("errors"));
            if (s.hasNonNull("disturbance")) n.set("disturbance", s.get("disturbance"));
        } else {
            n.put(
                    "note",
                    "run.json holds no warnings for this trial (a run from before they were computed, or its summary failed):"
                            + " evperf summary computes them");
        }
        List<Disturbance.Interval> intervals = Disturbance.intervals(dir, TrialResult.load(dir));
        if (intervals != null) {
            ArrayNode a = n.putArray("disturbedIntervals");
            double width = widthS(dir);
            for (Disturbance.Interval i : intervals) {
                ArrayNode row = a.addArray();
                row.add(i.startS())
                        .add(i.startS() + width)
                        .add(J.num(i.stallMs(), 3))
                        .add(i.switches())
                        .add(J.num(i.stealMs(), 1));
            }
        }
        return n;
    }

    /** The width of intervals.csv's rows, s (the trial's hlog_interval); 0.25 s when it cannot tell. */
    private static double widthS(Path dir) {
        try {
            Intervals csv = Intervals.read(dir);
            return csv == null ? 0.25 : csv.widthS(0.25);
        } catch (RuntimeException e) {
            return 0.25;
        }
    }
}
