package dev.evperf.api;

/** Receives the output rows of one stream; called on the hot path, so it must not allocate. */
@FunctionalInterface
public interface OutputListener {

    /** One output row, in {@link Engine#outputFields} order. The array may be reused by the engine. */
    void onOutput(Object[] row);
}
