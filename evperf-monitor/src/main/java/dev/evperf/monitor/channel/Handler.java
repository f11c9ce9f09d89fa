package dev.evperf.monitor.channel;

/**
 * One stage of a channel's pipeline. The channel calls its first handler; filters pass the records
 * they keep to {@link #next}; terminals ({@code buffered}, {@code null}) end the chain.
 *
 * <p>Contract of the hot path ({@link #log(long, long)}, {@link #log(long, long, long)}): no
 * allocation, no lock, no clock read unless the record is kept and its handler needs the time.
 * {@link #log(long, long)} means "stamp it now": the first handler that keeps the record and needs
 * a timestamp reads {@code System.nanoTime()}, so a record dropped by a filter costs no clock read.
 */
abstract class Handler {
    /** Records a record stamped with the current {@code System.nanoTime()}. */
    abstract void log(long id, long value);

    /** Records a record with a timestamp the caller read. */
    abstract void log(long timestamp, long id, long value);

    /**
     * Emits what this handler still holds (first-last, the counter's last period) into the next
     * handler, then closes the next one. Called once, by the closing thread; logs arriving during or
     * after close are accepted without error and may be dropped.
     */
    abstract void close();

    /** The handler after this one, or null for a terminal. */
    Handler next() {
        return null;
    }

    /** Times a logging thread had to wait for a free block (buffered handlers down the chain). */
    long stalls() {
        Handler n = next();
        return n == null ? 0 : n.stalls();
    }
}
