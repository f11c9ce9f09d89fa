package dev.evperf.core.driver;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits until an absolute nanoTime. Long waits park (to give the core away between bursts, as the
 * thesis's sleep did), the last stretch spins, because a park wakes up tens of µs late. A gap of
 * more than a millisecond between two reads of the spin, or a park that overslept by that much, is
 * recorded as a stall ({@link Stalls}): the thread was descheduled. The check is one comparison per
 * clock read the wait makes anyway, and only while waiting, never inside a send.
 */
public final class Waiter {
    /** Below this much time left, spinning is both more precise and cheaper than parking. */
    static final long SPIN_NS = 100_000;

    private Waiter() {}

    /** @return the nanoTime read when the wait ended (≥ due) */
    public static long awaitUntil(long due) {
        long now = System.nanoTime();
        while (now < due) {
            long left = due - now;
            long next;
            if (left > SPIN_NS) {
                long park = left - SPIN_NS;
                LockSupport.parkNanos(park);
                next = System.nanoTime();
                if (next - now - park > Stalls.THRESHOLD_NS) Stalls.record(now + park, next);
            } else {
                Thread.onSpinWait();
                next = System.nanoTime();
                if (next - now > Stalls.THRESHOLD_NS) Stalls.record(now, next);
            }
            now = next;
        }
        return now;
    }
}
