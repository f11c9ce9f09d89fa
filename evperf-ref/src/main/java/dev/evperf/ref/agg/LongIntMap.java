package dev.evperf.ref.agg;

import java.util.Arrays;

/**
 * A map from long keys to int values in two flat arrays (linear probing, load ≤ 1/2): the group
 * index of integer keys and the table join's index. No boxing, one or two cache lines per lookup.
 * Entries are never removed.
 */
public final class LongIntMap {
    private static final int FREE = -1;
    private long[] keys;
    private int[] values;
    private int size;

    public LongIntMap(int expected) {
        // a power of two at least twice the expected entries (load ≤ 1/2)
        long want = 2L * Math.max(4, expected);
        if (want > 1 << 30)
            throw new IllegalArgumentException("a map of " + expected + " entries is beyond " + (1 << 29));
        int cap = Integer.highestOneBit((int) want - 1) << 1;
        keys = new long[cap];
        values = new int[cap];
        Arrays.fill(values, FREE);
    }

    /** The value of {@code key}, or -1. Values must be ≥ 0. */
    public int get(long key) {
        int mask = keys.length - 1;
        int i = (int) (LongCounts.mix(key) & mask);
        while (true) {
            int v = values[i];
            if (v == FREE || keys[i] == key) return v;
            i = (i + 1) & mask;
        }
    }

    /** Puts or replaces; {@code value} ≥ 0. */
    public void put(long key, int value) {
        if (2 * (size + 1) > keys.length) rehash();
        int mask = keys.length - 1;
        int i = (int) (LongCounts.mix(key) & mask);
        while (values[i] != FREE && keys[i] != key) i = (i + 1) & mask;
        if (values[i] == FREE) size++;
        keys[i] = key;
        values[i] = value;
    }

    public int size() {
        return size;
    }

    /** Bytes of the two arrays (for the join's memory figures). */
    public long bytes() {
        return 12L * keys.length;
    }

    private void rehash() {
        long[] k = keys;
        int[] v = values;
        keys = new long[k.length * 2];
        values = new int[keys.length];
        Arrays.fill(values, FREE);
        size = 0;
        for (int i = 0; i < k.length; i++) {
            if (v[i] != FREE) put(k[i], v[i]);
        }
    }
}
