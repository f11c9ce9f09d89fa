package dev.evperf.ref.slidem;

import dev.evperf.ref.store.TupleStore;

/**
 * A sliding window kept by {@link SlideM}: each event as a fixed-size record of what the window
 * reads back, [group int][time long][argument doubles] ({@link TupleRecord}), written in place into
 * the recent block. {@code SUM(price * volume) / SUM(volume) [RANGE …] GROUP BY symbol} makes
 * 28-byte tuples.
 */
public final class SlideMStore implements TupleStore {
    private final SlideM slidem;
    private final TupleRecord record;

    public SlideMStore(SlideM slidem, boolean grouped, boolean timed, int args) {
        this.slidem = slidem;
        this.record = new TupleRecord(grouped, timed, args);
    }

    /** Bytes of one record. */
    public static int tupleBytes(boolean grouped, boolean timed, int args) {
        return TupleRecord.bytes(grouped, timed, args);
    }

    public SlideM slidem() {
        return slidem;
    }

    @Override
    public void add(Object[] event, int group, long time, double[] values) {
        int at = slidem.reserve();
        record.write(slidem.recentBuffer(), at, group, time, values);
    }

    @Override
    public long size() {
        return slidem.size();
    }

    @Override
    public int oldestGroup() {
        return record.group(slidem.oldestBuffer(), slidem.oldestOffset());
    }

    @Override
    public long oldestTime() {
        return record.time(slidem.oldestBuffer(), slidem.oldestOffset());
    }

    @Override
    public void oldestArgs(double[] values) {
        record.args(slidem.oldestBuffer(), slidem.oldestOffset(), values);
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
