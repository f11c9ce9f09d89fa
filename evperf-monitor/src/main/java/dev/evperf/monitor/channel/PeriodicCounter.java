package dev.evperf.monitor.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.ScheduledFuture;

/**
 * {@code periodic-counter}: counts the records (and sums their values) and, once per period, passes
 * one record on: (timestamp = the tick's {@code System.nanoTime()}, id = records in the period,
 * value = sum of their values). A record costs no clock read. The ticks come from the registry's
 * one timer thread; all counters of a registry tick in lock step (at multiples of their period from
 * the registry's start). Close emits the last, partial period.
 *
 * <p>Counts are cumulative and never reset by the timer: a tick emits the difference to the previous
 * tick, so no increment is ever lost. Count and sum are read one after the other, so a record
 * landing between the two reads may be counted in one period and summed in the next; the totals
 * over the run are exact.
 */
abstract class PeriodicCounter extends Handler {
    final Handler next;
    long periodNanos; // set before scheduling
    private long emittedCount; // guarded by this
    private long emittedSum; // guarded by this
    private boolean closed; // guarded by this
    private volatile ScheduledFuture<?> schedule;

    PeriodicCounter(Handler next) {
        this.next = next;
    }

    /** Cumulative record count and value sum; called by the timer and by close. */
    abstract long count();

    abstract long sum();

    void scheduled(ScheduledFuture<?> f) {
        this.schedule = f;
    }

    synchronized void tick() {
        if (!closed) {
            emit(System.nanoTime());
        }
    }

    private void emit(long now) {
        long c = count();
        long s = sum();
        next.log(now, c - emittedCount, s - emittedSum);
        emittedCount = c;
        emittedSum = s;
    }

    @Override
    final void log(long timestamp, long id, long value) {
        log(id, value);
    }

    @Override
    void close() {
        ScheduledFuture<?> f = schedule;
        if (f != null) {
            f.cancel(false);
        }
        synchronized (this) {
            if (closed) {
                return;
            }
            closed = true;
            emit(System.nanoTime());
        }
        next.close();
    }

    @Override
    Handler next() {
        return next;
    }

    /**
     * {@code threads: single}: one logging thread; plain longs written with opaque (relaxed)
     * accesses, which the timer thread reads. With several threads, increments are lost.
     */
    static final class Single extends PeriodicCounter {
        private static final VarHandle COUNT;
        private static final VarHandle SUM;

        static {
            try {
                COUNT = MethodHandles.lookup().findVarHandle(Single.class, "count", long.class);
                SUM = MethodHandles.lookup().findVarHandle(Single.class, "sum", long.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @SuppressWarnings("unused")
        private long count;

        @SuppressWarnings("unused")
        private long sum;

        Single(Handler next) {
            super(next);
        }

        @Override
        void log(long id, long value) {
            COUNT.setOpaque(this, (long) COUNT.getOpaque(this) + 1);
            SUM.setOpaque(this, (long) SUM.getOpaque(this) + value);
        }

        @Override
        long count() {
            return (long) COUNT.getOpaque(this);
        }

        @Override
        long sum() {
            return (long) SUM.getOpaque(this);
        }
    }

    /**
     * {@code threads: multi}: striped counters, one padded stripe per logging thread (a
     * {@link ThreadLocal}, created on the thread's first record), each written by its thread only with
     * opaque accesses: no atomic instruction, no contention, exact. The timer sums the stripes.
     */
    static final class Multi extends PeriodicCounter {
        private static final VarHandle COUNT;
        private static final VarHandle SUM;
        private static final VarHandle PRIMARY;

        static {
            try {
                COUNT = MethodHandles.lookup().findVarHandle(Stripe.class, "count", long.class);
                SUM = MethodHandles.lookup().findVarHandle(Stripe.class, "sum", long.class);
                PRIMARY = MethodHandles.lookup().findVarHandle(Multi.class, "primary", Stripe.class);
            } catch (ReflectiveOperationException e) {
                throw new ExceptionInInitializerError(e);
            }
        }

        @SuppressWarnings("unused")
        static final class Stripe {
            final Thread owner = Thread.currentThread();
            long p01, p02, p03, p04, p05, p06, p07; // padding: stripes of different threads never share a line
            long count;
            long sum;
            long p11, p12, p13, p14, p15, p16, p17;
        }

        private volatile Stripe[] stripes = new Stripe[0];
        private final ThreadLocal<Stripe> local = ThreadLocal.withInitial(this::newStripe);
        private Stripe primary; // the first logging thread's stripe: one compare instead of a ThreadLocal lookup

        Multi(Handler next) {
            super(next);
        }

        private Stripe newStripe() {
            Stripe s = new Stripe();
            synchronized (local) { // not the counter's monitor, which a tick holds while it logs
                Stripe[] a = Arrays.copyOf(stripes, stripes.length + 1);
                a[a.length - 1] = s;
                stripes = a;
            }
            PRIMARY.compareAndSet(this, null, s);
            return s;
        }

        @Override
        void log(long id, long value) {
            Stripe s = primary;
            if (s == null || s.owner != Thread.currentThread()) {
                s = local.get();
            }
            COUNT.setOpaque(s, (long) COUNT.getOpaque(s) + 1);
            SUM.setOpaque(s, (long) SUM.getOpaque(s) + value);
        }

        @Override
        long count() {
            long c = 0;
            for (Stripe s : stripes) {
                c += (long) COUNT.getOpaque(s);
            }
            return c;
        }

        @Override
        long sum() {
            long c = 0;
            for (Stripe s : stripes) {
                c += (long) SUM.getOpaque(s);
            }
            return c;
        }
    }
}
