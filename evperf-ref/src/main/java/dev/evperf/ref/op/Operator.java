package dev.evperf.ref.op;

/**
 * One query's physical operator, fed the events of one input stream on the sending thread. It
 * evaluates everything that may fail (expressions, lookups) before it changes its state, so an
 * event that throws leaves the operator as it was and the engine can drop just that event.
 */
public interface Operator {

    /** One event of the stream this operator reads, in that stream's field order. */
    void onEvent(Object[] event);

    /**
     * Emits what the operator holds back (a join's pending batch): called by {@code Engine.drain}.
     * Operators that emit inside {@link #onEvent} have nothing to flush.
     */
    default void flush() {}

    /** Whether every output leaves inside the {@link #onEvent} of the input that caused it. */
    default boolean emitsOnItsInput() {
        return true;
    }

    /** Frees what the operator holds outside the heap (SlideM's files). */
    default void close() {}
}
