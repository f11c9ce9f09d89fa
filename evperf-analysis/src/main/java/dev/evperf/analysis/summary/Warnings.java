package dev.evperf.analysis.summary;

import static dev.evperf.analysis.summary.Table.num;

import dev.evperf.analysis.figures.Adaptivity;
import dev.evperf.analysis.figures.LatencyTrend;
import dev.evperf.analysis.figures.PhaseRate;
import dev.evperf.analysis.warmup.WarmUpCut;
import dev.evperf.results.Intervals;
import dev.evperf.results.Layout;
import dev.evperf.results.ResultsJson;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The warnings of one trial's summary ({@link Warning}): engine errors, a disturbed driver, phases
 * that were no steady state (rate short of target, growing lag) and the figures computed over
 * them, a warm-up that was not found, and means one value dominates ({@link DominatedMeans}). Computed from the summary's
 * own figures, result.json and intervals.csv, so they cost no second pass over the records.
 */
public final class Warnings {
    /** A measured phase that achieved less than this share of its target rate did not keep up. */
    public static final double RATE_SHORT = 0.99;
    /** Generator lag growing faster than this (ms per s of the phase) ... */
    public static final double LAG_SLOPE_MS_PER_S = 1.0;
    /** ... and at least this far behind at the phase's end, is a driver falling behind. */
    public static final double LAG_END_MS = 10.0;
    /**
     * A rate phase (not bursts, whose events are all due at a burst's start) that sent an event
     * more than this late was not on its schedule: sustain's default --max-lag.
     */
    public static final double BEHIND_MS = 50.0;

    private Warnings() {}

    /** @param dir the trial directory (intervals.csv), may be null; @param result may be null */
    public static List<Warning> of(TrialSummary s, TrialResult result, Path dir) {
        List<Warning> out = new ArrayList<>();
        invalid(dir, out);
        TrialErrors e = s.errors();
        if (e != null && e.count() > 0) {
            out.add(new Warning(
                    Warning.ERRORS,
                    "trial",
                    e.describe() + ". The figures describe the events that went through"
                            + (e.first().isEmpty()
                                    ? ""
                                    : "; the first error: " + e.first().get(0).message())));
        }
        if (s.disturbance() != null && s.disturbance().disturbed()) {
            out.add(new Warning(Warning.DISTURBED, "trial", s.disturbance().describe()));
        }
        generationBound(result, out);
        List<String> notSteady = phases(s, dir, out);
        adaptivity(s, result, notSteady, out);
        WarmUpCut w = s.warmUp();
        if (w != null && w.inconclusive()) {
            out.add(new Warning(
                    Warning.WARM_UP,
                    "latency and burst tables",
                    "MSER-5 found no end of warm-up in " + w.points() + " "
                            + w.series()
                            + " (its minimum is at the limit of its search, half the series): any transient is in the tables;"
                            + " a longer run shows whether the engine settles"));
        }
        DominatedMeans.add(s, out);
        return out;
    }

    /**
     * The sender waited for the event supply. Where the waits are known by phase, only those for a
     * measured phase's events bear on the figures: waits during a warm-up (the JIT compiling the
     * supply and the records writer) are left to result.json.
     */
    private static void generationBound(TrialResult result, List<Warning> out) {
        TrialResult.HarnessWaits h = result == null ? null : result.harnessWaits();
        if (h == null || h.supply() == 0) return;
        long waits = h.supply();
        String figure = "trial", where = "harness_waits.supply";
        if (h.supplyByPhase() != null) {
            List<String> measured = new ArrayList<>(), counts = new ArrayList<>();
            waits = 0;
            for (var e : h.supplyByPhase().entrySet()) {
                if (e.getValue() == 0) continue;
                counts.add(e.getKey() + " " + e.getValue());
                if (result.phases() == null
                        || result.phases().stream().anyMatch(p -> p.name().equals(e.getKey()) && p.measure())) {
                    measured.add(e.getKey());
                    waits += e.getValue();
                }
            }
            if (waits == 0) return;
            figure = "phase " + String.join(", ", measured);
            where = "harness_waits.supply_by_phase: " + String.join(", ", counts);
        }
        out.add(new Warning(
                Warning.GENERATION_BOUND,
                figure,
                "the sender waited " + waits + " time(s) for the event supply to make events"
                        + " (result.json " + where + "): the generator, or the machine that"
                        + " descheduled it, not the engine, set the pace then"));
    }

    /** A neutral query's validation found wrong rows (validation.json, written by the controller after the trial). */
    private static void invalid(Path dir, List<Warning> out) {
        Path file = dir == null ? null : dir.resolve(Layout.VALIDATION_JSON);
        if (file == null || !Files.exists(file)) return;
        try {
            var v = ResultsJson.readTree(file);
            if (!"invalid".equals(v.path("verdict").asText())) return;
            StringBuilder sb = new StringBuilder("the engine's rows differ from the reference model's: ");
            for (var stream : v.path("streams")) {
                if (stream.path("summary").isTextual())
                    sb.append(stream.get("summary").asText()).append("; ");
                if (stream.path("examples").size() > 0)
                    sb.append("first: ")
                            .append(stream.get("examples").get(0).asText())
                            .append("; ");
            }
            out.add(new Warning(
                    Warning.INVALID,
                    "every figure",
                    sb.append("see validation.json").toString()));
        } catch (IllegalArgumentException unreadable) {
            out.add(new Warning(
                    Warning.INVALID, "every figure", "validation.json cannot be read: " + unreadable.getMessage()));
        }
    }

