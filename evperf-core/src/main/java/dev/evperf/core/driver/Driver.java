package dev.evperf.core.driver;

import dev.evperf.api.InputHandle;

/**
 * The timed loop: sends prepared events on their absolute schedule and records send start and
 * send end of each. It allocates nothing and reads the clock once per event when the engine is
 * behind the schedule (the usual case in a burst): the read after event i's send is both i's
 * send end and i+1's send start, so the few ns of bookkeeping between sends count towards the
 * next event's processing time. A second read is taken only after a wait.
 */
public final class Driver {
    private Driver() {
    }

    /**
     * @param origin    nanoTime of the trial's time origin; intended[i] is relative to it
     * @param sendStart filled with nanoTime relative to origin
     * @param sendEnd   filled with nanoTime relative to origin
     */
    public static void run(InputHandle input, Object[][] events, long[] intended, long origin,
                           long[] sendStart, long[] sendEnd) {
        run(input, events, intended, origin, sendStart, sendEnd, 0, events.length);
    }

    /** Sends events [from, to); lets a trial run its phases as one loop or piecewise. */
    public static void run(InputHandle input, Object[][] events, long[] intended, long origin,
                           long[] sendStart, long[] sendEnd, int from, int to) {
        long t = System.nanoTime();
        for (int i = from; i < to; i++) {
            long due = origin + intended[i];
            if (due > t) {
                t = Waiter.awaitUntil(due);
            }
            sendStart[i] = t - origin;
            input.send(events[i]);
            t = System.nanoTime();
            sendEnd[i] = t - origin;
        }
    }
}
