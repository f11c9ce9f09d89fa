package dev.evperf.monitor.pipeline;

/**
 * A pipeline's counters. Records dropped by stages are not counted (that would put a shared
 * counter on every submit); what reached the queue is {@code processed + failed + queued} plus
 * {@code dropped} for the records the queue refused.
 *
 * @param processed records the sink accepted
 * @param dropped records refused by a full queue under policy {@code drop} (exact)
 * @param blocked submits that found the queue full and waited under policy {@code block}
 * @param failed records the sink threw on (the first error is reported by close)
 * @param capacity the queue's effective capacity: the configured one rounded up to a power of two
 * @param policy block or drop
 * @param consumers consumer threads
 * @param queued records in the queue now
 */
public record PipelineStats(
        String name,
        long processed,
        long dropped,
        long blocked,
        long failed,
        int capacity,
        String policy,
        int consumers,
        int queued) {}
