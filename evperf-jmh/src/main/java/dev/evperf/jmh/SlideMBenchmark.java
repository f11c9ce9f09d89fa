package dev.evperf.jmh;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import dev.evperf.ref.RefEngineFactory;
import dev.evperf.ref.slidem.BlockFile;
import dev.evperf.ref.study.ProcIo;
import dev.evperf.ref.study.SlideMCells;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
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
 * P8 (issue 17): SlideM with a window ≥ 10× the heap. The fork has a 128 MB heap; ref runs the seed's
 * VWAP, {@code SUM(price * volume) / SUM(volume) [RANGE 1 HOUR] GROUP BY symbol}, with its window in
 * SlideM (28-byte tuples, 64 KB blocks, the seed's 2-block pool, O_DIRECT under java.io.tmpdir),
 * event time advancing an hour per {@code ratio × heap / 28 B} tuples, so the window holds that many.
 * The window is filled before measuring.
 * <ul>
 * <li>{@link #vwap}: one tuple made and sent per op (throughput: tuples/s);</li>
 * <li>{@link #vwapLatency}: the same op sampled (p50, p99, p99.9 of its time);</li>
 * <li>{@link #tupleOnly}: making the tuple alone;</li>
 * <li>{@link #diskWrite}, {@link #diskRead}: the disk's sequential bandwidth in the same run, 64 KB
 *     blocks through the same O_DIRECT block file, cycling over 1 GB (MB/s = ops/s × 64 KB / 2^20).</li>
 * </ul>
 * Each iteration prints the kernel's block I/O for this process ({@code /proc/self/io}) per tuple
 * against SlideM's model, 2 / ⌊65536 / 28⌋.
 */
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(
        value = 1,
        jvmArgsAppend = {"-Xms128m", "-Xmx128m"})
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class SlideMBenchmark {
    static final int BLOCK = 64 * 1024;
    static final int TUPLE = 28;

    @State(Scope.Benchmark)
    public static class Vwap {
        @Param("10.5")
        public double ratio;

        @Param("2")
        public int pool;

        Path dir;
        Engine engine;
        InputHandle input;
        long window;
        long seq;
        long outputs;
        double sink;
        ProcIo io;
        long iterationStart;

        @Setup(Level.Trial)
        public void open() throws IOException, EngineException {
            window = (long) Math.ceil(ratio * Runtime.getRuntime().maxMemory() / TUPLE);
            dir = Files.createTempDirectory("evperf-slidem-bench");
            engine = new RefEngineFactory()
                    .open(new EngineSpec(
                            List.of(SlideMCells.TICKS),
                            SlideMCells.VWAP,
                            List.of("Vwap"),
                            Map.of("store", "slidem", "pool_blocks", pool, "directory", dir.toString())));
            engine.subscribe("Vwap", row -> {
                outputs++;
                sink += (Double) row[1];
            });
            input = engine.input("Ticks");
            long t0 = System.nanoTime();
            for (; seq < window; seq++) input.send(SlideMCells.tick(seq, window));
            System.out.printf(
                    Locale.ROOT,
                    "%nP8 window %d tuples = %.2f GB of 28 B tuples, %.1f× the heap (%d B); filled in %.1f s%n",
                    window,
                    window * (double) TUPLE / 1e9,
                    window * (double) TUPLE / Runtime.getRuntime().maxMemory(),
                    Runtime.getRuntime().maxMemory(),
                    (System.nanoTime() - t0) / 1e9);
        }

        @Setup(Level.Iteration)
        public void mark() {
            io = ProcIo.now();
            iterationStart = seq;
        }

        @TearDown(Level.Iteration)
        public void ioPerTuple() {
            ProcIo d = ProcIo.now().minus(io);
            long tuples = seq - iterationStart;
            double blocks = (d.readBytes() + d.writeBytes()) / (double) BLOCK;
            System.out.printf(
                    Locale.ROOT,
                    "  [P8 I/O: %d tuples, %.0f blocks read + written (kernel), %.6f per tuple; model 2/⌊65536/28⌋ = %.6f]%n",
                    tuples,
                    blocks,
                    blocks / tuples,
                    2.0 / (BLOCK / TUPLE));
            if (outputs != seq)
                throw new IllegalStateException("ref emitted " + outputs + " rows for " + seq + " tuples");
        }

        @TearDown(Level.Trial)
        public void close() throws IOException {
            engine.close();
            try (var files = Files.walk(dir)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    public void vwap(Vwap v) {
        v.input.send(SlideMCells.tick(v.seq++, v.window));
    }

    @Benchmark
    @BenchmarkMode(Mode.SampleTime)
    @OutputTimeUnit(TimeUnit.MICROSECONDS)
    public void vwapLatency(Vwap v) {
        v.input.send(SlideMCells.tick(v.seq++, v.window));
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    public Object[] tupleOnly(Vwap v) {
        v.outputs++; // no engine: count the tuple as its output
        return SlideMCells.tick(v.seq++, v.window);
    }

    @State(Scope.Benchmark)
    public static class Disk {
        static final long SLOTS = 16_384; // 1 GB of 64 KB blocks

        Path dir;
        BlockFile file;
        ByteBuffer block;
        long next;

        @Setup(Level.Trial)
        public void open() throws IOException {
            dir = Files.createTempDirectory("evperf-disk-bench");
            file = new BlockFile(dir, "bandwidth-", BLOCK, true);
            block = file.newBuffer();
            for (int i = 0; i < BLOCK; i += 8) block.putLong(i, i * 0x9E3779B97F4A7C15L);
            for (long s = 0; s < SLOTS; s++) file.write(block); // the file exists before reads or overwrites are timed
        }

        @TearDown(Level.Trial)
        public void close() throws IOException {
            file.close();
            Files.deleteIfExists(dir);
        }
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    public void diskWrite(Disk d) {
        d.file.writeAt(d.next++ % Disk.SLOTS, d.block);
    }

    @Benchmark
    @BenchmarkMode(Mode.Throughput)
    public void diskRead(Disk d) {
        d.file.read(d.next++ % Disk.SLOTS, d.block);
    }
}
