package dev.evperf.results;

import java.math.BigDecimal;
import java.math.RoundingMode;

/**
 * Exact percentiles by the nearest-rank rule: the p-th percentile of n sorted values is the
 * smallest value with at least p% of the values ≤ it, i.e. the value at 1-based rank ⌈p·n/100⌉
 * (rank 1 for p = 0). Always an observed value, never interpolated. Here, beside the files whose
 * figures it defines, so that the analysis and a run over agents ({@code AgentFigures}) pick the same
 * rank.
 */
public final class Percentiles {
    private Percentiles() {}

    /** @param sorted ascending, not empty; @param p in [0, 100] */
    public static long nearestRank(long[] sorted, double p) {
        if (sorted.length == 0) throw new IllegalArgumentException("no values");
        return sorted[(int) rank(p, sorted.length) - 1];
    }

    /**
     * The 1-based nearest rank of percentile p among n values: ⌈p·n/100⌉, at least 1. Every
     * percentile evperf reports picks the value at this rank: the summary's, the SQL aggregations'
     * (report and large-trial summary), and compare's quantiles ({@link #rankOfFraction}).
     */
    public static long rank(double p, long n) {
        if (!(p >= 0 && p <= 100)) throw new IllegalArgumentException("percentile must be in [0, 100], got " + p);
        return ceilRank(BigDecimal.valueOf(p).multiply(BigDecimal.valueOf(n)).divide(BigDecimal.valueOf(100)), n);
    }

    /** The same for a fraction q in [0, 1] (the q-quantile): ⌈q·n⌉, at least 1. */
    public static long rankOfFraction(double q, long n) {
        if (!(q >= 0 && q <= 1)) throw new IllegalArgumentException("quantile must be in [0, 1], got " + q);
        return ceilRank(BigDecimal.valueOf(q).multiply(BigDecimal.valueOf(n)), n);
    }

    // Decimal arithmetic: in doubles 99.9/100·1000 is 999.0000000000001, whose ceiling is 1000.
    private static long ceilRank(BigDecimal exact, long n) {
        long rank = exact.setScale(0, RoundingMode.CEILING).longValueExact();
        return Math.max(1, Math.min(rank, Math.max(n, 1)));
    }
}
