package dev.evperf.analysis;

import com.fasterxml.jackson.annotation.JsonProperty;

import java.util.ArrayList;
import java.util.List;

/**
 * Tables 4.2/4.3: do the first events of a burst cost more than the last ones?
 * A = mean over bursts of the sum of the first N event times of the burst, B = the same for the
 * last N. Computed exactly so (the thesis's own sums do not reconcile with its per-event tables).
 */
public final class HeadTail {
    public static final int[] DEFAULT_N = {1, 5, 10, 20, 30, 40, 50, 100, 500};

    /** One column of the table; µs. {@code aOverB} is NaN when B is 0. */
    public record Row(int n, int bursts, double aUs, double bUs, @JsonProperty("a_minus_b_us") double aMinusBUs, double aOverB) {}

    private HeadTail() {}

    public static List<Row> of(TrialData d, int skipBursts) {
        return of(d, skipBursts, DEFAULT_N);
    }

    /**
     * @param skipBursts measured bursts to leave out at the start (warm-up)
     * @param ns         the N to report; those larger than the smallest burst are left out, so
     *                   every burst contributes exactly N events to A and to B
     */
    public static List<Row> of(TrialData d, int skipBursts, int... ns) {
        if (skipBursts < 0) throw new IllegalArgumentException("skipBursts must be >= 0, got " + skipBursts);
        List<Burst> all = Bursts.measured(d);
        List<Burst> bursts = all.subList(Math.min(skipBursts, all.size()), all.size());
        List<Row> rows = new ArrayList<>();
        if (bursts.isEmpty()) return rows;
        int minSize = bursts.stream().mapToInt(Burst::size).min().orElseThrow();
        for (int n : ns) {
            if (n < 1 || n > minSize) continue;
            double headNs = 0, tailNs = 0;
            for (Burst b : bursts) {
                for (int k = 0; k < n; k++) {
                    headNs += d.eventTimeNs(b.from() + k);
                    tailNs += d.eventTimeNs(b.to() - 1 - k);
                }
            }
            double a = headNs / bursts.size() / Stats.NS_PER_US;
            double bb = tailNs / bursts.size() / Stats.NS_PER_US;
            rows.add(new Row(n, bursts.size(), a, bb, a - bb, bb == 0 ? Double.NaN : a / bb));
        }
        return rows;
    }
}
