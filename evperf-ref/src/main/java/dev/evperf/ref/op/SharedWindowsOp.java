package dev.evperf.ref.op;

import dev.evperf.ref.agg.Aggregates;
import dev.evperf.ref.store.SharedStore;

/**
 * Several sliding window aggregates of different extents over one stream, with the same WHERE,
 * GROUP BY, time and aggregate arguments, whose events are kept once in a {@link SharedStore}
 * (Shared SlideM, seed 001 section 6.4). Per event: the group, arguments and time are computed once;
 * each window expires what left it, smallest window first (so no window's oldest event is older than
 * a larger one's, which is what lets the repository free a block when the largest window leaves it);
 * the event is appended once; then each window's aggregates take it and its row is emitted, in
 * query order. Each window's rows are the ones its own {@link SlidingAggregateOp} would give.
 */
public final class SharedWindowsOp implements Operator {
    /**
     * One query's window: its aggregates, extent (rows for a count window, else range in the
     * time's unit), select list and output stream.
     */
    public record Window(Aggregates aggs, long rows, long range, Select select, Output out) {}

    private final WindowShape shape;
    private final SharedStore store;
    private final TimeSource time;
    /** Per query (query order): its window and its number in the store (by extent). */
    private final Window[] windows;

    private final int[] slot;
    /** Window numbers by extent, smallest first: the order of expiry. */
    private final int[] byExtent;

    private final Object[][] rows;
    private final double[] values;
    private final double[] old;
    private long inserted;

    /**
     * @param slot   per window (query order), its number in {@code store}: 0 for the smallest extent
     * @param time   where time windows read an event's time; null for count windows
     */
    public SharedWindowsOp(WindowShape shape, SharedStore store, TimeSource time, Window[] windows, int[] slot) {
        this.shape = shape;
        this.store = store;
        this.time = time;
        this.windows = windows.clone();
        this.slot = slot.clone();
        this.byExtent = new int[windows.length];
        for (int i = 0; i < windows.length; i++) byExtent[slot[i]] = i;
        this.rows = new Object[windows.length][];
        for (int i = 0; i < windows.length; i++)
            rows[i] = new Object[windows[i].select().width()];
        this.values = new double[shape.args().length];
        this.old = new double[values.length];
    }

    @Override
    public void onEvent(Object[] event) {
        WindowShape s = shape;
        if (s.where() != null && !s.where().test(event)) return;
        int g = s.group(event);
        s.values(event, values);
        long t = time == null ? 0 : time.of(event);
        for (int i : byExtent) {
            Window w = windows[i];
            int k = slot[i];
            if (w.rows() > 0) {
                if (store.size(k) == w.rows()) expireOldest(w, k);
            } else {
                long last = t - w.range();
                while (store.size(k) > 0 && store.oldestTime(k) <= last) expireOldest(w, k);
            }
        }
        store.add(g, t, values);
        long position = inserted++;
        for (int i = 0; i < windows.length; i++) {
            Window w = windows[i];
            w.aggs().add(g, values, position);
            w.select().fill(rows[i], event, w.aggs(), g);
            w.out().emit(rows[i]);
        }
    }

    private void expireOldest(Window w, int k) {
        int g = store.oldestGroup(k);
        store.oldestArgs(k, old);
        w.aggs().remove(g, old, inserted - store.size(k));
        store.removeOldest(k);
    }

    @Override
    public void close() {
        store.close();
    }
}
