package dev.evperf.jmh;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.concurrent.TimeUnit;
import net.jpountz.lz4.LZ4Compressor;
import net.jpountz.lz4.LZ4Factory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
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
 * The writer thread's stage per block, in ns per record: one block of {@value #RECORDS} records
 * (the buffered handler's default) copied from the {@code long[]} into a direct little-endian
 * buffer and compressed, as {@code BlockWriter} does. The block holds what a thread logging flat out
 * writes: timestamps read back to back with {@code System.nanoTime()}, consecutive ids, values =
 * ids. {@code copy} is the conversion alone (compression none). Setup prints the compressed size.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(2)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class ChannelCompressBenchmark {
    public static final int RECORDS = 8192;

    @State(Scope.Thread)
    public static class Block {
        @Param({"copy", "zstd1", "zstd-1", "zstd-3", "lz4"})
        public String codec;

        long[] data = new long[RECORDS * 3];
        ByteBuffer src;
        ByteBuffer dst;
        ZstdCompressCtx zstd;
        LZ4Compressor lz4 = LZ4Factory.fastestInstance().fastCompressor();

        @Setup
        public void fill() {
            for (int i = 0; i < RECORDS; i++) {
                data[3 * i] = System.nanoTime();
                data[3 * i + 1] = i;
                data[3 * i + 2] = i;
            }
            src = ByteBuffer.allocateDirect(data.length * 8).order(ByteOrder.LITTLE_ENDIAN);
            dst = ByteBuffer.allocateDirect((int) Zstd.compressBound(data.length * 8) + 1024)
                    .order(ByteOrder.LITTLE_ENDIAN);
            if (codec.startsWith("zstd")) {
                zstd = new ZstdCompressCtx();
                zstd.setLevel(Integer.parseInt(codec.substring(4)));
            }
            System.out.printf("[%s] %d raw bytes -> %d%n", codec, data.length * 8, compress());
        }

        int compress() {
            src.clear();
            src.asLongBuffer().put(data);
            switch (codec) {
                case "copy":
                    return data.length * 8;
                case "lz4":
                    return lz4.compress(src, 0, data.length * 8, dst, 0, dst.capacity());
                default:
                    return zstd.compressDirectByteBuffer(dst, 0, dst.capacity(), src, 0, data.length * 8);
            }
        }

        @TearDown
        public void close() {
            if (zstd != null) {
                zstd.close();
            }
        }
    }

    @Benchmark
    @OperationsPerInvocation(RECORDS)
    public int compressBlock(Block b) {
        return b.compress();
    }
}
