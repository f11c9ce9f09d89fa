package dev.evperf.ref.agg;

import java.util.Arrays;

/** A binary heap of primitive doubles, largest or smallest on top. */
final class DoubleHeap {
    private final boolean max;
    private double[] a = new double[8];
    private int n;

    DoubleHeap(boolean max) {
        this.max = max;
    }

    int size() {
        return n;
    }

    double top() {
        return a[0];
    }

    void clear() {
        n = 0;
    }

    private boolean above(double x, double y) {
        return max ? x > y : x < y;
    }

    void push(double v) {
        if (n == a.length) a = Arrays.copyOf(a, n * 2);
        int i = n++;
        while (i > 0) {
            int parent = (i - 1) >>> 1;
            if (!above(v, a[parent])) break;
            a[i] = a[parent];
            i = parent;
        }
        a[i] = v;
    }

    double pop() {
        double top = a[0];
        a[0] = a[--n];
        if (n > 0) siftDown(0);
        return top;
    }

    /** Removes one copy per pending count of each value (consuming the counts), then re-heapifies. */
    void removeAll(LongCounts pending) {
        int kept = 0;
        for (int i = 0; i < n; i++) {
            if (!pending.decrementIfPresent(Double.doubleToLongBits(a[i]))) a[kept++] = a[i];
        }
        n = kept;
        for (int i = n / 2 - 1; i >= 0; i--) siftDown(i);
    }

    private void siftDown(int i) {
        double v = a[i];
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) break;
            if (child + 1 < n && above(a[child + 1], a[child])) child++;
            if (!above(a[child], v)) break;
            a[i] = a[child];
            i = child;
        }
        a[i] = v;
    }
}
