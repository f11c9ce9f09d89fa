package dev.evperf.jmh;

import dev.evperf.monitor.channel.Channel;
import dev.evperf.monitor.channel.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The MooBench method: the response time of a monitored method that busy-waits
 * {@code busyWaitMicros}, uninstrumented and under each instrumentation; the overhead is the
 * difference from {@code none} ({@link MooBenchReport} prints it with bootstrap intervals).
 *
 * <p>The probe around the method logs an entry and an exit record on a channel, id = the call's
 * trace number, value {@link #ENTRY} or {@link #EXIT}; the channel reads the clock itself where it
 * keeps the record. The instrumentations form a ladder, each rung adding one kind of work on the
 * monitored thread:
 * <ul>
 *   <li>{@code none}: no channel call at all (the uninstrumented method);</li>
 *   <li>{@code null}: the probe's calls into a switched-off channel (handler {@code null});</li>
 *   <li>{@code identity}: a pass-through stage before {@code null}, the cost of a filter that keeps
 *   everything, still no clock read;</li>
 *   <li>{@code buffered}: each record timestamped and stored in the thread's block (compression
 *   none, to {@code /dev/null}); the writer thread writes full blocks;</li>
 *   <li>{@code compressed}: the same with zstd, so the monitored thread's work is that of
 *   {@code buffered} and the difference is the writer's compression on the other core.</li>
 * </ul>
 * The handler configurations are {@link ChannelBenchmark}'s, so the per-call figures can be checked
 * against its per-record ones.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 10, time = 1)
public class InstrumentedMethodBenchmark {
    public static final long ENTRY = 0;
    public static final long EXIT = 1;

    /** Instrumentation → {@link ChannelBenchmark#HANDLERS} configuration; {@code none} opens no channel. */
    public static final Map<String, String> INSTRUMENTATION = Map.of(
            "null", "null",
            "identity", "identity-null",
            "buffered", "buffered-none",
            "compressed", "buffered-zstd");

    @State(Scope.Thread)
    public static class Monitored {
        // 0: the probe against a method that only reads the clock; 1: the probe is a large share;
        // 10–100: typical short methods; 500: the method time the sweep ends at. The
        // overhead should be the same in every row: MooBench's premise.
        @Param({"0", "1", "10", "50", "100", "500"})
        public int busyWaitMicros;

        @Param({"none", "null", "identity", "buffered", "compressed"})
        public String instrumentation;

        long busyWaitNanos;
        Path dir;
        Channels channels;
        Channel channel; // null for none
        long trace;

        @Setup(Level.Trial)
        public void open() throws Exception {
            busyWaitNanos = TimeUnit.MICROSECONDS.toNanos(busyWaitMicros);
            if (instrumentation.equals("none")) {
                return;
            }
            String handler = INSTRUMENTATION.get(instrumentation);
            if (handler == null) {
                throw new IllegalArgumentException("unknown instrumentation " + instrumentation);
            }
            dir = Files.createTempDirectory("evperf-moobench");
            channels = Channels.create(ChannelBenchmark.config(handler), dir);
            channel = channels.open("c");
        }

        @TearDown(Level.Trial)
        public void close() throws Exception {
            if (channel == null) {
                return;
            }
            long stalls = channel.stalls();
            channels.close();
            if (stalls > 0) {
                System.out.println("[" + instrumentation + ", " + busyWaitMicros + " µs] the monitored thread waited "
                        + stalls + " times for a free block: the writer did not keep up");
            }
            Fixtures.deleteDir(dir);
        }
    }

    /** One call of the monitored method through its probe; ns per call. */
    @Benchmark
    public long monitoredCall(Monitored s) {
        Channel c = s.channel;
        if (c == null) {
            return monitoredMethod(s.busyWaitNanos);
        }
        long trace = s.trace++;
        c.log(trace, ENTRY);
        long t = monitoredMethod(s.busyWaitNanos);
        c.log(trace, EXIT);
        return t;
    }

    /**
     * MooBench's monitored method: spins on {@code System.nanoTime()} until {@code nanos} have
     * passed (at least one reading after the start). The clock reads cannot be removed by the JIT,
     * and the last one is returned to JMH's blackhole.
     */
    public static long monitoredMethod(long nanos) {
        long end = System.nanoTime() + nanos;
        long now;
        do {
            now = System.nanoTime();
        } while (now - end < 0);
        return now;
    }
}
