package dev.evperf.suites.spec;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** A length of event time in whole milliseconds, written {@code 500ms}, {@code 10s}, {@code 10m}, {@code 12h}. */
public record Span(long millis) {
    private static final Pattern FORM = Pattern.compile("(\\d+)\\s*(ms|s|m|h)");

    public Span {
        Specs.check(millis > 0, "span", "must be positive, not " + millis + " ms");
    }

    @JsonCreator
    public static Span parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a span; expected e.g. 500ms, 10s, 10m, 12h");
        }
        long n = Long.parseLong(m.group(1));
        long unit = switch (m.group(2)) {
            case "ms" -> 1;
            case "s" -> 1000;
            case "m" -> 60_000;
            default -> 3_600_000;
        };
        return new Span(Math.multiplyExact(n, unit));
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
