package dev.evperf.analysis.figures;

import dev.evperf.results.TrialResult;

/**
 * FINCoS's adaptivity metrics (Mendes 2013, Ch. 4) for a trial with an {@code adaptivity} load:
 * phases N.steady (λ), N.peak (peak_factor·λ) and N.recovery (λ again). Latency is the scheduled
 * one (intended send → output received), so queueing behind a slow engine counts.
 *
 * @param steadyMeanMs      mean latency in the steady phase
 * @param steadyP999Ms      p99.9 in the steady phase (nearest rank)
 * @param peakP999Ms        p99.9 of the peak's inputs
 * @param maxPeakLatencyMs  the highest latency of any input from the peak's start to the end
 * @param degradation       peak p99.9 / steady p99.9
 * @param recoveryS         from the last input of the peak to the first later output whose latency
 *                          is at or below the steady mean; null when that never happened
 * @param postPeakVariation mean latency after recovery / steady mean (null without recovery)
 */
public record Adaptivity(
        double steadyMeanMs,
        double steadyP999Ms,
        double peakP999Ms,
        double maxPeakLatencyMs,
        double degradation,
        Double recoveryS,
        Double postPeakVariation) {

    /** The phase indices of an adaptivity load. */
    public record Phases(int steady, int peak, int recovery) {}

    /** @return null unless result.json names a steady, a peak and a recovery phase */
    public static Phases phases(TrialResult result) {
        if (result == null) return null;
        int steady = -1, peak = -1, recovery = -1;
        for (int p = 0; p < result.phases().size(); p++) {
            String name = result.phases().get(p).name();
            if (name == null) continue;
            if (name.endsWith(".steady")) steady = p;
            if (name.endsWith(".peak")) peak = p;
            if (name.endsWith(".recovery")) recovery = p;
        }
        return steady < 0 || peak < 0 || recovery < 0 ? null : new Phases(steady, peak, recovery);
    }

    /**
     * The metrics from the figures of the outputs (ns, as SqlSummary computes them over the outputs joined to their inputs).
     *
     * @param steadyMeanNs mean scheduled latency of the steady phase's outputs (exact sum / count)
     * @param maxPeakNs    the highest latency of the peak's and recovery's outputs
     * @param lastPeakSend the latest send_start of a peak input
     * @param recoveredAt  receipt of the first recovery output back at steady latency, null if none
     * @param afterSum     the latencies of the recovery outputs after it, summed; @param afterCount their number
     */
    public static Adaptivity of(
            double steadyMeanNs,
            long steadyP999Ns,
            long peakP999Ns,
            long maxPeakNs,
            long lastPeakSend,
            Long recoveredAt,
            double afterSum,
            long afterCount) {
        double steadyP999 = steadyP999Ns, peakP999 = peakP999Ns;
        Double recoveryS = recoveredAt == null ? null : (recoveredAt - lastPeakSend) / 1e9;
        Double variation = recoveredAt == null || afterCount == 0 ? null : afterSum / afterCount / steadyMeanNs;
        return new Adaptivity(
                steadyMeanNs / 1e6,
                steadyP999 / 1e6,
                peakP999 / 1e6,
                maxPeakNs / 1e6,
                peakP999 / steadyP999,
                recoveryS,
                variation);
    }
}