    /** Rate and lag of each measured phase with a target; @return the names of the phases that were no steady state */
    private static List<String> phases(TrialSummary s, Path dir, List<Warning> out) {
        List<String> notSteady = new ArrayList<>();
        if (s.rates() == null) return notSteady;
        Intervals csv = dir == null ? null : Intervals.read(dir);
        for (PhaseRate p : s.rates()) {
            if (p.targetRate() == null || p.count() == 0) continue;
            String figure = "phase " + p.name();
            boolean bad = false;
            // Poisson arrivals: measured against the rate their intended times hold, not the target they were drawn
            // around
            double asked = p.intendedDiffers() ? p.intendedRate() : p.targetRate();
            if (p.achievedRate() < RATE_SHORT * asked) {
                bad = true;
                out.add(new Warning(
                        Warning.RATE_SHORT,
                        figure,
                        String.format(
                                Locale.ROOT,
                                "achieved %s ev/s, %s %% of its %s %s ev/s: the engine did not keep up, so the phase's latency"
                                        + " describes a queue that grew through it, not a steady state",
                                num(p.achievedRate(), 1),
                                num(100 * p.achievedRate() / asked, 1),
                                p.intendedDiffers() ? "intended rate" : "target",
                                num(asked, 1))));
            }
            LatencyTrend lag = lagTrend(csv, p.phase());
            if (lag != null && lag.growing(LAG_SLOPE_MS_PER_S) && p.lastLagMs() >= LAG_END_MS) {
                bad = true;
                out.add(new Warning(
                        Warning.LAG_GROWING,
                        figure,
                        String.format(
                                Locale.ROOT,
                                "the driver fell behind its schedule by %s ± %s ms per s over %d intervals and ended the phase %s ms behind:"
                                        + " later events waited longer and longer to be sent (scheduled latency counts the wait)",
                                num(lag.slopeMsPerS(), 3),
                                num(lag.stdErr(), 3),
                                lag.points(),
                                num(p.lastLagMs(), 3))));
            }
            if (!"bursts".equals(p.profile()) && p.maxLagMs() > BEHIND_MS) {
                bad = true;
                out.add(new Warning(
                        Warning.BEHIND_SCHEDULE,
                        figure,
                        String.format(
                                Locale.ROOT,
                                "events were sent up to %s ms after their intended time (more than %s ms: the driver waited for the engine"
                                        + " or was descheduled), so the phase's scheduled latency holds a backlog, not a steady state",
                                num(p.maxLagMs(), 3),
                                num(BEHIND_MS, 0))));
            }
            if (bad) notSteady.add(p.name());
        }
        if (!notSteady.isEmpty() && s.disturbed()) {
            out.add(
                    new Warning(
                            Warning.NOT_STEADY,
                            "phases " + String.join(", ", notSteady),
                            "the machine also disturbed the driver"
                                    + " during this trial (see 'disturbed'): part of the shortfall may be the machine's, not the engine's"));
        }
        return notSteady;
    }

    /** The least-squares trend of the generator lag (lag_max_ms) over a phase's whole intervals, or null. */
    public static LatencyTrend lagTrend(Intervals csv, int phase) {
        if (csv == null) return null;
        int tCol = csv.column("t_start_s"),
                phaseCol = csv.column("phase"),
                wholeCol = csv.column("whole"),
                lagCol = csv.column("lag_max_ms");
        if (tCol < 0 || phaseCol < 0 || wholeCol < 0 || lagCol < 0) return null;
        double[] x = new double[csv.rows().size()], y = new double[x.length];
        int n = 0;
        for (String[] c : csv.rows()) {
            if (Integer.parseInt(c[phaseCol]) != phase || !"1".equals(c[wholeCol]) || c[lagCol].isEmpty()) continue;
            x[n] = Double.parseDouble(c[tCol]);
            y[n++] = Double.parseDouble(c[lagCol]);
        }
        return LatencyTrend.fit(Arrays.copyOf(x, n), Arrays.copyOf(y, n));
    }

    private static void adaptivity(TrialSummary s, TrialResult result, List<String> notSteady, List<Warning> out) {
        Adaptivity a = s.adaptivity();
        Adaptivity.Phases ph = Adaptivity.phases(result);
        if (a == null || ph == null) return;
        String steady = result.phases().get(ph.steady()).name();
        if (!notSteady.contains(steady)) return;
        out.add(new Warning(
                Warning.NOT_STEADY,
                "adaptivity",
                "its steady phase " + steady + " was no steady state (see the phase's"
                        + " warning): the steady mean " + num(a.steadyMeanMs(), 3) + " ms and p99.9 "
                        + num(a.steadyP999Ms(), 3)
                        + " ms describe a backlog, so degradation " + num(a.degradation(), 2) + " and recovery "
                        + (a.recoveryS() == null ? "never" : num(a.recoveryS(), 3) + " s")
                        + " compare the peak against that backlog; run it below the engine's capacity (evperf sustain finds it),"
                        + " on a machine that leaves the driver its core"));
    }
}
