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

    /**
     * The micro-batched loop: each batch, prepared in the engine's form, goes out in one call when
     * it is due; all its events share the batch's send start and send end. One clock read per
     * batch while behind schedule, as above.
     *
     * @param order which batches this sender sends, in order (all of them for one sender)
     * @param first batch b holds events [first[b], first[b+1])
     * @param due   when batch b is due, ns relative to origin
     */
    public static void runBatches(InputHandle input, Object[] batches, int[] order, int[] first, long[] due, long origin,
                                  long[] sendStart, long[] sendEnd) {
        long t = System.nanoTime();
        for (int k = 0; k < order.length; k++) {
            int b = order[k];
            long at = origin + due[b];
            if (at > t) {
                t = Waiter.awaitUntil(at);
            }
            input.sendBatch(batches[b]);
            long end = System.nanoTime();
            for (int i = first[b]; i < first[b + 1]; i++) {
                sendStart[i] = t - origin;
                sendEnd[i] = end - origin;
            }
            t = end;
        }
    }
}
