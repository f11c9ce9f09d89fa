package dev.evperf.analysis.figures;

import dev.evperf.analysis.trial.TrialData;

import dev.evperf.results.TrialResult;

import java.util.Arrays;

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
public record Adaptivity(double steadyMeanMs, double steadyP999Ms, double peakP999Ms, double maxPeakLatencyMs,
                         double degradation, Double recoveryS, Double postPeakVariation) {

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

    /** @return null unless the trial has the steady, peak and recovery phases of an adaptivity load */
    public static Adaptivity of(TrialData d, TrialResult result) {
        Phases phases = phases(result);
        if (phases == null) return null;
        int steady = phases.steady(), peak = phases.peak(), recovery = phases.recovery();
        int m = d.outputCount();
        long[] steadyLat = new long[m], peakLat = new long[m];
        int ns = 0, np = 0;
        long maxPeak = Long.MIN_VALUE;
        for (int j = 0; j < m; j++) {
            long seq = d.outputSeq(j);
            if (seq < 0) continue;
            int ph = d.phase((int) seq);
            long lat = d.outputReceived(j) - d.intended((int) seq);
            if (ph == steady) steadyLat[ns++] = lat;
            if (ph == peak) peakLat[np++] = lat;
            if (ph == peak || ph == recovery) maxPeak = Math.max(maxPeak, lat);
        }
        if (ns == 0 || np == 0) return null;
        steadyLat = Arrays.copyOf(steadyLat, ns);
        peakLat = Arrays.copyOf(peakLat, np);
        Arrays.sort(steadyLat);
        Arrays.sort(peakLat);
        double steadyMean = Arrays.stream(steadyLat).average().orElseThrow();
        long steadyP999 = Percentiles.nearestRank(steadyLat, 99.9);
        long peakP999 = Percentiles.nearestRank(peakLat, 99.9);

        // The last input of the peak, and the first output after it that is back to steady latency.
        long lastPeakSend = Long.MIN_VALUE;
        for (int i = 0; i < d.size(); i++) {
            if (d.phase(i) == peak) lastPeakSend = Math.max(lastPeakSend, d.sendStart(i));
        }
        long recoveredAt = Long.MIN_VALUE;
        double afterSum = 0;
        long afterCount = 0;
        for (int j = 0; j < m; j++) {
            long seq = d.outputSeq(j);
            if (seq < 0 || d.phase((int) seq) != recovery) continue;
            long lat = d.outputReceived(j) - d.intended((int) seq);
            if (recoveredAt == Long.MIN_VALUE && lat <= steadyMean && d.outputReceived(j) >= lastPeakSend) {
                recoveredAt = d.outputReceived(j);
            }
            if (recoveredAt != Long.MIN_VALUE && d.outputReceived(j) > recoveredAt) {
                afterSum += lat;
                afterCount++;
            }
        }
        return of(steadyMean, steadyP999, peakP999, maxPeak, lastPeakSend,
                recoveredAt == Long.MIN_VALUE ? null : recoveredAt, afterSum, afterCount);
    }

    /**
     * The metrics from the figures of the outputs (ns; also computed in SQL for large trials).
     *
     * @param steadyMeanNs mean scheduled latency of the steady phase's outputs (exact sum / count)
     * @param maxPeakNs    the highest latency of the peak's and recovery's outputs
     * @param lastPeakSend the latest send_start of a peak input
     * @param recoveredAt  receipt of the first recovery output back at steady latency, null if none
     * @param afterSum     the latencies of the recovery outputs after it, summed; @param afterCount their number
     */
    public static Adaptivity of(double steadyMeanNs, long steadyP999Ns, long peakP999Ns, long maxPeakNs, long lastPeakSend,
                                Long recoveredAt, double afterSum, long afterCount) {
        double steadyP999 = steadyP999Ns, peakP999 = peakP999Ns;
        Double recoveryS = recoveredAt == null ? null : (recoveredAt - lastPeakSend) / 1e9;
        Double variation = recoveredAt == null || afterCount == 0 ? null : afterSum / afterCount / steadyMeanNs;
        return new Adaptivity(steadyMeanNs / 1e6, steadyP999 / 1e6, peakP999 / 1e6, maxPeakNs / 1e6, peakP999 / steadyP999,
                recoveryS, variation);
    }
}
