package dev.evperf.ref.slidem;

import dev.evperf.ref.store.SharedStore;

/**
 * Several sliding windows of the query language over one stream in one {@link SharedSlideM}: each
 * event is one record ({@link TupleRecord}) in the common recent block, read back by every window
 * as it expires from it.
 */
public final class SharedSlideMStore implements SharedStore {
    private final SharedSlideM ssm;
    private final TupleRecord record;

    public SharedSlideMStore(SharedSlideM ssm, boolean grouped, boolean timed, int args) {
        this.ssm = ssm;
        this.record = new TupleRecord(grouped, timed, args);
    }

    public SharedSlideM repository() {
        return ssm;
    }

    @Override
    public void add(int group, long time, double[] args) {
        int at = ssm.reserve();
        record.write(ssm.recentBuffer(), at, group, time, args);
    }

    @Override
    public long size(int w) {
        return ssm.size(w);
    }

    @Override
    public int oldestGroup(int w) {
        return record.group(ssm.oldestBuffer(w), ssm.oldestOffset(w));
    }

    @Override
    public long oldestTime(int w) {
        return record.time(ssm.oldestBuffer(w), ssm.oldestOffset(w));
    }

    @Override
    public void oldestArgs(int w, double[] args) {
        record.args(ssm.oldestBuffer(w), ssm.oldestOffset(w), args);
    }

    @Override
    public void removeOldest(int w) {
        ssm.removeOldest(w);
    }

    @Override
    public void close() {
        ssm.close();
    }
}
