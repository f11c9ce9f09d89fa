package dev.evperf.core.records;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.Util;

/**
 * Reads back the integer columns of a file {@link ResultFile} wrote (the events file written during
 * the run, for the figures computed after it), a row group at a time, by decoding its
 * DELTA_BINARY_PACKED pages. The row groups' places come from the writer's own metadata, so the
 * footer is not parsed again.
 */
final class ResultFileReader implements AutoCloseable {
    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final Path path;
    private final RowGroupIndex groups;
    private final FileChannel channel;
    private byte[] page = new byte[1 << 16];
    private long[] wide = new long[0];
    private int at;

    ResultFileReader(Path path, RowGroupIndex groups) throws IOException {
        this.path = path;
        this.groups = groups;
        this.channel = FileChannel.open(path, StandardOpenOption.READ);
    }

    int rowGroups() {
        return groups.groups();
    }

    int rows(int group) {
        return groups.rows(group);
    }

    /** Column {@code col} (INT64) of row group {@code group} into dst[0 … rows). */
    void read(int group, int col, long[] dst) throws IOException {
        load(group, col);
        decode(dst, rows(group));
    }

    /** Column {@code col} (INT32) of row group {@code group} into dst[0 … rows). */
    void read(int group, int col, int[] dst) throws IOException {
        int n = rows(group);
        if (wide.length < n) wide = new long[n];
        load(group, col);
        decode(wide, n);
        for (int i = 0; i < n; i++) dst[i] = (int) wide[i];
    }

    /** Reads the column's data page: its header, then its body into page[0 …), with 16 bytes of slack for whole-word reads. */
    private void load(int group, int col) throws IOException {
        long offset = groups.dataOffset(group, col);
        ByteBuffer head = ByteBuffer.allocate(256);
        channel.read(head, offset);
        InputStream in = new ByteArrayInputStream(head.array(), 0, head.position());
        int before = in.available();
        PageHeader h = Util.readPageHeader(in);
        if (h.getData_page_header().getEncoding() != Encoding.DELTA_BINARY_PACKED)
            throw new IOException(path + ": column " + col + " is not delta-encoded");
        int size = h.getCompressed_page_size();
        if (page.length < size + 16) page = new byte[size + 16];
        ByteBuffer body = ByteBuffer.wrap(page, 0, size);
        long from = offset + (before - in.available());
        while (body.hasRemaining()) {
            int r = channel.read(body, from + body.position());
            if (r < 0) throw new IOException(path + ": truncated");
        }
        at = 0;
    }

    /** DELTA_BINARY_PACKED (as {@link ResultFile} writes it) from page[at …) into v[0 … n). Values wrap as the writer's did. */
    private void decode(long[] v, int n) throws IOException {
        int block = (int) uleb(), miniblocks = (int) uleb();
        long count = uleb();
        if (count != n) throw new IOException(path + ": a page of " + count + " values where " + n + " rows");
        if (n == 0) return;
        int mini = block / miniblocks;
        long prev = zigzag();
        v[0] = prev;
        int i = 1;
        while (i < n) {
            long min = zigzag();
            int widths = at;
            at += miniblocks;
            for (int k = 0; k < miniblocks && i < n; k++) {
                int width = page[widths + k];
                int take = Math.min(mini, n - i);
                long mask = width == 64 ? -1L : (1L << width) - 1;
                for (int j = 0; j < take; j++) {
                    long x = width == 0 ? 0 : bits(at, j * width, width, mask);
                    prev += min + x;
                    v[i++] = prev;
                }
                at += mini * width / 8; // a miniblock is stored whole, padding included
            }
        }
    }

    /** {@code width} bits at bit {@code bit} from byte {@code base}, lowest first. */
    private long bits(int base, int bit, int width, long mask) {
        int b = base + (bit >>> 3), shift = bit & 7;
        long lo = (long) WORD.get(page, b) >>> shift;
        if (shift + width > 64) lo |= (long) WORD.get(page, b + 8) << (64 - shift);
        return lo & mask;
    }

    private long uleb() {
        long v = 0;
        for (int s = 0; ; s += 7) {
            int b = page[at++];
            v |= (long) (b & 0x7F) << s;
            if ((b & 0x80) == 0) return v;
        }
    }

    private long zigzag() {
        long u = uleb();
        return (u >>> 1) ^ -(u & 1);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
