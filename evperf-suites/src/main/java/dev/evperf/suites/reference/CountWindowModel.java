package dev.evperf.suites.reference;

import dev.evperf.suites.spec.Aggregate;
import dev.evperf.suites.spec.CountWindow;
import java.util.HashMap;
import java.util.Map;
import java.util.TreeMap;

/** Q2: f(A1) by ID over the last R events (sliding) or over each R events (tumbling). */
final class CountWindowModel implements Model {
    private final String out;
    private final Aggregate function;
    private final int rows;
    private final boolean tumbling;
    private final Map<Integer, WindowAggregates> groups = new HashMap<>();
    // sliding: the window's events, oldest first (ring); tumbling: the last seq per ID
    private final int[] ids;
    private final double[] values;
    private final Map<Integer, Long> lastSeq = new TreeMap<>();
    private long seen;

    CountWindowModel(CountWindow q, String out) {
        this.out = out;
        this.function = q.function();
        this.rows = q.rows();
        this.tumbling = q.tumbling();
        this.ids = tumbling ? null : new int[rows];
        this.values = tumbling ? null : new double[rows];
    }

    @Override
    public void onEvent(String stream, Object[] e, RowSink sink) {
        long seq = (Long) e[0];
        int id = (Integer) e[1];
        double a1 = (Double) e[2];
        groups.computeIfAbsent(id, k -> new WindowAggregates(function)).add(a1);
        if (tumbling) {
            lastSeq.put(id, seq);
            if (++seen % rows == 0) {
                // the window closes: one row per ID in it (ID order; rows of a slot are a multiset)
                for (Map.Entry<Integer, Long> g : lastSeq.entrySet()) {
                    sink.row(out, new Object[] {
                        g.getValue(), g.getKey(), groups.get(g.getKey()).value(function)
                    });
                }
                groups.clear();
                lastSeq.clear();
            }
            return;
        }
        int slot = (int) (seen % rows);
        if (seen >= rows) {
            WindowAggregates old = groups.get(ids[slot]);
            old.remove(values[slot]);
            if (old.count() == 0) {
                groups.remove(ids[slot]);
            }
        }
        ids[slot] = id;
        values[slot] = a1;
        seen++;
        sink.row(out, new Object[] {seq, id, groups.get(id).value(function)});
    }
}
