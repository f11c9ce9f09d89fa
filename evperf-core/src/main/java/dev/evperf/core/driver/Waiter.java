package dev.evperf.core.driver;

import java.util.concurrent.locks.LockSupport;

/**
 * Waits until an absolute nanoTime. Long waits park (to give the core away between bursts, as the
 * thesis's sleep did), the last stretch spins, because a park wakes up tens of µs late.
 */
public final class Waiter {
    /** Below this much time left, spinning is both more precise and cheaper than parking. */
    static final long SPIN_NS = 100_000;

    private Waiter() {
    }

    /** @return the nanoTime read when the wait ended (≥ due) */
    public static long awaitUntil(long due) {
        long now;
        while ((now = System.nanoTime()) < due) {
            long left = due - now;
            if (left > SPIN_NS) {
                LockSupport.parkNanos(left - SPIN_NS);
            } else {
                Thread.onSpinWait();
            }
        }
        return now;
    }
}
