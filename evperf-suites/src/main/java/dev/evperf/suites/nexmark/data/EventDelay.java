package dev.evperf.suites.nexmark.data;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.evperf.suites.spec.Specs;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The event time between two consecutive Nexmark events, in whole nanoseconds, written
 * {@code 100us}, {@code 0.5ms}, {@code 250ns}, {@code 1s}. Its inverse is the rate of event time
 * (100 µs: 10 000 events per second of event time, Nexmark's default).
 */
public record EventDelay(long nanos) {
    private static final Pattern FORM = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ns|us|µs|ms|s)");

    public EventDelay {
        Specs.check(nanos > 0, "inter_event_delay", "must be positive, not " + nanos + " ns");
    }

    @JsonCreator
    public static EventDelay parse(String text) {
        Matcher m = FORM.matcher(text.trim());
        if (!m.matches()) {
            throw new IllegalArgumentException("'" + text + "' is not a delay; expected e.g. 100us, 0.5ms, 250ns");
        }
        long unit = switch (m.group(2)) {
            case "ns" -> 1;
            case "us", "µs" -> 1_000;
            case "ms" -> 1_000_000;
            default -> 1_000_000_000;
        };
        double nanos = Double.parseDouble(m.group(1)) * unit;
        if (nanos != Math.rint(nanos)) {
            throw new IllegalArgumentException("'" + text + "' is not a whole number of nanoseconds");
        }
        return new EventDelay((long) nanos);
    }

    /** Events per second of event time. */
    public double rate() {
        return 1e9 / nanos;
    }

    @JsonValue
    @Override
    public String toString() {
        if (nanos % 1_000_000 == 0) return nanos / 1_000_000 + "ms";
        if (nanos % 1_000 == 0) return nanos / 1_000 + "us";
        return nanos + "ns";
    }
}
