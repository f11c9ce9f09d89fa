package dev.evperf.monitor.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code first-last}: keeps the first and the last record of the channel over the whole run (a
 * run's start and end), and passes them on at close: first, then last (once if only one record
 * was logged).
 *
 * <p>Each logging thread writes its own slot (found through a {@link ThreadLocal}, created on the
 * thread's first record), under a sequence lock so the closing thread never reads a torn triple.
 * At close, the first is the slot-first with the smallest timestamp, the last the slot-last with
 * the largest. Every record reads the clock (the last one's time is the point).
 */
final class FirstLastHandler extends Handler {
    private static final VarHandle SEQ;
    private static final VarHandle PRIMARY;

    static {
        try {
            SEQ = MethodHandles.lookup().findVarHandle(Slot.class, "seq", long.class);
            PRIMARY = MethodHandles.lookup().findVarHandle(FirstLastHandler.class, "primary", Slot.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    static final class Slot {
        final Thread owner = Thread.currentThread();
        long seq; // even: stable; odd: being written; seq / 2 = records logged by the thread
        long firstTs, firstId, firstValue;
        long lastTs, lastId, lastValue;
    }

    private final Handler next;
    private final List<Slot> slots = new ArrayList<>(); // guarded by itself
    private final ThreadLocal<Slot> local = ThreadLocal.withInitial(this::newSlot);
    private boolean closed; // guarded by slots
    private Slot primary; // the first logging thread's slot: one compare instead of a ThreadLocal lookup

    FirstLastHandler(Handler next) {
        this.next = next;
    }

    private Slot newSlot() {
        Slot s = new Slot();
        synchronized (slots) {
            slots.add(s);
        }
        PRIMARY.compareAndSet(this, null, s);
        return s;
    }

    @Override
    void log(long id, long value) {
        log(System.nanoTime(), id, value);
    }

    @Override
    void log(long timestamp, long id, long value) {
        Slot s = primary;
        if (s == null || s.owner != Thread.currentThread()) {
            s = local.get();
        }
        long q = s.seq;
        SEQ.setOpaque(s, q + 1);
        VarHandle.storeStoreFence();
        if (q == 0) {
            s.firstTs = timestamp;
            s.firstId = id;
            s.firstValue = value;
        }
        s.lastTs = timestamp;
        s.lastId = id;
        s.lastValue = value;
        SEQ.setRelease(s, q + 2);
    }

    @Override
    void close() {
        List<Slot> copy;
        synchronized (slots) {
            if (closed) {
                return;
            }
            closed = true;
            copy = new ArrayList<>(slots);
        }
        long count = 0;
        long[] first = null;
        long[] last = null;
        for (Slot s : copy) {
            long[] r = read(s);
            if (r == null) {
                continue;
            }
            count += r[6] / 2;
            if (first == null || r[0] < first[0]) {
                first = new long[] {r[0], r[1], r[2]};
            }
            if (last == null || r[3] >= last[0]) {
                last = new long[] {r[3], r[4], r[5]};
            }
        }
        if (first != null) {
            next.log(first[0], first[1], first[2]);
            if (count > 1) {
                next.log(last[0], last[1], last[2]);
            }
        }
        next.close();
    }

    /** A consistent snapshot {firstTs, firstId, firstValue, lastTs, lastId, lastValue, seq}, or null if empty. */
    private static long[] read(Slot s) {
        while (true) {
            long q1 = (long) SEQ.getAcquire(s);
            if (q1 == 0) {
                return null;
            }
            if ((q1 & 1) != 0) {
                Thread.onSpinWait();
                continue;
            }
            long[] r = {s.firstTs, s.firstId, s.firstValue, s.lastTs, s.lastId, s.lastValue, q1};
            VarHandle.loadLoadFence();
            if ((long) SEQ.getOpaque(s) == q1) {
                return r;
            }
        }
    }

    @Override
    Handler next() {
        return next;
    }
}
