package dev.evperf.ref.slidem;

import dev.evperf.ref.store.TupleStore;
import java.nio.ByteBuffer;

/**
 * A sliding window kept by {@link SlideM}: each event as a fixed-size record of what the window
 * reads back, [group int][time long][argument doubles], written in place into the recent block.
 * {@code SUM(price * volume) / SUM(volume) [RANGE …] GROUP BY symbol} makes 28-byte tuples.
 */
public final class SlideMStore implements TupleStore {
    private final SlideM slidem;
    private final boolean grouped;
    private final boolean timed;
    private final int args;
    private final int timeAt;
    private final int argsAt;

    public SlideMStore(SlideM slidem, boolean grouped, boolean timed, int args) {
        this.slidem = slidem;
        this.grouped = grouped;
        this.timed = timed;
        this.args = args;
        this.timeAt = grouped ? 4 : 0;
        this.argsAt = timeAt + (timed ? 8 : 0);
    }

    /** Bytes of one record. */
    public static int tupleBytes(boolean grouped, boolean timed, int args) {
        return (grouped ? 4 : 0) + (timed ? 8 : 0) + 8 * args;
    }

    public SlideM slidem() {
        return slidem;
    }

    @Override
    public void add(Object[] event, int group, long time, double[] values) {
        int at = slidem.reserve();
        ByteBuffer b = slidem.recentBuffer();
        if (grouped) b.putInt(at, group);
        if (timed) b.putLong(at + timeAt, time);
        for (int a = 0; a < args; a++) b.putDouble(at + argsAt + 8 * a, values[a]);
    }

    @Override
    public long size() {
        return slidem.size();
    }

    @Override
    public int oldestGroup() {
        return grouped ? slidem.oldestBuffer().getInt(slidem.oldestOffset()) : 0;
    }

    @Override
    public long oldestTime() {
        return slidem.oldestBuffer().getLong(slidem.oldestOffset() + timeAt);
    }

    @Override
    public void oldestArgs(double[] values) {
        ByteBuffer b = slidem.oldestBuffer();
        int at = slidem.oldestOffset() + argsAt;
        for (int a = 0; a < args; a++) values[a] = b.getDouble(at + 8 * a);
    }

    @Override
    public void removeOldest() {
        slidem.removeOldest();
    }

    @Override
    public void close() {
        slidem.close();
    }
}
