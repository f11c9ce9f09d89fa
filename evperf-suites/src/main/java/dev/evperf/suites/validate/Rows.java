package dev.evperf.suites.validate;

import dev.evperf.suites.spec.OutputSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

/** Engine rows into the neutral schema's field order, by attribute name. */
public final class Rows {
    private Rows() {}

    /**
     * @param engineFields the engine's attribute names for the stream ({@code Engine.outputFields})
     * @throws IllegalArgumentException naming the neutral field the engine does not output
     */
    public static List<Object[]> reorder(OutputSchema schema, List<String> engineFields, List<Object[]> rows) {
        UnaryOperator<Object[]> one = reorder(schema, engineFields);
        List<Object[]> out = new ArrayList<>(rows.size());
        for (Object[] row : rows) {
            out.add(one.apply(row));
        }
        return out;
    }

    /** The same for one row at a time, for rows read as they are checked ({@link SlotSortedFile}). */
    public static UnaryOperator<Object[]> reorder(OutputSchema schema, List<String> engineFields) {
        List<String> names = schema.fieldNames();
        int[] from = new int[names.size()];
        for (int i = 0; i < from.length; i++) {
            from[i] = indexIgnoringCase(engineFields, names.get(i));
            if (from[i] < 0) {
                throw new IllegalArgumentException(
                        schema.stream() + " has no attribute " + names.get(i) + "; the engine outputs " + engineFields);
            }
        }
        return row -> {
            Object[] r = new Object[from.length];
            for (int i = 0; i < from.length; i++) {
                r[i] = row[from[i]];
            }
            return r;
        };
    }

    /** Flink SQL and Kafka Streams may change an identifier's case; names differ in letters only. */
    private static int indexIgnoringCase(List<String> fields, String name) {
        int exact = fields.indexOf(name);
        if (exact >= 0) {
            return exact;
        }
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).equalsIgnoreCase(name)) {
                return i;
            }
        }
        return -1;
    }
}
