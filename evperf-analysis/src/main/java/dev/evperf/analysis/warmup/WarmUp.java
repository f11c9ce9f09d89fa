package dev.evperf.analysis.warmup;

import dev.evperf.results.Intervals;
import dev.evperf.results.Layout;
import dev.evperf.analysis.trial.Burst;
import dev.evperf.analysis.trial.Bursts;
import dev.evperf.analysis.trial.TrialData;
import dev.evperf.results.TrialResult;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The end of a trial's warm-up transient, found by {@link Mser MSER-5} over the trial's measured
 * part (the workload's own unmeasured warm-up phases are already left out):
 * <ul>
 * <li>bursty workloads: over the measured bursts' times, in injection order; the transient is
 *     the first {@code skipBursts} measured bursts (what {@code AnalysisOptions.skipBursts} and
 *     {@code measure.skip_bursts} take);</li>
 * <li>otherwise: over the per-interval median processing time ({@code processing_p50_us} of the
 *     whole measured intervals of intervals.csv); the transient is the intervals before
 *     {@code endNs}.</li>
 * </ul>
 *
 * @param series      what MSER ran on: {@link #BURSTS} or {@link #INTERVALS}; {@link #NONE} when
 *                    the trial has neither (then nothing is cut)
 * @param points      the series' length
 * @param truncation  MSER's truncation index into the series (0: no transient found)
 * @param skipBursts  measured bursts in the transient (bursty only, else null)
 * @param endNs       end of warm-up on the trial's axis: the send start of the first steady
 *                    burst, or the start of the first steady interval; null when nothing was measured
 * @param firstSteadySeq the first measured event at or after endNs; null when none
 * @param steadyMean  mean of the series after the truncation (burst ms, or interval p50 µs)
 * @param transientMean mean of the series before it (NaN when nothing was cut)
 * @param inconclusive MSER-5's minimum fell on the limit of its search (half the batches): the
 *                    series is too short, or never settles, to show where a steady state begins.
 *                    Then nothing is cut (truncation 0), as the MSER literature advises, and the
 *                    analyses say so instead of dropping half the data.
 */
public record WarmUp(String series, int points, int truncation, Integer skipBursts, Long endNs, Long firstSteadySeq,
                     double steadyMean, double transientMean, boolean inconclusive) {
    public static final String BURSTS = "bursts";
    public static final String INTERVALS = "intervals";
    public static final String NONE = "none";

    /** A conclusive detection (or none at all). */
    public WarmUp(String series, int points, int truncation, Integer skipBursts, Long endNs, Long firstSteadySeq,
                  double steadyMean, double transientMean) {
        this(series, points, truncation, skipBursts, endNs, firstSteadySeq, steadyMean, transientMean, false);
    }

    /** Whether event {@code seq} lies after the warm-up (measured or not; combine with {@code d.measured}). */
    public boolean steady(int seq) {
        return firstSteadySeq == null ? false : seq >= firstSteadySeq;
    }

    /**
     * The head-tail skip to apply once this warm-up is cut: {@code measure.skip_bursts} counts from
     * the first measured burst, as before any cut, so the cut bursts count towards it (the stricter
     * of the two rules wins, they are not added up).
     *
     * @param skipBursts the configured skip, from the first measured burst
     * @param cut        whether the steady-state view already leaves this warm-up out
     * @return bursts to skip in the steady-state view
     */
    public int headTailSkip(int skipBursts, boolean cut) {
        return cut && this.skipBursts != null ? Math.max(0, skipBursts - this.skipBursts) : skipBursts;
    }

    /** Whether time t (trial axis, ns) lies after the warm-up. */
    public boolean steadyAt(long t) {
        return endNs == null || t >= endNs;
    }

    /**
     * Detects the warm-up of a trial directory: its bursts from events.parquet when the trial
     * has per-event records and bursts, else its intervals.csv.
     */
    public static WarmUp detect(Path trialDir) {
        TrialData d = Files.exists(trialDir.resolve(Layout.EVENTS)) ? TrialData.load(trialDir) : null;
        return detect(d, trialDir, TrialResult.load(trialDir));
    }

    /**
     * @param d        the loaded records, or null (records off)
     * @param trialDir for intervals.csv, may be null
     * @param result   the trial's result.json, may be null (then every phase flagged measured in
     *                 intervals.csv counts, as the events' phase column cannot be checked)
     */
    public static WarmUp detect(TrialData d, Path trialDir, TrialResult result) {
        if (d != null) {
            List<Burst> bursts = Bursts.measured(d);
            if (!bursts.isEmpty()) return ofBursts(d, bursts);
        }
        if (trialDir != null && Files.isRegularFile(trialDir.resolve(Layout.INTERVALS))) {
            return ofIntervals(readIntervals(trialDir, result), d);
        }
        Long first = d == null ? null : firstMeasured(d);
        return new WarmUp(NONE, 0, 0, null, first == null ? null : d.sendStart(first.intValue()), first, Double.NaN, Double.NaN);
    }

    /** MSER-5 over the measured bursts' times (ms). */
    public static WarmUp ofBursts(TrialData d, List<Burst> measuredBursts) {
        double[] ms = new double[measuredBursts.size()];
        long[] start = new long[ms.length];
        for (int i = 0; i < ms.length; i++) {
            ms[i] = measuredBursts.get(i).timeNs(d) / 1e6;
            start[i] = d.sendStart(measuredBursts.get(i).from());
        }
        return ofBurstTimes(start, ms, i -> (long) measuredBursts.get(i).from());
    }

    /**
     * MSER-5 over measured bursts given by their start (ns, trial axis) and time (ms), in injection
     * order (e.g. from bursts.parquet, without loading the events).
     *
     * @param firstSeq the first event of the i-th burst of the series, or null when unknown
     */
    public static WarmUp ofBurstTimes(long[] startNs, double[] ms, IntFunction<Long> firstSeq) {
        if (ms.length == 0) return new WarmUp(NONE, 0, 0, null, null, null, Double.NaN, Double.NaN);
        int t = Mser.truncation(ms);
        boolean inconclusive = t > 0 && Mser.atSearchLimit(t, ms.length);
        if (inconclusive) t = 0;
        int first = Math.min(t, ms.length - 1);
        return new WarmUp(BURSTS, ms.length, t, t, startNs[first], firstSeq.apply(first), mean(ms, t, ms.length), mean(ms, 0, t),
                inconclusive);
    }

    /** One whole measured interval of intervals.csv: its start (ns) and median processing time (µs). */
    public record Interval(long startNs, double p50Us) {}

    /** MSER-5 over the intervals' median processing times. */
    public static WarmUp ofIntervals(List<Interval> intervals, TrialData d) {
        if (intervals.isEmpty()) {
            Long first = d == null ? null : firstMeasured(d);
            return new WarmUp(NONE, 0, 0, null, first == null ? null : d.sendStart(first.intValue()), first, Double.NaN, Double.NaN);
        }
        double[] y = new double[intervals.size()];
        for (int i = 0; i < y.length; i++) y[i] = intervals.get(i).p50Us();
        int t = Mser.truncation(y);
        boolean inconclusive = t > 0 && Mser.atSearchLimit(t, y.length);
        if (inconclusive) t = 0;
        long end = intervals.get(Math.min(t, y.length - 1)).startNs();
        Long firstSeq = null;
        if (d != null) {
            for (int i = 0; i < d.size(); i++) {
                if (d.measured(i) && d.sendStart(i) >= end) {
                    firstSeq = (long) i;
                    break;
                }
            }
        }
        return new WarmUp(INTERVALS, y.length, t, null, end, firstSeq, mean(y, t, y.length), mean(y, 0, t), inconclusive);
    }

    /**
     * The whole intervals of measured phases that have a processing median, in time order.
     * A phase is measured when result.json says so; without result.json every interval counts.
     */
    public static List<Interval> readIntervals(Path trialDir, TrialResult result) {
        List<Interval> out = new ArrayList<>();
        Intervals csv = Intervals.read(trialDir);
        if (csv == null) return out;
        int tCol = csv.column("t_start_s"), phaseCol = csv.column("phase"), wholeCol = csv.column("whole");
        int yCol = csv.column("processing_p50_us");
        if (tCol < 0 || phaseCol < 0 || wholeCol < 0 || yCol < 0) {
            throw new IllegalArgumentException(csv.file() + ": expected columns t_start_s, phase, whole and processing_p50_us in the header");
        }
        for (int i = 0; i < csv.size(); i++) {
            String[] c = csv.rows().get(i);
            if (c.length <= Math.max(Math.max(tCol, phaseCol), Math.max(wholeCol, yCol))) continue;
            if (!"1".equals(c[wholeCol]) || c[yCol].isEmpty()) continue;
            int phase = (int) csv.number(i, phaseCol);
            if (result != null && phase < result.phases().size() && !result.phases().get(phase).measure()) continue;
            out.add(new Interval(Math.round(csv.number(i, tCol) * 1e9), csv.number(i, yCol)));
        }
        return out;
    }

    private static Long firstMeasured(TrialData d) {
        for (int i = 0; i < d.size(); i++) if (d.measured(i)) return (long) i;
        return null;
    }

    private static double mean(double[] v, int from, int to) {
        if (to <= from) return Double.NaN;
        double s = 0;
        for (int i = from; i < to; i++) s += v[i];
        return s / (to - from);
    }
}
