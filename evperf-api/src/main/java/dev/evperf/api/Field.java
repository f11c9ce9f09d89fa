package dev.evperf.api;

import java.util.Objects;

/** One named, typed attribute of a stream. */
public record Field(String name, FieldType type) {
    public Field {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(type, "type");
    }
}
