package dev.evperf.analysis.model;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The time dimension the seed-000 thesis found missing from the service execution model: each
 * case (event) is put in a cell of
 * <ul>
 * <li>its position in its burst, bucketed: 0 … 9 one by one, then 10–19, 20–49, 50–99, 100–199, …
 *     (1-2-5 steps); "stream" for a profile without bursts;</li>
 * <li>the idle time before its burst: the first event's send start − the previous burst's last
 *     send end (for a profile without bursts: the event's send start − the previous event's send
 *     end), bucketed at 0.1, 0.2, 0.5, 1, 2, 5, … ms; "first" for the trial's first burst.</li>
 * </ul>
 * The edges are written into the model, so a model file is read back with the buckets it was made with.
 *
 * @param positionEdges bucket i holds positions [edge_i, edge_{i+1}); the last is open
 * @param idleEdgesMs   bucket 0 holds idle times below edge_0; bucket i ≥ 1 [edge_{i−1}, edge_i); the last is open
 */
public record Context(List<Integer> positionEdges, List<Double> idleEdgesMs) {
    public static final String STREAM = "stream";
    public static final String FIRST = "first";

    public static Context standard() {
        List<Integer> pos = new ArrayList<>();
        for (int i = 0; i < 10; i++) pos.add(i);
        for (long base = 10; base <= 100_000_000L; base *= 10) {
            pos.add((int) base);
            pos.add((int) (2 * base));
            pos.add((int) (5 * base));
        }
        List<Double> idle = new ArrayList<>();
        for (double base = 0.1; base <= 10_000; base *= 10) {
            idle.add(round(base));
            idle.add(round(2 * base));
            idle.add(round(5 * base));
        }
        return new Context(List.copyOf(pos), List.copyOf(idle));
    }

    private static double round(double v) {
        return Math.round(v * 1000) / 1000.0;
    }

    /** Bucket index of a position; -1 for "stream" (pos &lt; 0). */
    public int positionIndex(int pos) {
        if (pos < 0) return -1;
        int i = 0;
        while (i + 1 < positionEdges.size() && pos >= positionEdges.get(i + 1)) i++;
        return i;
    }

    public String positionLabel(int index) {
        if (index < 0) return STREAM;
        int lo = positionEdges.get(index);
        if (index + 1 >= positionEdges.size()) return "≥" + lo;
        int hi = positionEdges.get(index + 1) - 1;
        return lo == hi ? String.valueOf(lo) : lo + "-" + hi;
    }

    /** Bucket index of an idle time; -1 for "first" (idleNs &lt; 0: no previous burst). */
    public int idleIndex(long idleNs) {
        if (idleNs < 0) return -1;
        double ms = idleNs / 1e6;
        int i = 0;
        while (i < idleEdgesMs.size() && ms >= idleEdgesMs.get(i)) i++;
        return i;
    }

    public String idleLabel(int index) {
        if (index < 0) return FIRST;
        if (index == 0) return "<" + fmt(idleEdgesMs.get(0)) + " ms";
        if (index >= idleEdgesMs.size()) return "≥" + fmt(idleEdgesMs.get(idleEdgesMs.size() - 1)) + " ms";
        return fmt(idleEdgesMs.get(index - 1)) + "-" + fmt(idleEdgesMs.get(index)) + " ms";
    }

    private static String fmt(double v) {
        return v == Math.rint(v) ? String.valueOf((long) v) : String.format(Locale.ROOT, "%s", v);
    }
}
