package dev.evperf.jmh;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.monitor.channel.Channel;
import dev.evperf.monitor.channel.ChannelFile;
import dev.evperf.monitor.channel.Channels;
import java.nio.file.Files;
import java.nio.file.Path;
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
 * Sustained throughput of one buffered channel, end to end, with its one writer (compressor)
 * thread: an invocation logs {@value #RECORDS} records from one thread as fast as it can, then
 * {@code Channels.close()} drains the queue and closes the file; the time is from the first log to
 * the file closed. Score: records per second. The registry is opened before the invocation and
 * the file deleted after it (not timed); the file is a real file in a temporary directory.
 * {@code level} is zstd's level (ignored by lz4 and none).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChannelThroughputBenchmark {
    public static final int RECORDS = 4_000_000;

    @State(Scope.Thread)
    public static class Run {
        @Param({"zstd", "lz4", "none"})
        public String compression;

        @Param({"1"})
        public int level;

        Path dir;
        Channels channels;
        Channel channel;
        long invocations;
        long stalls;

        @Setup(Level.Trial)
        public void dir() throws Exception {
            dir = Files.createTempDirectory("evperf-channel-throughput");
        }

        @Setup(Level.Invocation)
        public void open() throws Exception {
            String level = compression.equals("zstd") ? ", \"level\": " + this.level : "";
            channels = Channels.create(
                    new ObjectMapper()
                            .readTree("{\"t\": {\"handler\": \"buffered\", \"compression\": \"" + compression + "\""
                                    + level + "}}"),
                    dir);
            channel = channels.open("t");
        }

        /** Not timed: checks the file holds every record (the first invocation), then deletes it. */
        @TearDown(Level.Invocation)
        public void check() throws Exception {
            stalls += channel.stalls();
            if (invocations++ == 0) {
                ChannelFile.Summary s = ChannelFile.scan(channel.file(), (t, id, v) -> {});
                if (s.records() != RECORDS || !s.complete()) {
                    throw new IllegalStateException("file holds " + s.records() + " of " + RECORDS);
                }
            }
            Files.delete(channel.file());
        }

        @TearDown(Level.Trial)
        public void report() throws Exception {
            System.out.printf(
                    "[%s] the logging thread waited for a free block %.1f times per invocation%n",
                    compression, stalls / (double) invocations);
            Files.delete(dir);
        }
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public void logThenDrain(Run r) {
        Channel c = r.channel;
        for (int i = 0; i < RECORDS; i++) {
            c.log(i, i);
        }
        r.channels.close();
    }
}
