package dev.evperf.api.config;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A duration written with its unit in a workload ({@code 100ms}, {@code 2s}, {@code 500us},
 * {@code 1m}); a bare {@code 0} is accepted because zero needs no unit. The one duration type of
 * evperf: workload fields, channel periods, pipeline speed limits and command options parse with it.
 * It lives in evperf-api, below core and monitor, because both bind workload sections with it.
 */
public record Dur(long nanos, String text) {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s|m|h)");

    @JsonCreator
    public static Dur parse(Object value) {
        if (value instanceof Map || value instanceof List) {
            throw new IllegalArgumentException("expected a duration with a unit, e.g. 100ms, 2s, 500us; got a "
                    + (value instanceof Map ? "mapping" : "list"));
        }
        String s = String.valueOf(value).trim().toLowerCase(Locale.ROOT);
        if (s.equals("0") || s.equals("0.0")) {
            return new Dur(0, "0");
        }
        Matcher m = FORM.matcher(s);
        if (!m.matches()) {
            throw new IllegalArgumentException(
                    "'" + value + "' is not a duration; expected a number with a unit, e.g. 100ms, 2s, 500us");
        }
        double n = Double.parseDouble(m.group(1));
        double unit =
                switch (m.group(2)) {
                    case "ns" -> 1;
                    case "us", "µs" -> 1e3;
                    case "ms" -> 1e6;
                    case "s" -> 1e9;
                    case "m" -> 60e9;
                    case "h" -> 3600e9;
                    default -> throw new AssertionError(m.group(2));
                };
        return new Dur(Math.round(n * unit), m.group(1) + m.group(2));
    }

    public static Dur ofNanos(long nanos) {
        return new Dur(nanos, nanos + "ns");
    }

    public double seconds() {
        return nanos / 1e9;
    }

    public long millis() {
        return nanos / 1_000_000;
    }

    @JsonValue
    @Override
    public String text() {
        return text;
    }

    @Override
    public String toString() {
        return text;
    }
}
