package dev.evperf.ref.op;

import dev.evperf.ref.agg.GroupIndex;

/**
 * What a windowed aggregate reads from each event: the WHERE clause, the group and the aggregate
 * arguments, computed once on arrival (before any state changes, so a failing event changes nothing).
 *
 * @param where      null when every event passes
 * @param groupField the GROUP BY attribute, or -1
 */
public record WindowShape(Condition where, int groupField, GroupIndex groups, DoubleArg[] args) {

    /** The event's group (0 without GROUP BY). */
    int group(Object[] event) {
        return groupField < 0 ? 0 : groups.of(event[groupField]);
    }

    void values(Object[] event, double[] into) {
        for (int a = 0; a < args.length; a++) into[a] = args[a].of(event);
    }
}
