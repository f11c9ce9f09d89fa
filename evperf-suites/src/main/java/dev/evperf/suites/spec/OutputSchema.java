package dev.evperf.suites.spec;

import dev.evperf.api.Field;
import java.util.List;

/**
 * One output stream of a query and how its rows are compared. Rows are grouped into <em>slots</em>:
 * the input that caused them (filters, joins, patterns, sliding windows) or the window they belong
 * to (tumbling and time windows). Within a slot, rows are compared as a multiset; rows whose
 * identity fields agree but whose other fields differ are wrong rather than missing and undue.
 *
 * @param stream      the stream's name in every translation
 * @param fields      its fields, in this order in the reference's rows
 * @param slotFields  the slot is the largest of these (long) fields, divided by {@code slotDivisor}
 * @param slotDivisor 1, or the rows of a tumbling count window (seq / R is the window's index)
 * @param identity    fields that name a row within its slot (e.g. the group's ID)
 * @param sampled     true when an engine emits only some of the rows (output rate limited by its
 *                    own clock): each produced row is checked, and none is counted missing
 */
public record OutputSchema(
        String stream,
        List<Field> fields,
        List<String> slotFields,
        long slotDivisor,
        List<String> identity,
        boolean sampled) {
    public OutputSchema {
        fields = List.copyOf(fields);
        slotFields = List.copyOf(slotFields);
        identity = List.copyOf(identity);
    }

    public OutputSchema(String stream, List<Field> fields, String slotField, List<String> identity) {
        this(stream, fields, List.of(slotField), 1, identity, false);
    }

    public int indexOf(String field) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(field)) {
                return i;
            }
        }
        throw new IllegalArgumentException("no field " + field + " in " + stream);
    }

    public List<String> fieldNames() {
        return fields.stream().map(Field::name).toList();
    }

    /** The same rows, each checked on its own: for engines that emit a subset of them. */
    public OutputSchema asSampled() {
        return new OutputSchema(stream, fields, slotFields, slotDivisor, identity, true);
    }

    public OutputSchema renamed(String name) {
        return new OutputSchema(name, fields, slotFields, slotDivisor, identity, sampled);
    }
}
