package dev.evperf.analysis;

import java.util.Arrays;

/** Count, mean, nearest-rank percentiles and max of one latency mode, in µs (NaN when count is 0). */
public record LatencyStats(long count, double meanUs, double p50Us, double p90Us, double p99Us,
                           double p999Us, double p9999Us, double maxUs) {

    /** @param ns latencies in ns; sorted in place */
    public static LatencyStats of(long[] ns) {
        if (ns.length == 0) {
            double nan = Double.NaN;
            return new LatencyStats(0, nan, nan, nan, nan, nan, nan, nan);
        }
        Arrays.sort(ns);
        double sum = 0; // double: a long sum of ns over many events could overflow
        for (long v : ns) sum += v;
        return new LatencyStats(ns.length, sum / ns.length / Stats.NS_PER_US,
                us(ns, 50), us(ns, 90), us(ns, 99), us(ns, 99.9), us(ns, 99.99),
                ns[ns.length - 1] / Stats.NS_PER_US);
    }

    private static double us(long[] sorted, double p) {
        return Percentiles.nearestRank(sorted, p) / Stats.NS_PER_US;
    }
}
