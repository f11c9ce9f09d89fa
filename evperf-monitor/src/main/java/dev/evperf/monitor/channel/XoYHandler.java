package dev.evperf.monitor.channel;

/**
 * {@code xoy(x, y)}: keeps a record when {@code (id & (y - 1)) < x}, y a power of two: of every y
 * consecutive ids the first x. The rule depends on the id only, so every channel with the same
 * XoY keeps the same ids (per-id durations across channels stay computable) and no state is shared
 * between threads. A dropped record costs a mask and a compare, and no clock read.
 */
final class XoYHandler extends Handler {
    private final long mask;
    private final long x;
    private final Handler next;

    XoYHandler(int x, int y, Handler next) {
        this.x = x;
        this.mask = y - 1L;
        this.next = next;
    }

    @Override
    void log(long id, long value) {
        if ((id & mask) < x) {
            next.log(id, value);
        }
    }

    @Override
    void log(long timestamp, long id, long value) {
        if ((id & mask) < x) {
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
