package dev.evperf.suites.validate;

import dev.evperf.suites.spec.OutputSchema;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * The rows an engine gave on one output stream, handed to {@link StreamCheck} one at a time in
 * nondecreasing slot order (rows of one slot in the order the engine gave them). The check holds
 * one slot's rows at a time; whether all rows are in memory depends on the source: {@link #of} a
 * list holds them, {@link SlotSortedFile} reads a trial's values file and, when the engine gave its
 * rows out of slot order, sorts them on disk in runs of bounded size.
 */
public interface Produced extends AutoCloseable {
    /** The next row in slot order, in the schema's field order; null after the last. */
    Object[] next();

    @Override
    default void close() {}

    /** A row's slot: the largest of the schema's slot fields, over its divisor (see {@link OutputSchema}). */
    static ToLongFunction<Object[]> slots(OutputSchema schema) {
        int[] fields = schema.slotFields().stream().mapToInt(schema::indexOf).toArray();
        long divisor = schema.slotDivisor();
        return row -> {
            long s = Long.MIN_VALUE;
            for (int f : fields) s = Math.max(s, ((Number) row[f]).longValue());
            return Math.floorDiv(s, divisor);
        };
    }

    /** Rows already in memory, put in slot order by a stable sort when they are not. */
    static Produced of(OutputSchema schema, List<Object[]> rows) {
        ToLongFunction<Object[]> slot = slots(schema);
        Object[][] sorted = rows.toArray(new Object[0][]);
        long[] slots = new long[sorted.length];
        boolean ordered = true;
        for (int i = 0; i < sorted.length; i++) {
            slots[i] = slot.applyAsLong(sorted[i]);
            ordered &= i == 0 || slots[i - 1] <= slots[i];
        }
        if (!ordered) {
            Integer[] order = new Integer[sorted.length];
            Arrays.setAll(order, i -> i);
            Arrays.sort(order, Comparator.comparingLong(i -> slots[i])); // stable: arrival order within a slot
            Object[][] copy = new Object[sorted.length][];
            for (int i = 0; i < order.length; i++) copy[i] = sorted[order[i]];
            sorted = copy;
        }
        Object[][] inOrder = sorted;
        return new Produced() {
            private int next;

            @Override
            public Object[] next() {
                return next < inOrder.length ? inOrder[next++] : null;
            }
        };
    }
}
