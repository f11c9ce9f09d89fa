package dev.evperf.api;

import java.util.Arrays;

/** Sends events of one input stream into an engine. Called on the driver's hot path. */
public interface InputHandle {

    /**
     * Sends one event; {@code event} is in the stream schema's field order. The caller never
     * reuses the array: engines may keep it (Esper's windows hold the array itself).
     */
    void send(Object[] event);

    /**
     * Sends one event together with the driver's account of it: its sequence number and its
     * intended send time ({@code System.nanoTime()} of the driver's JVM). Engines whose events leave
     * this JVM (through a broker) write both into the record, so that a sink, an acknowledgement
     * ({@link Engine#subscribeAcks}) or another process can tell which event it is and when it was
     * due without the driver's columns. The default ignores both.
     */
    default void send(Object[] event, long seq, long intendedNanos) {
        send(event);
    }

    /**
     * Builds a micro-batch of events [from, from + count) in the engine's own batch form, before
     * the timed phase, so that sending it allocates nothing. The default keeps the rows.
     */
    default Object prepareBatch(Object[][] events, int from, int count) {
        return Arrays.copyOfRange(events, from, from + count);
    }

    /** Sends a batch made by {@link #prepareBatch}. The default sends its events one by one. */
    default void sendBatch(Object batch) {
        for (Object[] event : (Object[][]) batch) {
            send(event);
        }
    }

    /**
     * Sends a batch made by {@link #prepareBatch} with the driver's account of its events, as
     * {@link #send(Object[], long, long)} does for one: event {@code i} of the batch has sequence
     * number {@code firstSeq + i} and was intended at {@code base + intended[from + i]} (the
     * driver's {@code System.nanoTime()}); passed as arrays the driver already holds, so that the
     * call allocates nothing. Engines that write both into their records (through a broker)
     * override it; the default is {@link #sendBatch(Object)}.
     */
    default void sendBatch(Object batch, long firstSeq, long[] intended, int from, long base) {
        sendBatch(batch);
    }
}
