package dev.evperf.monitor.channel;

/** {@code identity}: passes every record to the next handler unchanged. */
final class IdentityHandler extends Handler {
    private final Handler next;

    IdentityHandler(Handler next) {
        this.next = next;
    }

    @Override
    void log(long id, long value) {
        next.log(id, value);
    }

    @Override
    void log(long timestamp, long id, long value) {
        next.log(timestamp, id, value);
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
