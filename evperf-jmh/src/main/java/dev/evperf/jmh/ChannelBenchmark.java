package dev.evperf.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.monitor.channel.Channel;
import dev.evperf.monitor.channel.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Stack;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Cost per record of each channel handler, as the logging thread sees it (ns per record, one
 * thread), with the TraceUtil-style baseline of seed 000 in the same run.
 *
 * <ul>
 *   <li>{@link #record}: one {@code channel.log(id, value)} per operation, steady state, the channel
 *   reading {@code System.nanoTime()} itself wherever a handler keeps the record (so every figure
 *   includes the timestamp read where there is one). Buffered channels write to {@code /dev/null}:
 *   the compression and the write syscall run on the writer thread (the other core) as in a trial,
 *   and the disk does not fill. If the writer cannot keep up with a thread logging flat out, the
 *   logging thread waits for free blocks and the score is the writer's rate: the teardown prints
 *   the stalls.</li>
 *   <li>{@link #recordBurst}: buffered channels only, bursts of {@value #BURST} records per
 *   invocation, with the writer drained between invocations (not timed): the logging thread's own
 *   cost when the writer keeps up, which it does for any burst that fits the block pool.</li>
 *   <li>{@link #traceUtilBaseline}: per record, {@code Thread.currentThread().getStackTrace()[2]},
 *   a boxed triplet (id, StackTraceElement, Long nanoTime) pushed on a shared, synchronized
 *   {@code java.util.Stack}, cleared every {@value #TRACEUTIL_CLEAR} records so it stays bounded.</li>
 * </ul>
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 5, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChannelBenchmark {
    public static final int BURST = 100_000;
    public static final int TRACEUTIL_CLEAR = 100_000;
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The handler configurations measured, by name. */
    public static final Map<String, String> HANDLERS = Map.ofEntries(
            Map.entry("null", "'null'"),
            Map.entry("identity-null", "{'handler': 'identity', 'then': 'null'}"),
            Map.entry("downsample64-null", "{'handler': 'downsample', 'n': 64, 'then': 'null'}"),
            // ids (i << 6) | 1: never kept, the not-sampled path alone (no clock read)
            Map.entry(
                    "xoy-dropped",
                    "{'handler': 'xoy', 'x': 1, 'y': 64, 'then': {'handler': 'buffered', 'compression': 'zstd', 'file': '/dev/null'}}"),
            // consecutive ids: 1 of 64 kept, timestamped and buffered
            Map.entry(
                    "xoy1of64-zstd",
                    "{'handler': 'xoy', 'x': 1, 'y': 64, 'then': {'handler': 'buffered', 'compression': 'zstd', 'file': '/dev/null'}}"),
            Map.entry(
                    "counter-single",
                    "{'handler': 'periodic-counter', 'period': '100ms', 'threads': 'single', 'then': 'null'}"),
            Map.entry(
                    "counter-multi",
                    "{'handler': 'periodic-counter', 'period': '100ms', 'threads': 'multi', 'then': 'null'}"),
            Map.entry("first-last", "{'handler': 'first-last', 'then': 'null'}"),
            Map.entry("buffered-none", "{'handler': 'buffered', 'compression': 'none', 'file': '/dev/null'}"),
            Map.entry("buffered-lz4", "{'handler': 'buffered', 'compression': 'lz4', 'file': '/dev/null'}"),
            Map.entry("buffered-zstd", "{'handler': 'buffered', 'compression': 'zstd', 'file': '/dev/null'}"));

    static JsonNode config(String handler) {
        try {
            return MAPPER.readTree(("{'c': " + HANDLERS.get(handler) + "}").replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(handler, e);
        }
    }

    @State(Scope.Thread)
    public static class Steady {
        @Param({
            "null",
            "identity-null",
            "downsample64-null",
            "xoy-dropped",
            "xoy1of64-zstd",
            "counter-single",
            "counter-multi",
            "first-last",
            "buffered-none",
            "buffered-lz4",
            "buffered-zstd"
        })
        public String handler;

        Path dir;
        Channels channels;
        Channel channel;
        long next;
        long step;
        long or;

        @Setup(Level.Trial)
        public void open() throws Exception {
            dir = Files.createTempDirectory("evperf-channel-bench");
            channels = Channels.create(config(handler), dir);
            channel = channels.open("c");
            if (handler.equals("xoy-dropped")) {
                step = 64; // ids 1, 65, 129, ...: (id & 63) = 1 ≥ x
                or = 1;
            } else {
                step = 1;
            }
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            long stalls = channel.stalls();
            channels.close();
            if (stalls > 0) {
                System.out.println("[" + handler + "] the logging thread waited " + stalls
                        + " times for a free block: the score is the writer's rate");
            }
            Fixtures.deleteDir(dir);
        }
    }

    @Benchmark
    public void record(Steady s) {
        long id = s.next;
        s.next = id + s.step;
        s.channel.log(id | s.or, id);
    }

    @State(Scope.Thread)
    public static class Drained {
        @Param({"buffered-none", "buffered-lz4", "buffered-zstd"})
        public String handler;

        Path dir;
        Channels channels;
        Channel channel;
        long logged;
        int blockRecords;

        @Setup(Level.Trial)
        public void open() throws Exception {
            dir = Files.createTempDirectory("evperf-channel-bench");
            channels = Channels.create(config(handler), dir);
            channel = channels.open("c");
            blockRecords = channel.config().path("block_records").asInt();
            if (BURST > channel.config().path("max_blocks").asInt() * blockRecords / 2) {
                throw new IllegalStateException("burst larger than half the block pool");
            }
        }

        /** Not timed: waits until the writer has written every full block logged so far. */
        @Setup(Level.Invocation)
        public void drain() throws InterruptedException {
            long full = logged / blockRecords * blockRecords;
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (channel.recordsWritten() < full) {
                if (System.nanoTime() > deadline) {
                    throw new IllegalStateException("writer stuck at " + channel.recordsWritten() + " of " + full);
                }
                Thread.sleep(0, 100_000);
            }
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            long stalls = channel.stalls();
            channels.close();
            if (stalls > 0) {
                throw new IllegalStateException(handler + ": " + stalls + " stalls in bursts that should fit the pool");
            }
            Files.delete(dir);
        }
    }

    /** Bursts of {@value #BURST} records; ns per record. */
    @Benchmark
    @OperationsPerInvocation(BURST)
    public void recordBurst(Drained s) {
        Channel c = s.channel;
        long base = s.logged;
        for (int i = 0; i < BURST; i++) {
            c.log(base + i, i);
        }
        s.logged = base + BURST;
    }

    /** The thesis's TraceUtil (seed 000): what evperf's recording must not be. */
    public static final class TraceUtil {
        /** The boxed triplet the thesis pushes. */
        public static final class Triplet {
            final long id;
            final StackTraceElement where;
            final Long time;

            Triplet(long id, StackTraceElement where, Long time) {
                this.id = id;
                this.where = where;
                this.time = time;
            }
        }

        public static final Stack<Triplet> STACK = new Stack<>();

        public static void trace(long id) {
            StackTraceElement where = Thread.currentThread().getStackTrace()[2]; // the caller
            STACK.push(new Triplet(id, where, System.nanoTime()));
        }
    }

    @State(Scope.Thread)
    public static class TraceState {
        long next;

        @Setup(Level.Iteration)
        public void clear() {
            TraceUtil.STACK.clear();
        }
    }

    @Benchmark
    public Object traceUtilBaseline(TraceState s) {
        long id = s.next++;
        TraceUtil.trace(id);
        if (id % TRACEUTIL_CLEAR == TRACEUTIL_CLEAR - 1) {
            TraceUtil.STACK.clear(); // the thesis never cleared it; bounded here so the heap does not grow
        }
        return TraceUtil.STACK;
    }
}
