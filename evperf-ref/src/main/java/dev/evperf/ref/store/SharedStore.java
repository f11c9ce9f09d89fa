package dev.evperf.ref.store;

/**
 * Several sliding windows over one stream that keep each event once (Shared SlideM): one append per
 * event, and per window its own oldest event. Window {@code w} is numbered by its extent, smallest
 * first; a window never holds an event older than the next larger window's oldest, so windows
 * expire smallest first.
 */
public interface SharedStore extends AutoCloseable {

    /** Appends the event's group, time and argument values, for every window. */
    void add(int group, long time, double[] args);

    /** Events in window {@code w}. */
    long size(int w);

    int oldestGroup(int w);

    long oldestTime(int w);

    void oldestArgs(int w, double[] args);

    void removeOldest(int w);

    @Override
    void close();
}
