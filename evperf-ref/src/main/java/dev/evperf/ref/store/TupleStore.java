package dev.evperf.ref.store;

/**
 * A sliding window's events, oldest first (a FIFO: windows expire in arrival order). The operator
 * computes an event's group, time and aggregate arguments once, on arrival; what the store keeps
 * of the event, and so what it costs to read the oldest one back on expiry, is its layout.
 */
public interface TupleStore {

    /** Appends the event, whose group, time and argument values the operator has computed. */
    void add(Object[] event, int group, long time, double[] args);

    long size();

    /** The oldest event's group (layouts that keep the event find it again by its key). */
    int oldestGroup();

    /** The oldest event's time (windows over a range of time only). */
    long oldestTime();

    /** Writes the oldest event's argument values into {@code args}. */
    void oldestArgs(double[] args);

    void removeOldest();

    /** Frees what the store holds outside the heap. */
    default void close() {}
}
