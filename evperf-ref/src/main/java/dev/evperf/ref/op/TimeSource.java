package dev.evperf.ref.op;

/** Where a time window reads an event's time: arrival (ns), an attribute or an expression (ms). */
@FunctionalInterface
public interface TimeSource {
    long of(Object[] event);

    /** {@code System.nanoTime()} when the event is sent: the seed stamped ticks when they were made. */
    static TimeSource arrival() {
        return event -> System.nanoTime();
    }

    static TimeSource field(int index, String name) {
        return event -> {
            Object v = event[index];
            if (v == null) throw new IllegalArgumentException("time attribute " + name + " is null");
            return ((Number) v).longValue();
        };
    }

    static TimeSource of(Expr e, String text) {
        return event -> {
            Object v = e.eval(event, null);
            if (!(v instanceof Long || v instanceof Integer)) {
                throw new IllegalArgumentException(
                        "the time " + text + " is " + (v == null ? "null" : "not an integer: " + v));
            }
            return ((Number) v).longValue();
        };
    }
}
