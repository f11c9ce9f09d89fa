package dev.evperf.analysis.figures;

/**
 * Table 4.1: burst processing time over the measured bursts, in ms. Std is the sample std (n − 1).
 * Next to the mean, the median and 10 % trimmed mean ({@link Robust}); the bursts that hold the
 * shortest and the longest time, and how far the longest alone lifts the mean.
 */
public record BurstStats(
        int bursts,
        double meanMs,
        double minMs,
        double maxMs,
        double sumMs,
        double stdMs,
        double medianMs,
        double trimmedMeanMs,
        int minBurst,
        int maxBurst,
        double maxShift) {

    /** From the burst times (ns) of bursts {@code ids} in order; as the SQL aggregation (BurstQueries) gives them; null without bursts. */
    public static BurstStats of(long[] timesNs, int[] ids) {
        if (timesNs.length == 0) return null;
        double[] ms = Stats.scale(timesNs, Stats.NS_PER_MS);
        Robust r = Robust.of(timesNs);
        return new BurstStats(
                ms.length,
                Stats.mean(ms),
                Stats.min(ms),
                Stats.max(ms),
                Stats.sum(ms),
                Stats.sampleStd(ms),
                r.median() / Stats.NS_PER_MS,
                r.trimmedMean() / Stats.NS_PER_MS,
                ids[r.minIndex()],
                ids[r.maxIndex()],
                r.maxShift());
    }
}
