package dev.evperf.analysis.figures;

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
public record PhaseRate(
        int phase,
        String name,
        String profile,
        Double targetRate,
        Double intendedRate,
        long count,
        double achievedRate,
        double maxLagMs,
        double lastLagMs) {

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
            rates.add(new PhaseRate(
                    p,
                    ph.name(),
                    ph.profile(),
                    ph.targetRate(),
                    ph.intendedRate(),
                    ph.count(),
                    ph.achievedRate(),
                    ph.maxLagMs(),
                    ph.lastLagMs()));
        }
        return rates;
    }

    /** A phase without events (its seq range lies past the recorded ones). */
    public static PhaseRate empty(int phase, String name, String profile, Double target) {
        return new PhaseRate(phase, name, profile, target, null, 0, Double.NaN, Double.NaN, Double.NaN);
    }

    /**
     * A phase's rate from the figures of its events [from, to) (as SqlSummary computes them).
     *
     * @param firstSendStart send_start of event from; @param lastSendEnd send_end of event to − 1
     * @param maxLagNs       the largest send_start − intended; @param lastLagNs that of event to − 1
     */
    public static PhaseRate of(
            int phase,
            String name,
            String profile,
            Double target,
            long count,
            long firstSendStart,
            long lastSendEnd,
            long maxLagNs,
            long lastLagNs) {
        return new PhaseRate(
                phase,
                name,
                profile,
                target,
                null,
                count,
                rate(count, firstSendStart, lastSendEnd),
                maxLagNs / Stats.NS_PER_MS,
                lastLagNs / Stats.NS_PER_MS);
    }

    /** Events per second from the first send_start to the last send_end; NaN for a zero span. */
    public static double rate(long count, long firstSendStart, long lastSendEnd) {
        long span = lastSendEnd - firstSendStart;
        return span <= 0 ? Double.NaN : count * Stats.NS_PER_S / span;
    }
}
