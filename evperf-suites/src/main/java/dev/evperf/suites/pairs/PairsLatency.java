package dev.evperf.suites.pairs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The MarketOrder latency figures of a Pairs run (seed 001, §7.3.6, §7.3.7): only orders caused by a
 * tick of the measurement interval count ("for performance measuring purposes only the measurement
 * interval is considered"), i.e. the triggering tick's tickTS is in [{@link
 * RunProfile#measureStartMs()}, {@link RunProfile#measureEndMs()}) — the ramp-up, the 30 falling
 * minutes before and the 30 rising minutes after are left out. p_score is defined on MarketOrder alone; the same figures over the
 * Indicator stream ({@link #of(String, List)}) are reported beside it, labelled, for engines whose
 * translation has no MarketOrder stream (Flink's) and to compare the engines on the part they all run.
 *
 * <p>Latency is the order's receipt − the send start of its triggering tick (the thesis's TS, stamped
 * at send), on the trial's clock. {@link Figures#p99FromIntendedNs()} measures from that tick's
 * intended send time instead, so that a driver which fell behind an engine it waits for is counted
 * too (the sweep's overload check; p_score keeps the thesis's definition).
 *
 * <p>The p99 is exact (the order statistic ⌈0.99·n⌉ of the sorted latencies): there are thousands of
 * orders, not millions, and a sort costs nothing; the histogram's buckets are a 1-2-5 series of
 * milliseconds, wide enough to read the shape at a glance.
 */
public final class PairsLatency {
    /** Upper bounds of the histogram's buckets, ms; the last bucket is open. */
    static final long[] BUCKETS_MS = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000};

    private PairsLatency() {}

    /**
     * One output (a MarketOrder unless said otherwise): its triggering tick's tickTS, intended send
     * time, send start, and the output's receipt (ns).
     */
    public record Order(long tickTS, long intendedNs, long sendStartNs, long receivedNs) {}

    /** The figures over the measurement interval's orders; {@code count} 0 when none fell in it. */
    public record Figures(
            String stream,
            int allOrders,
            int count,
            double meanNs,
            long p99Ns,
            long maxNs,
            long p99FromIntendedNs,
            long[] histogram) {

        /** One line: count, mean, p99, max (ms). */
        public String line() {
            if (count == 0) {
                return String.format(
                        Locale.ROOT,
                        "%s latency: none of the %d %s came from a tick of the measurement interval",
                        stream,
                        allOrders,
                        noun());
            }
            return String.format(
                    Locale.ROOT,
                    "%s latency over the measurement interval's %d %s (of %d): mean %.3f ms, p99 %.3f ms, max %.3f ms; p99 from the intended send %.3f ms",
                    stream,
                    count,
                    noun(),
                    allOrders,
                    meanNs / 1e6,
                    p99Ns / 1e6,
                    maxNs / 1e6,
                    p99FromIntendedNs / 1e6);
        }

        private String noun() {
            return stream.equals(PairsOutputs.ORDER) ? "orders" : "outputs";
        }

        /** The histogram, one bucket per line: {@code ≤ 5 ms: 123}; the last bucket is {@code > 10000 ms}. */
        public List<String> histogramLines() {
            List<String> lines = new ArrayList<>();
            for (int i = 0; i < histogram.length; i++) {
                String bound = i < BUCKETS_MS.length
                        ? "<= " + BUCKETS_MS[i] + " ms"
                        : "> " + BUCKETS_MS[BUCKETS_MS.length - 1] + " ms";
                lines.add(bound + ": " + histogram[i]);
            }
            return lines;
        }

        /** The histogram as CSV: {@code upper_ms,orders} (the open bucket's bound empty). */
        public String histogramCsv() {
            StringBuilder b = new StringBuilder("upper_ms,orders\n");
            for (int i = 0; i < histogram.length; i++) {
                b.append(i < BUCKETS_MS.length ? String.valueOf(BUCKETS_MS[i]) : "")
                        .append(',')
                        .append(histogram[i])
                        .append('\n');
            }
            return b.toString();
        }
    }

    /** Whether a tick of this tickTS is in the measurement interval. */
    public static boolean measured(long tickTS) {
        return tickTS >= RunProfile.measureStartMs() && tickTS < RunProfile.measureEndMs();
    }

    /** MarketOrder's figures, the ones p_score is defined on. */
    public static Figures of(List<Order> orders) {
        return of(PairsOutputs.ORDER, orders);
    }

    /** The figures of one output stream's outputs (named in the lines). */
    public static Figures of(String stream, List<Order> orders) {
        List<Order> in = orders.stream().filter(o -> measured(o.tickTS())).toList();
        long[] histogram = new long[BUCKETS_MS.length + 1];
        if (in.isEmpty()) {
            return new Figures(stream, orders.size(), 0, 0, 0, 0, 0, histogram);
        }
        long[] sent = new long[in.size()];
        long[] intended = new long[in.size()];
        for (int i = 0; i < sent.length; i++) {
            Order o = in.get(i);
            sent[i] = o.receivedNs() - o.sendStartNs();
            intended[i] = o.receivedNs() - o.intendedNs();
            histogram[bucket(sent[i])]++;
        }
        Arrays.sort(sent);
        Arrays.sort(intended);
        return new Figures(
                stream,
                orders.size(),
                sent.length,
                Arrays.stream(sent).average().orElse(0),
                p99(sent),
                sent[sent.length - 1],
                p99(intended),
                histogram);
    }

    /** The order statistic ⌈0.99·n⌉ (1-based) of sorted values. */
    static long p99(long[] sorted) {
        return sorted[(int) Math.ceil(0.99 * sorted.length) - 1];
    }

    static int bucket(long ns) {
        for (int i = 0; i < BUCKETS_MS.length; i++) {
            if (ns <= BUCKETS_MS[i] * 1_000_000) return i;
        }
        return BUCKETS_MS.length;
    }
}
