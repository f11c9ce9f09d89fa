package dev.evperf.api.trace;

import java.util.ArrayList;
import java.util.List;

/**
 * The tracepoints of this JVM and their per-thread record buffers. A buffer is preallocated for
 * {@link #capacity} records when a thread first records; past that, records are counted as lost
 * rather than growing the buffer on the hot path. The trial turns tracing on before the engine
 * opens, and collects every buffer after the run.
 */
public final class Tracer {
    static volatile boolean enabled;
    private static volatile int capacity = 1 << 20;
    private static final List<Tracepoint> POINTS = new ArrayList<>();
    private static final List<Buffer> BUFFERS = new ArrayList<>();
    private static final ThreadLocal<Buffer> CURRENT = ThreadLocal.withInitial(Tracer::newBuffer);

    private Tracer() {}

    /** Turns recording on with this many records per thread (buffers are made on first use). */
    public static void enable(int recordsPerThread) {
        capacity = recordsPerThread;
        enabled = true;
    }

    public static void disable() {
        enabled = false;
    }

    public static boolean enabled() {
        return enabled;
    }

    static synchronized Tracepoint register(String name, String location) {
        for (Tracepoint t : POINTS) {
            if (t.name().equals(name)) return t;
        }
        Tracepoint t = new Tracepoint(POINTS.size(), name, location);
        POINTS.add(t);
        return t;
    }

    /** The calling thread's buffer (created on first use, outside any timed loop if the caller is careful). */
    public static Buffer buffer() {
        return CURRENT.get();
    }

    private static Buffer newBuffer() {
        Buffer b = new Buffer(Thread.currentThread().getName(), capacity);
        synchronized (Tracer.class) {
            BUFFERS.add(b);
        }
        return b;
    }

    public static synchronized List<Tracepoint> points() {
        return List.copyOf(POINTS);
    }

    public static synchronized List<Buffer> buffers() {
        return List.copyOf(BUFFERS);
    }

    /** One thread's records, in the order it made them. */
    public static final class Buffer {
        final String thread;
        final long[] time;
        final long[] seq;
        final int[] point;
        int size;
        long lost;

        Buffer(String thread, int capacity) {
            this.thread = thread;
            this.time = new long[capacity];
            this.seq = new long[capacity];
            this.point = new int[capacity];
        }

        public void record(Tracepoint tp, long event) {
            int k = size;
            if (k < time.length) {
                time[k] = System.nanoTime();
                seq[k] = event;
                point[k] = tp.id();
                size = k + 1;
            } else {
                lost++;
            }
        }

        public String thread() {
            return thread;
        }

        public int size() {
            return size;
        }

        public long lost() {
            return lost;
        }

        public long time(int i) {
            return time[i];
        }

        public long seq(int i) {
            return seq[i];
        }

        public int point(int i) {
            return point[i];
        }
    }
}
