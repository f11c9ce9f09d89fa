package dev.evperf.core.driver;

import java.util.Arrays;

/**
 * Pairs of longs kept up to a cap, the arrays doubling as they fill: for rare events a trial
 * records (errors, stalls), so what it holds stays bounded however long the run. Not synchronised:
 * its owner locks.
 */
final class BoundedPairs {
    private final int cap;
    private long[] a = new long[16], b = new long[16];
    private int size;

    BoundedPairs(int cap) {
        this.cap = cap;
    }

    /** Keeps the pair unless the cap is reached. */
    void add(long x, long y) {
        if (size == cap) return;
        if (size == a.length) {
            a = Arrays.copyOf(a, Math.min(cap, size * 2));
            b = Arrays.copyOf(b, a.length);
        }
        a[size] = x;
        b[size++] = y;
    }

    int size() {
        return size;
    }

    long first(int i) {
        return a[i];
    }

    long second(int i) {
        return b[i];
    }

    void clear() {
        size = 0;
    }
}
