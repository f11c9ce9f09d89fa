package dev.evperf.ref.op;

import java.util.Arrays;

/**
 * The newest entry per integer ID (stream1's IDs are 1..MAX_ID), in an array indexed by ID that
 * grows to the largest ID seen. 0 means none; entries are stored as position + 1.
 */
final class IdHeads {
    private static final int LIMIT = 1 << 28;
    private long[] heads;

    IdHeads(int maxId) {
        heads = new long[Math.max(16, maxId + 1)];
    }

    long get(int id) {
        return id >= 0 && id < heads.length ? heads[id] : 0;
    }

    /** @throws IllegalArgumentException for a negative or huge ID (an error of that event) */
    void set(int id, long value) {
        if (id >= heads.length) {
            if (id < 0 || id >= LIMIT) throw new IllegalArgumentException("ID " + id + " is outside 0.." + (LIMIT - 1));
            heads = Arrays.copyOf(heads, Math.max(id + 1, heads.length * 2));
        } else if (id < 0) {
            throw new IllegalArgumentException("ID " + id + " is negative");
        }
        heads[id] = value;
    }
}
