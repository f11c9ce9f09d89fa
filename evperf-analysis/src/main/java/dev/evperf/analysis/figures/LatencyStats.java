package dev.evperf.analysis.figures;

import dev.evperf.results.Percentiles;
import java.util.Arrays;

/** Count, mean, nearest-rank percentiles and max of one latency mode, in µs (NaN when count is 0). */
public record LatencyStats(
        long count,
        double meanUs,
        double p50Us,
        double p90Us,
        double p99Us,
        double p999Us,
        double p9999Us,
        double maxUs) {
    /** The percentiles of the table, in its order (p50, p90, p99, p99.9, p99.99); the report's table too. */
    public static final double[] TABLE_P = {50, 90, 99, 99.9, 99.99};

    /** @param ns latencies in ns; sorted in place */
    public static LatencyStats of(long[] ns) {
        if (ns.length == 0) {
            double nan = Double.NaN;
            return new LatencyStats(0, nan, nan, nan, nan, nan, nan, nan);
        }
        Arrays.sort(ns);
        double sum = 0; // double: a long sum of ns over many events could overflow
        for (long v : ns) sum += v;
        return new LatencyStats(
                ns.length,
                sum / ns.length / Stats.NS_PER_US,
                us(ns, TABLE_P[0]),
                us(ns, TABLE_P[1]),
                us(ns, TABLE_P[2]),
                us(ns, TABLE_P[3]),
                us(ns, TABLE_P[4]),
                ns[ns.length - 1] / Stats.NS_PER_US);
    }

    private static double us(long[] sorted, double p) {
        return Percentiles.nearestRank(sorted, p) / Stats.NS_PER_US;
    }
}
