package dev.evperf.ref.op;

import dev.evperf.ref.agg.Aggregates;
import java.util.Arrays;

/**
 * A tumbling count window, {@code [ROWS R SLIDE R]}: aggregates accumulate per group; when the R-th
 * event arrives, one row per group present in the window (in order of first appearance), whose
 * attributes are the group's last event's, and the window starts empty. Nothing is kept per event.
 */
public final class TumblingAggregateOp implements Operator {
    private final WindowShape shape;
    private final Aggregates aggs;
    private final long rows;
    private final Select select;
    private final Output out;
    private final Object[] row;
    private final double[] values;
    private Object[][] last = new Object[16][];
    private int[] present = new int[16];
    private int groups;
    private long seen;

    public TumblingAggregateOp(WindowShape shape, Aggregates aggs, long rows, Select select, Output out) {
        this.shape = shape;
        this.aggs = aggs;
        this.rows = rows;
        this.select = select;
        this.out = out;
        this.row = new Object[select.width()];
        this.values = new double[shape.args().length];
    }

    @Override
    public void onEvent(Object[] event) {
        WindowShape s = shape;
        if (s.where() != null && !s.where().test(event)) return;
        int g = s.group(event);
        s.values(event, values);
        if (g >= last.length) last = Arrays.copyOf(last, Math.max(g + 1, last.length * 2));
        if (last[g] == null) {
            if (groups == present.length) present = Arrays.copyOf(present, groups * 2);
            present[groups++] = g;
        }
        last[g] = event;
        aggs.add(g, values, seen);
        if (++seen % rows == 0) {
            for (int i = 0; i < groups; i++) {
                int p = present[i];
                select.fill(row, last[p], aggs, p);
                out.emit(row);
                aggs.reset(p);
                last[p] = null;
            }
            groups = 0;
        }
    }
}
