package dev.evperf.analysis;

import java.util.List;

/** Table 4.1: burst processing time over the measured bursts, in ms. Std is the sample std (n − 1). */
public record BurstStats(int bursts, double meanMs, double minMs, double maxMs, double sumMs, double stdMs) {

    /** @return null when the trial has no measured bursts (the table is then absent) */
    public static BurstStats of(TrialData d) {
        List<Burst> measured = Bursts.measured(d);
        if (measured.isEmpty()) return null;
        double[] ms = Stats.scale(Bursts.timesNs(d, measured), Stats.NS_PER_MS);
        return new BurstStats(ms.length, Stats.mean(ms), Stats.min(ms), Stats.max(ms), Stats.sum(ms), Stats.sampleStd(ms));
    }
}
