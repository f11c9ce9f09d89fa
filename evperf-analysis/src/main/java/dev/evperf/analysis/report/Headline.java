package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.results.LatencyMode;
import java.util.Locale;

/**
 * The report's headline, first on the page as Gatling puts its global statistics: per trial whether
 * it is ok, failed or disturbed, its key figures, and the warnings about them.
 *
 * <p>Failed: the trial did not finish, or its results cannot be read. Disturbed: the truth checks
 * found that the driver did not get the CPU for part of the run (the summary's {@code
 * disturbance}), so the figures hold time the engine did not get. The warnings are the truth
 * checks' list when the trial's summary in run.json holds one ({@code warnings}: objects with kind,
 * figure and message, or plain strings), and the checks this report can make itself from the
 * trial's results: a phase short of its rate or falling behind its schedule, a warm-up MSER-5 could
 * not end (those three only when the summary has no list), clock drift. GC pauses are not among
 * them: they are the engine's own behaviour on its JVM, which the figures are meant to show (the
 * timeline marks them).
 */
final class Headline {
    /** Clock drift above this moves JFR events on the trial's axis by more than a typical event time. */
    static final long DRIFT_NS = 1_000_000;

    private Headline() {}

    /**
     * @param summary the trial's summary from run.json (may be missing)
     * @param trial   the trial's node as {@link TrialSection} built it (or its header, when it failed)
     */
    static ObjectNode of(JsonNode summary, ObjectNode trial) {
        ObjectNode h = J.obj();
        ArrayNode warnings = h.putArray("warnings");
        boolean checked = summary != null && summary.path("warnings").isArray();
        if (checked) summary.get("warnings").forEach(w -> warnings.add(fromSummary(w)));
        boolean failed = !"ok".equals(trial.path("status").asText()) || trial.hasNonNull("error");
        if (!failed) derive(trial, warnings, checked);
        boolean disturbed =
                summary != null && summary.path("disturbance").path("disturbed").asBoolean(false);
        h.put("status", failed ? "failed" : disturbed ? "disturbed" : "ok");
        // "ok with 3 errors": the engine's errors, as the summary words them
        if (!failed
                && summary != null
                && summary.hasNonNull("status_text")
                && !summary.get("status_text").asText().equals("ok")) {
            h.put("statusText", summary.get("status_text").asText() + (disturbed ? ", disturbed" : ""));
        }
        h.put("checked", checked);
        if (failed)
            h.put(
                    "why",
                    trial.hasNonNull("error")
                            ? trial.get("error").asText()
                            : trial.path("reason").asText("no reason recorded"));
        figures(trial, h);
        return h;
    }

    /** A warning of the summary's list as {kind, text}. */
    static ObjectNode fromSummary(JsonNode w) {
        ObjectNode o = J.obj();
        if (w.isTextual()) return warning("check", "", w.asText());
        return warning(
                w.path("kind").asText("check"),
                w.path("figure").asText(""),
                w.path("message").asText(w.path("text").asText(w.toString())));
    }

    /**
     * A warning as {kind, text, brief}: the text whole ("phase m: achieved 738 ev/s, 73.8 % of its target:
     * the engine did not keep up, …"), and for the headline's cell its figure and the message's first
     * clause ("phase m: achieved 738 ev/s, 73.8 % of its target"); the trial's own section lists them whole.
     */
    static ObjectNode warning(String kind, String figure, String message) {
        String prefix = figure.isEmpty() || figure.equals("trial") ? "" : figure + ": ";
        int clause = message.indexOf(": ");
        ObjectNode o = J.obj();
        o.put("kind", kind);
        o.put("text", prefix + message);
        o.put("brief", prefix + (clause > 0 ? message.substring(0, clause) : message));
        return o;
    }

    private static void derive(ObjectNode t, ArrayNode warnings, boolean checked) {
        JsonNode r = t.path("result");
        if (!checked) {
            for (JsonNode p : r.path("phases")) {
                if (!p.path("measure").asBoolean(true)) continue;
                double target = p.path("intendedRate").isNumber()
                        ? p.path("intendedRate").asDouble()
                        : p.path("targetRate").asDouble(Double.NaN);
                double achieved = p.path("achievedRate").asDouble(Double.NaN),
                        lastLag = p.path("lastLagMs").asDouble(Double.NaN);
                double spanMs = p.path("spanS").asDouble(0) * 1e3;
                String phase = "phase " + p.path("name").asText();
                if (!(target > 0)) continue; // as fast as possible: every event is due at once, the lag is no backlog
                if (achieved < 0.95 * target) {
                    add(
                            warnings,
                            "rate-short",
                            phase,
                            "achieved " + f1(achieved) + " of the " + f1(target) + " ev/s asked ("
                                    + Math.round(100 * achieved / target)
                                    + " %): the engine or the machine set the pace");
                } else if (lastLag > Math.max(5, 0.01 * spanMs)) {
                    add(warnings, "lag-growing", phase, "the sends ended " + f1(lastLag) + " ms behind the schedule");
                }
            }
            if (t.path("warmUp").path("inconclusive").asBoolean(false)) {
                add(
                        warnings,
                        "warm-up",
                        "warm-up",
                        "MSER-5 found no end of it (its minimum at the limit of its search): the run is too short"
                                + " to show a steady state, and the tables include the transient");
            }
        }
        long drift = r.path("clockDriftNs").asLong(0);
        if (Math.abs(drift) > DRIFT_NS) {
            add(
                    warnings,
                    "clock-drift",
                    "",
                    "the wall clock drifted " + f1(drift / 1e6) + " ms against nanoTime over the trial:"
                            + " JVM events are placed on its axis with that error");
        }
    }

    /** Events, rates and the latency and burst figures a reader looks for first. */
    private static void figures(ObjectNode t, ObjectNode h) {
        JsonNode r = t.path("result");
        if (r.has("eventsSent")) h.set("events", r.get("eventsSent"));
        Double target = null, intended = null;
        boolean oneTarget = true;
        for (JsonNode p : r.path("phases")) {
            if (!p.path("measure").asBoolean(true) || !p.path("targetRate").isNumber()) continue;
            double v = p.get("targetRate").asDouble();
            if (target != null && target != v) oneTarget = false;
            target = v;
            if (p.path("intendedRate").isNumber())
                intended = p.get("intendedRate").asDouble();
        }
        if (target != null && oneTarget) {
            h.put("targetRate", target);
            if (intended != null && Math.abs(intended - target) >= 0.05) h.put("intendedRate", intended);
        }
        if (r.path("achievedRate").isNumber()) h.set("achievedRate", r.get("achievedRate"));
        for (JsonNode m : t.path("latency").path("modes")) {
            // tableUs holds p50, p90, p99, p99.9, p99.99 (TrialSection.TABLE_P)
            LatencyMode mode = LatencyMode.of(m.path("mode").asText());
            if (mode == LatencyMode.SCHEDULED) {
                h.set("scheduledP50Us", m.path("tableUs").path(0));
                h.set("scheduledP99Us", m.path("tableUs").path(2));
            } else if (mode == LatencyMode.PROCESSING) {
                h.set("processingP99Us", m.path("tableUs").path(2));
            }
        }
        JsonNode bursts = t.path("bursts").path("stats");
        if (bursts.path("meanMs").isNumber()) h.set("meanBurstMs", bursts.get("meanMs"));
    }

    private static void add(ArrayNode warnings, String kind, String figure, String message) {
        warnings.add(warning(kind, figure, message));
    }

    private static String f1(double v) {
        return String.format(Locale.ROOT, "%.1f", v);
    }
}
