package dev.evperf.suites.nexmark.data;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import dev.evperf.api.config.Dur;
import dev.evperf.suites.spec.Specs;

/**
 * The event time between two consecutive Nexmark events, in nanoseconds (to the nearest one), written
 * {@code 100us}, {@code 0.5ms}, {@code 250ns}, {@code 1s}. Its inverse is the rate of event time
 * (100 µs: 10 000 events per second of event time, Nexmark's default).
 */
public record EventDelay(long nanos) {
    public EventDelay {
        Specs.check(nanos > 0, "inter_event_delay", "must be positive, not " + nanos + " ns");
    }

    /** Parsed as every evperf duration ({@link Dur}: to the nearest nanosecond). */
    @JsonCreator
    public static EventDelay parse(String text) {
        Dur d;
        try {
            d = Dur.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("'" + text + "' is not a delay; expected e.g. 100us, 0.5ms, 250ns");
        }
        return new EventDelay(d.nanos());
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
