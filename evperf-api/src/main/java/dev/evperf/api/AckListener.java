package dev.evperf.api;

/**
 * Hears that a system outside this JVM accepted an event (see {@link Engine#subscribeAcks}).
 * Called on the system's client thread, so it must be quick and must not block.
 */
@FunctionalInterface
public interface AckListener {

    /**
     * @param seq          the event's sequence number, as given to {@link InputHandle#send(Object[], long, long)}
     * @param ackNanos     {@code System.nanoTime()} when the acknowledgement reached this JVM
     * @param appendMillis the broker's LogAppendTime of the input record (epoch milliseconds), or -1
     *                     when the topic keeps the producer's time
     * @param error        null, or why the system refused the event (it is then lost)
     */
    void onAck(long seq, long ackNanos, long appendMillis, Exception error);
}
