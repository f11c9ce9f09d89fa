package dev.evperf.core.records;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.Type;
import org.apache.parquet.format.Util;

/**
 * A spill file: records written during the run as they are, one row group per chunk, every
 * column one PLAIN page, uncompressed, so that writing costs a copy and nothing else. It is a
 * valid Parquet file (DuckDB turns it into the compressed result files after the run) and evperf
 * reads it back by row group for the figures it computes itself. The file metadata goes in
 * through the Parquet project's own format classes.
 *
 * <p>The heap it keeps is one offset per column per row group (64 Ki rows): 0.1 B per event.
 */
public final class SpillFile implements AutoCloseable {
    /** A column: its name and whether it holds 64-bit (else 32-bit) integers. */
    public record Column(String name, boolean wide) {}

    private final Path path;
    private final List<Column> columns;
    private final FileChannel channel;
    private ByteBuffer buffer = ByteBuffer.allocateDirect(1 << 20).order(ByteOrder.LITTLE_ENDIAN);
    /** Per row group: rows, then the offset of each column's page data. */
    private final List<long[]> groups = new ArrayList<>();

    private long[] open;
    private int column;
    private long rows;
    private boolean closed;

    public SpillFile(Path path, List<Column> columns) throws IOException {
        this.path = path;
        this.columns = List.copyOf(columns);
        this.channel = FileChannel.open(
                path,
                StandardOpenOption.CREATE,
                StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        write(ByteBuffer.wrap(MAGIC));
    }

    private static final byte[] MAGIC = {'P', 'A', 'R', '1'};

    public Path path() {
        return path;
    }

    public List<Column> columns() {
        return columns;
    }

    public void beginRowGroup(int rows) {
        open = new long[1 + columns.size()];
        open[0] = rows;
        column = 0;
    }

    /** The next column's values: values[at(i)] for rows i = 0 … rows − 1, plus {@code add}. */
    public void longs(long[] values, IntUnaryOp at, long add) throws IOException {
        int n = (int) open[0];
        ByteBuffer b = page(n * 8);
        if (at == SAME && add == 0) {
            b.asLongBuffer().put(values, 0, n); // a bulk copy, the common case
            b.position(n * 8);
        } else if (at == SAME) {
            for (int i = 0; i < n; i++) b.putLong(i * 8, values[i] + add);
            b.position(n * 8);
        } else {
            for (int i = 0; i < n; i++) b.putLong(i * 8, values[at.apply(i)] + add);
            b.position(n * 8);
        }
        finishPage(b);
    }

    /** The next column: first, first + 1, … (a run of sequence numbers). */
    public void sequence(long first) throws IOException {
        int n = (int) open[0];
        ByteBuffer b = page(n * 8);
        for (int i = 0; i < n; i++) b.putLong(i * 8, first + i);
        b.position(n * 8);
        finishPage(b);
    }

    /** The next column's values where {@code present[i]} is set, else {@code missing} (untimed sends in capacity mode). */
    public void longs(long[] values, IntUnaryOp at, byte[] present, long missing) throws IOException {
        int n = (int) open[0];
        ByteBuffer b = page(n * 8);
        if (at == SAME) {
            for (int i = 0; i < n; i++) b.putLong(i * 8, present[i] != 0 ? values[i] : missing);
        } else {
            for (int i = 0; i < n; i++) b.putLong(i * 8, present[i] != 0 ? values[at.apply(i)] : missing);
        }
        b.position(n * 8);
        finishPage(b);
    }

    public void ints(int[] values, int n) throws IOException {
        ByteBuffer b = page(n * 4);
        b.asIntBuffer().put(values, 0, n);
        b.position(n * 4);
        finishPage(b);
    }

    /** A small-valued column (codes, stream indices), stored as 32-bit integers. */
    public void bytesAsInts(byte[] values, int n) throws IOException {
        ByteBuffer b = page(n * 4);
        for (int i = 0; i < n; i++) b.putInt(values[i]);
        finishPage(b);
    }

    public void shortsAsInts(short[] values, int n, int add) throws IOException {
        ByteBuffer b = page(n * 4);
        for (int i = 0; i < n; i++) b.putInt(values[i] + add);
        finishPage(b);
    }

    /** Row index to array index. */
    public interface IntUnaryOp {
        int apply(int i);
    }

    public static final IntUnaryOp SAME = i -> i;

    private ByteBuffer page(int bytes) throws IOException {
        if (column >= columns.size()) throw new IllegalStateException("more columns than the file has");
        boolean wide = columns.get(column).wide();
        if (bytes != open[0] * (wide ? 8 : 4))
            throw new IllegalStateException("column " + columns.get(column).name() + ": wrong width");
        PageHeader h = new PageHeader(PageType.DATA_PAGE, bytes, bytes);
        h.setData_page_header(new DataPageHeader((int) open[0], Encoding.PLAIN, Encoding.RLE, Encoding.RLE));
        ByteArrayOutputStream header = new ByteArrayOutputStream(64);
        Util.writePageHeader(h, header);
        open[1 + column] = channel.position();
        write(ByteBuffer.wrap(header.toByteArray()));
        if (buffer.capacity() < bytes) buffer = ByteBuffer.allocateDirect(bytes).order(ByteOrder.LITTLE_ENDIAN);
        buffer.clear();
        return buffer;
    }

    private void finishPage(ByteBuffer b) throws IOException {
        b.flip();
        write(b);
        column++;
    }

    public void endRowGroup() {
        if (column != columns.size()) throw new IllegalStateException("a row group needs every column");
        groups.add(open);
        rows += open[0];
        open = null;
    }

    private void write(ByteBuffer b) throws IOException {
        while (b.hasRemaining()) channel.write(b);
    }

    public long rows() {
        return rows;
    }

    public int rowGroups() {
        return groups.size();
    }

    public int rows(int group) {
        return (int) groups.get(group)[0];
    }

    /** Reads column {@code col} of row group {@code group} into dst[0 … rows). */
    public void read(int group, int col, long[] dst) throws IOException {
        ByteBuffer b = readPage(group, col, 8);
        b.asLongBuffer().get(dst, 0, rows(group));
    }

    public void read(int group, int col, int[] dst) throws IOException {
        ByteBuffer b = readPage(group, col, 4);
        b.asIntBuffer().get(dst, 0, rows(group));
    }

    /** Overwrites column {@code col} of row group {@code group} (same size): e.g. receipts filled in after the run. */
    public void rewrite(int group, int col, long[] values) throws IOException {
        int n = rows(group);
        ByteBuffer b = ByteBuffer.allocate(n * 8).order(ByteOrder.LITTLE_ENDIAN);
        b.asLongBuffer().put(values, 0, n);
        long at = dataOffset(group, col);
        while (b.hasRemaining()) at += channel.write(b, at);
    }

    private ByteBuffer readPage(int group, int col, int width) throws IOException {
        int n = rows(group);
        ByteBuffer b = ByteBuffer.allocate(n * width).order(ByteOrder.LITTLE_ENDIAN);
        long at = dataOffset(group, col);
        while (b.hasRemaining()) {
            int r = channel.read(b, at);
            if (r < 0) throw new IOException(path + ": truncated spill file");
            at += r;
        }
        b.flip();
        return b;
    }

    /** Where a page's values start: after its header, whose length the header itself tells. */
    private long dataOffset(int group, int col) throws IOException {
        long at = groups.get(group)[1 + col];
        ByteBuffer head = ByteBuffer.allocate(256);
        channel.read(head, at);
        head.flip();
        InputStream in = new ByteArrayInputStream(head.array(), 0, head.limit());
        int before = in.available();
        Util.readPageHeader(in);
        return at + (before - in.available());
    }

    /** Writes the footer: from then on DuckDB can read the file. The file stays open for reading. */
    public void finish() throws IOException {
        if (closed) return;
        closed = true;
        List<SchemaElement> schema = ResultFile.schema(columns.stream()
                .map(c -> ResultFile.Column.of(c.name(), c.wide() ? ResultFile.Kind.INT64 : ResultFile.Kind.INT32))
                .toList());
        List<RowGroup> rowGroups = new ArrayList<>();
        for (int gi = 0; gi < groups.size(); gi++) {
            long[] g = groups.get(gi);
            long groupEnd = gi + 1 < groups.size() ? groups.get(gi + 1)[1] : channel.position();
            List<ColumnChunk> chunks = new ArrayList<>();
            long total = 0;
            for (int c = 0; c < columns.size(); c++) {
                Column col = columns.get(c);
                long end = c + 1 < columns.size() ? g[2 + c] : groupEnd;
                long size = end - g[1 + c];
                ColumnMetaData m = new ColumnMetaData(
                        col.wide() ? Type.INT64 : Type.INT32,
                        List.of(Encoding.PLAIN),
                        List.of(col.name()),
                        CompressionCodec.UNCOMPRESSED,
                        g[0],
                        size,
                        size,
                        g[1 + c]);
                ColumnChunk cc = new ColumnChunk(g[1 + c]);
                cc.setMeta_data(m);
                chunks.add(cc);
                total += size;
            }
            rowGroups.add(new RowGroup(chunks, total, g[0]));
        }
        FileMetaData meta = new FileMetaData(1, schema, rows, rowGroups);
        meta.setCreated_by("evperf spill");
        long start = channel.position();
        ByteArrayOutputStream footer = new ByteArrayOutputStream();
        Util.writeFileMetaData(meta, footer);
        write(ByteBuffer.wrap(footer.toByteArray()));
        ByteBuffer tail = ByteBuffer.allocate(8).order(ByteOrder.LITTLE_ENDIAN);
        tail.putInt((int) (channel.position() - start));
        tail.put(MAGIC);
        tail.flip();
        write(tail);
    }

    @Override
    public void close() throws IOException {
        channel.close();
    }
}
