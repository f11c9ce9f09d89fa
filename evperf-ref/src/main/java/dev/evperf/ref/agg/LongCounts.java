package dev.evperf.ref.agg;

import java.util.Arrays;

/** Counts per long key in an open-addressing table (linear probing, no boxing). */
final class LongCounts {
    private long[] keys = new long[16];
    private int[] counts = new int[16];
    private boolean[] used = new boolean[16];
    private int size;

    void increment(long key) {
        if (2 * (size + 1) > keys.length) rehash(keys.length * 2);
        int i = slot(key);
        if (used[i]) {
            counts[i]++;
        } else {
            used[i] = true;
            keys[i] = key;
            counts[i] = 1;
            size++;
        }
    }

    /** Takes one from the key's count; false when it has none. */
    boolean decrementIfPresent(long key) {
        if (size == 0) return false;
        int i = slot(key);
        if (!used[i]) return false;
        if (--counts[i] == 0) delete(i);
        return true;
    }

    void clear() {
        if (size == 0) return;
        Arrays.fill(used, false);
        size = 0;
    }

    private int slot(long key) {
        int mask = keys.length - 1;
        int i = (int) (mix(key) & mask);
        while (used[i] && keys[i] != key) i = (i + 1) & mask;
        return i;
    }

    static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        return z ^ (z >>> 33);
    }

    /** Backward-shift deletion keeps every probe chain intact. */
    private void delete(int i) {
        int mask = keys.length - 1;
        used[i] = false;
        size--;
        int j = i;
        while (true) {
            j = (j + 1) & mask;
            if (!used[j]) return;
            int home = (int) (mix(keys[j]) & mask);
            // move j back to i when its home lies cyclically outside (i, j]
            if (i <= j ? (home <= i || home > j) : (home <= i && home > j)) {
                keys[i] = keys[j];
                counts[i] = counts[j];
                used[i] = true;
                used[j] = false;
                i = j;
            }
        }
    }

    private void rehash(int capacity) {
        long[] k = keys;
        int[] c = counts;
        boolean[] u = used;
        keys = new long[capacity];
        counts = new int[capacity];
        used = new boolean[capacity];
        for (int i = 0; i < k.length; i++) {
            if (u[i]) {
                int s = slot(k[i]);
                used[s] = true;
                keys[s] = k[i];
                counts[s] = c[i];
            }
        }
    }
}
