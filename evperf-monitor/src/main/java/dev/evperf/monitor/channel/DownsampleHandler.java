package dev.evperf.monitor.channel;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * {@code downsample(n)}: keeps every n-th record, starting with the first.
 *
 * <ul>
 *   <li>{@code by: count} (default): a per-channel countdown, read and written with opaque (relaxed)
 *   accesses. Exact when one thread logs on the channel; with several threads, racing updates make
 *   it approximately every n-th (the countdown stays in [0, n-1], nothing breaks).</li>
 *   <li>{@code by: id}: keeps records with {@code id mod n == 0}: exact whatever the threads, and
 *   the same ids on every channel (ids need not be consecutive per channel).</li>
 * </ul>
 */
final class DownsampleHandler extends Handler {
    private static final VarHandle LEFT;

    static {
        try {
            LEFT = MethodHandles.lookup().findVarHandle(DownsampleHandler.class, "left", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final long n;
    private final boolean byId;
    private final Handler next;

    @SuppressWarnings("unused") // accessed through LEFT
    private long left;

    DownsampleHandler(long n, boolean byId, Handler next) {
        this.n = n;
        this.byId = byId;
        this.next = next;
    }

    private boolean keep(long id) {
        if (byId) {
            return Math.floorMod(id, n) == 0;
        }
        long l = (long) LEFT.getOpaque(this);
        if (l == 0) {
            LEFT.setOpaque(this, n - 1);
            return true;
        }
        LEFT.setOpaque(this, l - 1);
        return false;
    }

    @Override
    void log(long id, long value) {
        if (keep(id)) {
            next.log(id, value);
        }
    }

    @Override
    void log(long timestamp, long id, long value) {
        if (keep(id)) {
            next.log(timestamp, id, value);
        }
    }

    @Override
    void close() {
        next.close();
    }

    @Override
    Handler next() {
        return next;
    }
}
