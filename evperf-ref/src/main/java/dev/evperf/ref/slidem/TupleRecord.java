package dev.evperf.ref.slidem;

import java.nio.ByteBuffer;

/**
 * A window tuple as SlideM keeps it, a fixed record {@code [group int][time long][argument doubles]}
 * with the parts a window does not read left out, written and read in place in a block's buffer.
 */
final class TupleRecord {
    private final boolean grouped;
    private final boolean timed;
    private final int args;
    private final int timeAt;
    private final int argsAt;

    TupleRecord(boolean grouped, boolean timed, int args) {
        this.grouped = grouped;
        this.timed = timed;
        this.args = args;
        this.timeAt = grouped ? 4 : 0;
        this.argsAt = timeAt + (timed ? 8 : 0);
    }

    /** Bytes of one record. */
    static int bytes(boolean grouped, boolean timed, int args) {
        return (grouped ? 4 : 0) + (timed ? 8 : 0) + 8 * args;
    }

    void write(ByteBuffer b, int at, int group, long time, double[] values) {
        if (grouped) b.putInt(at, group);
        if (timed) b.putLong(at + timeAt, time);
        for (int a = 0; a < args; a++) b.putDouble(at + argsAt + 8 * a, values[a]);
    }

    int group(ByteBuffer b, int at) {
        return grouped ? b.getInt(at) : 0;
    }

    long time(ByteBuffer b, int at) {
        return b.getLong(at + timeAt);
    }

    void args(ByteBuffer b, int at, double[] values) {
        for (int a = 0; a < args; a++) values[a] = b.getDouble(at + argsAt + 8 * a);
    }
}
