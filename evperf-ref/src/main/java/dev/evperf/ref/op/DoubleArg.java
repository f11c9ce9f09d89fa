package dev.evperf.ref.op;

/** An aggregate's argument, read from an event as a double. */
@FunctionalInterface
public interface DoubleArg {
    double of(Object[] event);

    /** An attribute; a null value is an error of the event (reported, the event dropped). */
    static DoubleArg field(int index, String name) {
        return event -> {
            Object v = event[index];
            if (v == null) throw new IllegalArgumentException("aggregate argument " + name + " is null");
            return ((Number) v).doubleValue();
        };
    }

    static DoubleArg of(Expr e, String text) {
        return event -> {
            Object v = e.eval(event, null);
            if (!(v instanceof Number n)) {
                throw new IllegalArgumentException(
                        "aggregate argument " + text + " is " + (v == null ? "null" : "not a number: " + v));
            }
            return n.doubleValue();
        };
    }

    /** COUNT reads no value. */
    DoubleArg NONE = event -> 0;
}
