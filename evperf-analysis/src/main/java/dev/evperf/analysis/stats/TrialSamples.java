package dev.evperf.analysis.stats;

import dev.evperf.analysis.trial.Burst;
import dev.evperf.analysis.trial.Bursts;
import dev.evperf.analysis.trial.TrialData;
import dev.evperf.analysis.warmup.WarmUp;
import dev.evperf.results.Intervals;
import dev.evperf.results.Layout;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The values of every {@link Metric} in one trial, in the metric's unit and in the order they
 * arose (events by sequence number, outputs by their input's, bursts and intervals by time), over
 * its measured events, and (unless the warm-up is kept) only those after the detected end of
 * warm-up. The values are those {@code summary} counts: the same measured events, cut by the same
 * rule (only a conclusive transient, from its first steady event on).
 */
public final class TrialSamples {
    private TrialSamples() {}

    /**
     * @param d       the trial's records, or null when it ran with records off (then only the
     *                achieved rate, from intervals.csv)
     * @param warmUp  the warm-up to leave out, or null to keep everything measured
     */
    public static Map<Metric, double[]> of(TrialData d, Path trialDir, TrialResult result, WarmUp warmUp) {
        Map<Metric, double[]> out = new EnumMap<>(Metric.class);
        if (d != null) {
            int n = d.size();
            boolean[] keep = new boolean[n];
            long from = cutFrom(warmUp);
            for (int i = 0; i < n; i++) keep[i] = d.measured(i) && i >= from;
            double[] ev = new double[n], lag = new double[n];
            int k = 0;
            for (int i = 0; i < n; i++) {
                if (!keep[i]) continue;
                ev[k] = d.eventTimeNs(i) / 1e3;
                lag[k++] = (d.sendStart(i) - d.intended(i)) / 1e3;
            }
            out.put(Metric.EVENT_TIME, Arrays.copyOf(ev, k));
            out.put(Metric.GENERATOR_LAG, Arrays.copyOf(lag, k));

            List<Burst> bursts = Bursts.measured(d);
            if (!bursts.isEmpty()) {
                int skip = cutFrom(warmUp) == 0 || warmUp.skipBursts() == null ? 0 : warmUp.skipBursts();
                double[] bt = new double[Math.max(0, bursts.size() - skip)];
                for (int i = skip; i < bursts.size(); i++)
                    bt[i - skip] = bursts.get(i).timeNs(d) / 1e6;
                out.put(Metric.BURST_TIME, bt);
            }

            int m = d.outputCount();
            double[] sched = new double[m], e2e = new double[m];
            int j = 0;
            for (int o = 0; o < m; o++) {
                long seq = d.outputSeq(o);
                if (seq < 0 || !keep[(int) seq]) continue;
                sched[j] = (d.outputReceived(o) - d.intended((int) seq)) / 1e3;
                e2e[j++] = (d.outputReceived(o) - d.sendStart((int) seq)) / 1e3;
            }
            out.put(Metric.SCHEDULED_LATENCY, Arrays.copyOf(sched, j));
            out.put(Metric.END_TO_END_LATENCY, Arrays.copyOf(e2e, j));
        }
        if (trialDir != null) {
            double[] rate = intervalRates(trialDir, result, warmUp);
            if (rate != null) out.put(Metric.ACHIEVED_RATE, rate);
        }
        return out;
    }

    /**
     * The first event kept: the warm-up's first steady event when it found a transient, else 0, as
     * {@code TrialSummary} cuts (a warm-up with nothing cut must not drop the measured events before
     * its first whole interval).
     */
    static long cutFrom(WarmUp warmUp) {
        return warmUp == null || warmUp.truncation() == 0 || warmUp.firstSteadySeq() == null
                ? 0
                : warmUp.firstSteadySeq();
    }

    /** input_rate of the whole measured intervals starting at or after the warm-up; null without intervals.csv. */
    static double[] intervalRates(Path trialDir, TrialResult result, WarmUp warmUp) {
        if (!Files.isRegularFile(trialDir.resolve(Layout.INTERVALS))) return null;
        Intervals csv = Intervals.read(trialDir);
        if (csv == null) return new double[0];
        List<Intervals.Point> whole = csv.measuredWhole("input_rate", result);
        if (whole == null) return null;
        double[] v = new double[whole.size()];
        int k = 0;
        for (Intervals.Point p : whole) {
            if (warmUp != null && warmUp.truncation() > 0 && !warmUp.steadyAt(p.startNs())) continue;
            v[k++] = p.value();
        }
        return Arrays.copyOf(v, k);
    }
}
