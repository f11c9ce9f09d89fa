package dev.evperf.api;

/** Receives the output rows of one stream; called on the hot path, so it must not allocate. */
@FunctionalInterface
public interface OutputListener {

    /** One output row, in {@link Engine#outputFields} order. The array may be reused by the engine. */
    void onOutput(Object[] row);

    /**
     * One output row that reached this JVM from outside, called by engines whose outputs arrive
     * through a broker instead of {@link #onOutput(Object[])}. The engine's consumer takes
     * {@code receiptNanos} ({@code System.nanoTime()}) when its poll returns the record, before
     * the record is deserialised on another thread (an object factory, as in Cloudprofiler), so the
     * parsing is not counted as the engine's latency. {@code appendMillis} is the broker's
     * LogAppendTime of the output record (epoch milliseconds, the broker's clock), or -1 when the
     * topic keeps the producer's time. The default drops both times.
     */
    default void onOutput(Object[] row, long receiptNanos, long appendMillis) {
        onOutput(row);
    }

    /**
     * Called by engines that deliver outputs in batches, before the batch's rows, with its size,
     * so the sink can observe output batching. Engines that deliver row by row never call it.
     */
    default void onBatch(int size) {}
}
