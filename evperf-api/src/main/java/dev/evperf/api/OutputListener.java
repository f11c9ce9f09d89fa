package dev.evperf.api;

/** Receives the output rows of one stream; called on the hot path, so it must not allocate. */
@FunctionalInterface
public interface OutputListener {

    /** One output row, in {@link Engine#outputFields} order. The array may be reused by the engine. */
    void onOutput(Object[] row);

    /**
     * Called by engines that deliver outputs in batches, before the batch's rows, with its size,
     * so the sink can observe output batching. Engines that deliver row by row never call it.
     */
    default void onBatch(int size) {
    }
}
