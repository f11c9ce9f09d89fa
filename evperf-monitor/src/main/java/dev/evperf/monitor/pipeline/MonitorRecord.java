package dev.evperf.monitor.pipeline;

import java.util.List;

/**
 * One monitoring record: a mutable object with primitive fields only, taken from the
 * {@link RecordPool} by {@link Pipeline#take()} and returned to it after the sink is done with it
 * (or at once when a stage drops it). Nothing keeps a reference to a record after it is released,
 * so a producer fills a pooled record in place and sampling allocates nothing.
 *
 * <p>A record taken from the pool has every field 0. After {@link Pipeline#submit(MonitorRecord)}
 * the producer must not touch it again: it belongs to the pipeline.
 */
public final class MonitorRecord {
    /** The field names a filter may test, in {@link #get(int)} order; also the sinks' columns. */
    public static final List<String> FIELDS = List.of("timestamp", "id", "value", "source", "x0", "x1", "x2", "x3");

    public long timestamp;
    public long id;
    public long value;
    public int source;
    /** Four free slots for whatever the sampler records next to the value. */
    public long x0;

    public long x1;
    public long x2;
    public long x3;

    MonitorRecord() {}

    /** @param field an index into {@link #FIELDS} */
    public long get(int field) {
        switch (field) {
            case 0:
                return timestamp;
            case 1:
                return id;
            case 2:
                return value;
            case 3:
                return source;
            case 4:
                return x0;
            case 5:
                return x1;
            case 6:
                return x2;
            case 7:
                return x3;
            default:
                throw new IndexOutOfBoundsException("field " + field);
        }
    }

    void copyFrom(MonitorRecord o) {
        timestamp = o.timestamp;
        id = o.id;
        value = o.value;
        source = o.source;
        x0 = o.x0;
        x1 = o.x1;
        x2 = o.x2;
        x3 = o.x3;
    }

    void clear() {
        timestamp = 0;
        id = 0;
        value = 0;
        source = 0;
        x0 = 0;
        x1 = 0;
        x2 = 0;
        x3 = 0;
    }

    @Override
    public String toString() {
        return "MonitorRecord{timestamp=" + timestamp + ", id=" + id + ", value=" + value + ", source=" + source
                + ", x0=" + x0 + ", x1=" + x1 + ", x2=" + x2 + ", x3=" + x3 + "}";
    }
}
