package dev.evperf.ref.study;

import dev.evperf.ref.slidem.BlockFile;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The disk's own sequential bandwidth, measured as SlideM uses it: whole blocks written one after
 * the other to a new file, then read back in order, through the same {@link BlockFile} (O_DIRECT,
 * so the page cache does not answer), for a fixed amount of data. The file is removed after.
 */
public final class DiskBandwidth {
    private DiskBandwidth() {}

    /** @return write and read MB/s (2^20 B) and requests per second for {@code bytes} of {@code block}-sized blocks */
    public static Map<String, Object> measure(Path dir, int block, long bytes, boolean direct) throws IOException {
        long blocks = Math.max(1, bytes / block);
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("block", block);
        r.put("bytes", blocks * block);
        r.put("direct_io", direct);
        try (BlockFile f = new BlockFile(dir, "ref-bandwidth-", block, direct)) {
            ByteBuffer b = f.newBuffer();
            for (int i = 0; i < block; i += 8) b.putLong(i, i * 0x9E3779B97F4A7C15L);
            long t0 = System.nanoTime();
            for (long i = 0; i < blocks; i++) f.write(b);
            long t1 = System.nanoTime();
            for (long i = 0; i < blocks; i++) f.read(i, b);
            long t2 = System.nanoTime();
            double mb = blocks * (double) block / (1 << 20);
            r.put("write_mb_per_s", mb / ((t1 - t0) / 1e9));
            r.put("read_mb_per_s", mb / ((t2 - t1) / 1e9));
            r.put("write_iops", blocks / ((t1 - t0) / 1e9));
            r.put("read_iops", blocks / ((t2 - t1) / 1e9));
        }
        return r;
    }
}
