package dev.evperf.ref.agg;

/**
 * The sliding maximum (or minimum) of one group: a deque of (value, position) whose values fall
 * (or rise) from front to back. An arriving value drops every value behind it that it outlives and
 * dominates; the front is the extreme of the window. Windows expire in arrival order, so a removal
 * only ever takes the front, and only when the expiring position is the front's. Amortised O(1).
 */
public final class MonoDeque {
    private final boolean max;
    private double[] values = new double[4];
    private long[] positions = new long[4];
    private int head;
    private int size;

    public MonoDeque(boolean max) {
        this.max = max;
    }

    public void add(double v, long position) {
        int mask = values.length - 1;
        while (size > 0) {
            double back = values[(head + size - 1) & mask];
            if (max ? back <= v : back >= v) size--;
            else break;
        }
        if (size == values.length) grow();
        int at = (head + size) & (values.length - 1);
        values[at] = v;
        positions[at] = position;
        size++;
    }

    /** The event at {@code position} leaves the window. */
    public void expire(long position) {
        if (size > 0 && positions[head] == position) {
            head = (head + 1) & (values.length - 1);
            size--;
        }
    }

    public double extreme() {
        return values[head];
    }

    public void clear() {
        head = 0;
        size = 0;
    }

    private void grow() {
        double[] v = new double[values.length * 2];
        long[] p = new long[v.length];
        for (int i = 0; i < size; i++) {
            v[i] = values[(head + i) & (values.length - 1)];
            p[i] = positions[(head + i) & (values.length - 1)];
        }
        values = v;
        positions = p;
        head = 0;
    }
}
