package dev.evperf.api;

import java.util.List;

/** A named input stream and its ordered fields; an event is an {@code Object[]} in this order. */
public record StreamSchema(String name, List<Field> fields) {
    public StreamSchema {
        fields = List.copyOf(fields);
    }

    /** @return the position of the field, or -1 when the stream has no such field */
    public int indexOf(String fieldName) {
        for (int i = 0; i < fields.size(); i++) {
            if (fields.get(i).name().equals(fieldName)) {
                return i;
            }
        }
        return -1;
    }

    public int size() {
        return fields.size();
    }
}
