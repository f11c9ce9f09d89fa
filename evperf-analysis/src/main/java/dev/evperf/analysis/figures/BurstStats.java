package dev.evperf.analysis.figures;

import dev.evperf.analysis.trial.Burst;
import dev.evperf.analysis.trial.Bursts;
import dev.evperf.analysis.trial.TrialData;

import java.util.List;

/**
 * Table 4.1: burst processing time over the measured bursts, in ms. Std is the sample std (n − 1).
 * Next to the mean, the median and 10 % trimmed mean ({@link Robust}); the bursts that hold the
 * shortest and the longest time, and how far the longest alone lifts the mean.
 */
public record BurstStats(int bursts, double meanMs, double minMs, double maxMs, double sumMs, double stdMs,
                         double medianMs, double trimmedMeanMs, int minBurst, int maxBurst, double maxShift) {

    /** @return null when the trial has no measured bursts (the table is then absent) */
    public static BurstStats of(TrialData d) {
        List<Burst> measured = Bursts.measured(d);
        if (measured.isEmpty()) return null;
        return of(Bursts.timesNs(d, measured), measured.stream().mapToInt(Burst::index).toArray());
    }

    /** From the burst times (ns) of bursts {@code ids} in order; the SQL aggregation for large trials uses it too. */
    public static BurstStats of(long[] timesNs, int[] ids) {
        if (timesNs.length == 0) return null;
        double[] ms = Stats.scale(timesNs, Stats.NS_PER_MS);
        Robust r = Robust.of(timesNs);
        return new BurstStats(ms.length, Stats.mean(ms), Stats.min(ms), Stats.max(ms), Stats.sum(ms), Stats.sampleStd(ms),
                r.median() / Stats.NS_PER_MS, r.trimmedMean() / Stats.NS_PER_MS, ids[r.minIndex()], ids[r.maxIndex()], r.maxShift());
    }
}
