package dev.evperf.analysis.figures;

import dev.evperf.analysis.trial.TrialData;

import dev.evperf.results.TrialResult;

import java.util.ArrayList;
import java.util.List;

/**
 * Offered and achieved rate of one measured phase, and the generator lag (send_start − intended):
 * a lag that grows to the end shows a driver or engine that fell behind its absolute schedule.
 *
 * @param profile    null when result.json is absent and the phase was found from the events alone
 * @param targetRate   events/s, as the workload asks; null means maximum rate (or unknown when profile is null)
 * @param intendedRate events/s of the intended send times (the phase's events over its span): the
 *                     target's, but for Poisson arrivals, a random draw around it; null when unknown
 * @param achievedRate count / (last send_end − first send_start), events/s
 */
public record PhaseRate(int phase, String name, String profile, Double targetRate, Double intendedRate, long count,
                        double achievedRate, double maxLagMs, double lastLagMs) {

    /** The same with the intended rate result.json gives the phase. */
    public PhaseRate withIntended(Double intended) {
        return new PhaseRate(phase, name, profile, targetRate, intended, count, achievedRate, maxLagMs, lastLagMs);
    }

    /** Whether the intended rate differs from the target by more than its printed precision (Poisson arrivals). */
    public boolean intendedDiffers() {
        return targetRate != null && intendedRate != null && Math.abs(intendedRate - targetRate) >= 0.05;
    }

    /** Measured phases as the trial itself summarised them in result.json (for trials without per-event records). */
    public static List<PhaseRate> fromResult(TrialResult result) {
        List<PhaseRate> rates = new ArrayList<>();
        for (int p = 0; p < result.phases().size(); p++) {
            TrialResult.Phase ph = result.phases().get(p);
            if (!ph.measure() || ph.achievedRate() == null) continue;
            rates.add(new PhaseRate(p, ph.name(), ph.profile(), ph.targetRate(), ph.intendedRate(), ph.count(), ph.achievedRate(),
                    ph.maxLagMs(), ph.lastLagMs()));
        }
        return rates;
    }

    /** Measured phases from result.json when there is one, else from the events' phase column. */
    public static List<PhaseRate> of(TrialData d, TrialResult result) {
        List<PhaseRate> rates = new ArrayList<>();
        if (result != null) {
            for (int p = 0; p < result.phases().size(); p++) {
                TrialResult.Phase ph = result.phases().get(p);
                if (!ph.measure()) continue;
                int from = (int) Math.min(ph.firstSeq(), d.size());
                int to = (int) Math.min(ph.firstSeq() + ph.count(), d.size());
                rates.add(of(d, p, ph.name(), ph.profile(), ph.targetRate(), from, to).withIntended(ph.intendedRate()));
            }
            return rates;
        }
        for (int i = 0; i < d.size(); ) {
            int j = i;
            while (j < d.size() && d.phase(j) == d.phase(i)) j++;
            if (d.measured(i)) rates.add(of(d, d.phase(i), "phase " + d.phase(i), null, null, i, j));
            i = j;
        }
        return rates;
    }

    private static PhaseRate of(TrialData d, int phase, String name, String profile, Double target, int from, int to) {
        if (from >= to) return empty(phase, name, profile, target);
        long maxLag = Long.MIN_VALUE;
        for (int i = from; i < to; i++) maxLag = Math.max(maxLag, d.sendStart(i) - d.intended(i));
        return of(phase, name, profile, target, to - from, d.sendStart(from), d.sendEnd(to - 1), maxLag,
                d.sendStart(to - 1) - d.intended(to - 1));
    }

    /** A phase without events (its seq range lies past the recorded ones). */
    public static PhaseRate empty(int phase, String name, String profile, Double target) {
        return new PhaseRate(phase, name, profile, target, null, 0, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * A phase's rate from the figures of its events [from, to) (also computed in SQL for large trials).
     *
     * @param firstSendStart send_start of event from; @param lastSendEnd send_end of event to − 1
     * @param maxLagNs       the largest send_start − intended; @param lastLagNs that of event to − 1
     */
    public static PhaseRate of(int phase, String name, String profile, Double target, long count,
                               long firstSendStart, long lastSendEnd, long maxLagNs, long lastLagNs) {
        return new PhaseRate(phase, name, profile, target, null, count, rate(count, firstSendStart, lastSendEnd),
                maxLagNs / Stats.NS_PER_MS, lastLagNs / Stats.NS_PER_MS);
    }

    /** Events per second from the first send_start to the last send_end; NaN for a zero span. */
    public static double rate(long count, long firstSendStart, long lastSendEnd) {
        long span = lastSendEnd - firstSendStart;
        return span <= 0 ? Double.NaN : count * Stats.NS_PER_S / span;
    }

    /**
     * Achieved rate over all measured events: their count over the span from the first measured
     * send_start to the last measured send_end (idle time between bursts included). NaN without
     * measured events.
     */
    public static double overall(TrialData d) {
        int first = -1, last = -1;
        for (int i = 0; i < d.size(); i++) {
            if (!d.measured(i)) continue;
            if (first < 0) first = i;
            last = i;
        }
        if (first < 0) return Double.NaN;
        return rate(d.measuredCount(), d.sendStart(first), d.sendEnd(last));
    }
}
