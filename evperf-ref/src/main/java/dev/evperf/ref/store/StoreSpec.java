package dev.evperf.ref.store;

import dev.evperf.api.StreamSchema;
import dev.evperf.ref.agg.GroupIndex;

/**
 * What a window store must be able to give back about its oldest event, and where the event has
 * it: the group (attribute {@code groupField}, numbered by {@code groups}), the time ({@code timeField},
 * or -1 when the operator supplies it, e.g. arrival time) and the aggregate arguments
 * ({@code argFields}: an attribute each, or -1 for a computed value).
 *
 * @param capacity the window's size in events (ROWS), or a first size for a window that grows (RANGE)
 * @param growable RANGE windows grow as their time span holds more events
 */
public record StoreSpec(
        StreamSchema schema,
        int groupField,
        GroupIndex groups,
        boolean timed,
        int timeField,
        int[] argFields,
        int capacity,
        boolean growable) {

    public boolean grouped() {
        return groupField >= 0;
    }

    /** Whether every value the window reads back is an attribute of the event (what object layouts need). */
    public boolean allFromAttributes() {
        if (timed && timeField < 0) return false;
        for (int f : argFields) {
            if (f < 0) return false;
        }
        return true;
    }
}
