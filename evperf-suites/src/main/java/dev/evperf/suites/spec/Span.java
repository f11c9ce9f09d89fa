package dev.evperf.suites.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.evperf.api.config.Dur;

/** A length of event time in whole milliseconds, written {@code 500ms}, {@code 10s}, {@code 10m}, {@code 12h}. */
public record Span(long millis) {
    public Span {
        Specs.check(millis > 0, "span", "must be positive, not " + millis + " ms");
    }

    /** Parsed as every evperf duration ({@link Dur}), then held to whole milliseconds. */
    @JsonCreator
    public static Span parse(String text) {
        Dur d;
        try {
            d = Dur.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not a span; expected e.g. 500ms, 10s, 10m, 12h");
        }
        if (d.nanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number of milliseconds");
        }
        return new Span(d.millis());
    }

    public long seconds() {
        return millis / 1000;
    }

    @JsonValue
    @Override
    public String toString() {
        if (millis % 3_600_000 == 0) return millis / 3_600_000 + "h";
        if (millis % 60_000 == 0) return millis / 60_000 + "m";
        if (millis % 1000 == 0) return millis / 1000 + "s";
        return millis + "ms";
    }
}
