package dev.evperf.ref.op;

/** A WHERE clause: null (SQL's unknown) counts as false. */
@FunctionalInterface
public interface Condition {
    boolean test(Object[] event);

    static Condition of(Expr e) {
        return event -> Boolean.TRUE.equals(e.eval(event, null));
    }
}
