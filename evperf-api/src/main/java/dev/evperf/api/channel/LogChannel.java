package dev.evperf.api.channel;

/**
 * A named log destination for engine, adapter and user code: records of (timestamp ns, id, value),
 * all primitives. Which records are kept, and where they go (a compressed file, a counter, nowhere),
 * is the channel's handler chain, chosen by the workload's {@code channels:} section at run time.
 * Obtained once from {@link LogChannels#open(String)}; logging neither allocates nor locks.
 */
public interface LogChannel {
    /** Logs (now, id, value); the clock is read only if the handler chain keeps the record. */
    void log(long id, long value);

    /** Logs (timestamp, id, value) with a timestamp the caller read with {@code System.nanoTime()}. */
    void log(long timestamp, long id, long value);

    /** The channel's name. */
    String name();
}
