package dev.evperf.analysis.warmup;

import dev.evperf.results.Intervals;
import dev.evperf.results.TrialResult;
import java.nio.file.Path;
import java.util.List;
import java.util.function.IntFunction;

/**
 * The end of a trial's warm-up transient, found by {@link Mser MSER-5} over the trial's measured
 * part (the workload's own unmeasured warm-up phases are already left out). The series come from
 * the trial's files in one place, {@code sql.WarmUps} (the bursts by DuckDB, the intervals by
 * {@link #readIntervals}); summary, report, compare and model all take the warm-up from there:
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
public record WarmUp(
        String series,
        int points,
        int truncation,
        Integer skipBursts,
        Long endNs,
        Long firstSteadySeq,
        double steadyMean,
        double transientMean,
        boolean inconclusive) {
    public static final String BURSTS = "bursts";
    public static final String INTERVALS = "intervals";
    public static final String NONE = "none";

    /**
     * No series to run MSER-5 on ({@code points} 0): nothing cut; the steady state starts at the
     * first measured event, when known.
     */
    public static WarmUp none(String series, Long endNs, Long firstSteadySeq) {
        return new WarmUp(series, 0, 0, null, endNs, firstSteadySeq, Double.NaN, Double.NaN, false);
    }

    /** This warm-up with the first steady event found (by the caller, who has the events). */
    public WarmUp withFirstSteadySeq(Long seq) {
        return new WarmUp(series, points, truncation, skipBursts, endNs, seq, steadyMean, transientMean, inconclusive);
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
     * MSER-5 over measured bursts given by their start (ns, trial axis) and time (ms), in injection
     * order (e.g. from bursts.parquet, without loading the events).
     *
     * @param firstSeq the first event of the i-th burst of the series, or null when unknown
     */
    public static WarmUp ofBurstTimes(long[] startNs, double[] ms, IntFunction<Long> firstSeq) {
        if (ms.length == 0) return none(NONE, null, null);
        int t = Mser.truncation(ms);
        boolean inconclusive = t > 0 && Mser.atSearchLimit(t, ms.length);
        if (inconclusive) t = 0;
        int first = Math.min(t, ms.length - 1);
        return new WarmUp(
                BURSTS,
                ms.length,
                t,
                t,
                startNs[first],
                firstSeq.apply(first),
                mean(ms, t, ms.length),
                mean(ms, 0, t),
                inconclusive);
    }

    /** MSER-5 over the intervals' median processing times; the first steady event is left to the caller (null). */
    public static WarmUp ofIntervals(List<Intervals.Point> intervals) {
        if (intervals.isEmpty()) return none(NONE, null, null);
        double[] y = new double[intervals.size()];
        for (int i = 0; i < y.length; i++) y[i] = intervals.get(i).value();
        int t = Mser.truncation(y);
        boolean inconclusive = t > 0 && Mser.atSearchLimit(t, y.length);
        if (inconclusive) t = 0;
        long end = intervals.get(Math.min(t, y.length - 1)).startNs();
        return new WarmUp(INTERVALS, y.length, t, null, end, null, mean(y, t, y.length), mean(y, 0, t), inconclusive);
    }

    /**
     * The series MSER-5 runs on without bursts: the per-interval median processing time
     * ({@code processing_p50_us}) of the whole intervals of measured phases, in time order; empty
     * without intervals.csv.
     */
    public static List<Intervals.Point> readIntervals(Path trialDir, TrialResult result) {
        Intervals csv = Intervals.read(trialDir);
        if (csv == null) return List.of();
        List<Intervals.Point> out = csv.measuredWhole("processing_p50_us", result);
        if (out == null) {
            throw new IllegalArgumentException(
                    csv.file() + ": expected columns t_start_s, phase, whole and processing_p50_us in the header");
        }
        return out;
    }

    private static double mean(double[] v, int from, int to) {
        if (to <= from) return Double.NaN;
        double s = 0;
        for (int i = from; i < to; i++) s += v[i];
        return s / (to - from);
    }
}
