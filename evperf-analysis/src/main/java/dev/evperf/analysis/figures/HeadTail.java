package dev.evperf.analysis.figures;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * Tables 4.2/4.3: do the first events of a burst cost more than the last ones?
 * A = mean over bursts of the sum of the first N event times of the burst, B = the same for the
 * last N. Computed exactly so (the thesis's own sums do not reconcile with its per-event tables).
 */
public final class HeadTail {
    public static final int[] DEFAULT_N = {1, 5, 10, 20, 30, 40, 50, 100, 500};

    /**
     * One column of the table; µs. {@code aOverB} is NaN when B is 0. Next to the means A and B, the
     * median and the 10 % trimmed mean of the per-burst sums ({@link Robust}), and the burst with
     * the largest sum with how far it alone lifts the mean (one multi-ms first event can make most
     * of A).
     */
    public record Row(
            int n,
            int bursts,
            double aUs,
            double bUs,
            @JsonProperty("a_minus_b_us") double aMinusBUs,
            double aOverB,
            double aMedianUs,
            double aTrimmedUs,
            double bMedianUs,
            double bTrimmedUs,
            int aMaxBurst,
            double aMaxShift,
            int bMaxBurst,
            double bMaxShift) {}

    private HeadTail() {}

    /**
     * One column from the per-burst sums of the first and of the last N event times (ns), burst
     * {@code ids[i]}'s at i; the SQL aggregation (BurstQueries) builds its rows here.
     */
    public static Row row(int n, int[] ids, long[] headNs, long[] tailNs) {
        long headSum = 0, tailSum = 0;
        for (long h : headNs) headSum += h;
        for (long t : tailNs) tailSum += t;
        double a = (double) headSum / ids.length / Stats.NS_PER_US;
        double b = (double) tailSum / ids.length / Stats.NS_PER_US;
        Robust ra = Robust.of(headNs), rb = Robust.of(tailNs);
        return new Row(
                n,
                ids.length,
                a,
                b,
                a - b,
                b == 0 ? Double.NaN : a / b,
                ra.median() / Stats.NS_PER_US,
                ra.trimmedMean() / Stats.NS_PER_US,
                rb.median() / Stats.NS_PER_US,
                rb.trimmedMean() / Stats.NS_PER_US,
                ids[ra.maxIndex()],
                ra.maxShift(),
                ids[rb.maxIndex()],
                rb.maxShift());
    }
}
