package dev.evperf.ref.agg;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Numbers the groups of a GROUP BY densely (0, 1, 2, … in order of first appearance), so that
 * aggregate state lives in arrays indexed by group. Small non-negative integer keys (stream1's IDs)
 * index an array directly; other integers go through a primitive map, other keys (strings,
 * booleans, doubles) through a HashMap. A query without GROUP BY has one group, 0.
 * Groups are never renumbered: an emptied group keeps its index for its next event.
 */
public final class GroupIndex {
    public enum Kind {
        NONE,
        INTEGRAL,
        OBJECT
    }

    private final Kind kind;
    private final LongIntMap integral;
    private final Map<Object, Integer> objects;
    /** Group + 1 of keys 0 .. DIRECT − 1 (0: not seen), grown to the largest such key seen. */
    private int[] direct = new int[64];

    private static final int DIRECT = 1 << 16;
    private int count;

    public GroupIndex(Kind kind) {
        this.kind = kind;
        this.integral = kind == Kind.INTEGRAL ? new LongIntMap(64) : null;
        this.objects = kind == Kind.OBJECT ? new HashMap<>() : null;
        this.count = kind == Kind.NONE ? 1 : 0;
    }

    public Kind kind() {
        return kind;
    }

    /** The group of a key as the event carries it (boxed). */
    public int of(Object key) {
        return switch (kind) {
            case NONE -> 0;
            case INTEGRAL -> ofLong(((Number) key).longValue());
            case OBJECT -> ofObject(key);
        };
    }

    public int ofLong(long key) {
        if (key >= 0 && key < direct.length) {
            int g = direct[(int) key] - 1;
            if (g >= 0) return g;
        }
        return slowOfLong(key);
    }

    private int slowOfLong(long key) {
        if (key >= 0 && key < DIRECT) {
            if (key >= direct.length)
                direct = Arrays.copyOf(direct, (int) Math.min(DIRECT, Math.max(key + 1, 2L * direct.length)));
            int g = direct[(int) key] - 1;
            if (g < 0) {
                g = count++;
                direct[(int) key] = g + 1;
            }
            return g;
        }
        int g = integral.get(key);
        if (g < 0) {
            g = count++;
            integral.put(key, g);
        }
        return g;
    }

    private int ofObject(Object key) {
        Integer g = objects.get(key);
        if (g == null) {
            g = count++;
            objects.put(key, g);
        }
        return g;
    }

    /** Groups seen so far. */
    public int count() {
        return count;
    }
}
