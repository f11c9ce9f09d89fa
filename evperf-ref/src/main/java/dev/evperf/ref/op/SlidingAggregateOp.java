package dev.evperf.ref.op;

import dev.evperf.ref.agg.Aggregates;
import dev.evperf.ref.store.TupleStore;

/**
 * A sliding window aggregate, {@code [ROWS R]} or {@code [RANGE W]}, grouped or not: each event that
 * passes enters the window (pushing out the oldest, or those W or more before it), the group's
 * aggregates are updated incrementally, and one row for the event's group is emitted. The window's
 * events are kept by a {@link TupleStore} of the chosen layout; on expiry the store gives back the
 * oldest event's group and arguments, which are subtracted.
 */
public final class SlidingAggregateOp implements Operator {
    private final WindowShape shape;
    private final Aggregates aggs;
    private final TupleStore store;
    private final long rows;
    private final long range;
    private final TimeSource time;
    private final Select select;
    private final Output out;
    private final Object[] row;
    private final double[] values;
    private final double[] old;
    private long inserted;

    /**
     * @param rows      R for a count window, else 0
     * @param range     W for a time window (in the time's unit: ms of a time attribute, ns of arrival time), else 0
     * @param time      where a time window reads each event's time (null for a count window)
     */
    public SlidingAggregateOp(
            WindowShape shape,
            Aggregates aggs,
            TupleStore store,
            long rows,
            long range,
            TimeSource time,
            Select select,
            Output out) {
        this.shape = shape;
        this.aggs = aggs;
        this.store = store;
        this.rows = rows;
        this.range = range;
        this.time = time;
        this.select = select;
        this.out = out;
        this.row = new Object[select.width()];
        this.values = new double[shape.args().length];
        this.old = new double[values.length];
    }

    @Override
    public void onEvent(Object[] event) {
        WindowShape s = shape;
        if (s.where() != null && !s.where().test(event)) return;
        int g = s.group(event);
        s.values(event, values);
        long t = 0;
        if (rows > 0) {
            if (store.size() == rows) expireOldest();
        } else {
            t = time.of(event);
            long last = t - range;
            while (store.size() > 0 && store.oldestTime() <= last) expireOldest();
        }
        store.add(event, g, t, values);
        aggs.add(g, values, inserted++);
        select.fill(row, event, aggs, g);
        out.emit(row);
    }

    private void expireOldest() {
        int g = store.oldestGroup();
        store.oldestArgs(old);
        aggs.remove(g, old, inserted - store.size());
        store.removeOldest();
    }

    @Override
    public void close() {
        store.close();
    }
}
