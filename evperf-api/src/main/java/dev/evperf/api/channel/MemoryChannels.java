package dev.evperf.api.channel;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A channel registry that keeps every record in memory, for testing engine extensions that log
 * (install it with {@code LogChannels.install(registry)}). Not for measuring: it grows arrays and
 * takes a lock per record.
 */
public final class MemoryChannels implements Function<String, LogChannel> {
    private final Map<String, Memory> channels = new LinkedHashMap<>();

    /** Opens (or returns) the channel of that name. */
    @Override
    public synchronized Memory apply(String name) {
        return channels.computeIfAbsent(name, Memory::new);
    }

    /** The names opened so far, in opening order. */
    public synchronized List<String> names() {
        return List.copyOf(channels.keySet());
    }

    /** The channel of that name, or null if nothing opened it. */
    public synchronized Memory get(String name) {
        return channels.get(name);
    }

    /** One channel's records, (timestamp, id, value) in logging order. */
    public static final class Memory implements LogChannel {
        private final String name;
        private long[] records = new long[3 * 64];
        private int size;

        Memory(String name) {
            this.name = name;
        }

        @Override
        public void log(long id, long value) {
            log(System.nanoTime(), id, value);
        }

        @Override
        public synchronized void log(long timestamp, long id, long value) {
            if (3 * size + 3 > records.length) records = Arrays.copyOf(records, records.length * 2);
            records[3 * size] = timestamp;
            records[3 * size + 1] = id;
            records[3 * size + 2] = value;
            size++;
        }

        @Override
        public String name() {
            return name;
        }

        public synchronized int size() {
            return size;
        }

        public synchronized long timestamp(int i) {
            return records[3 * check(i)];
        }

        public synchronized long id(int i) {
            return records[3 * check(i) + 1];
        }

        public synchronized long value(int i) {
            return records[3 * check(i) + 2];
        }

        /** The ids logged, in order. */
        public synchronized long[] ids() {
            long[] ids = new long[size];
            for (int i = 0; i < size; i++) ids[i] = records[3 * i + 1];
            return ids;
        }

        private int check(int i) {
            if (i < 0 || i >= size) throw new IndexOutOfBoundsException("record " + i + " of " + size);
            return i;
        }
    }
}
