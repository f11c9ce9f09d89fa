package dev.evperf.core.records;

import dev.evperf.core.records.ResultFile.Column;
import dev.evperf.core.records.ResultFile.Kind;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.format.ColumnChunk;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.CompressionCodec;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Type;

/**
 * Where each row group of a {@link ResultFile} lies, held while the file is written (for its
 * footer and for reading it back): per row group its row count, and per column where its chunk
 * starts, where its data page starts and where it ends. Plain longs in fixed blocks, because a
 * trial's files gain a row group per 32 Ki events for the whole run: Parquet's own metadata
 * objects took ~0.13 B per event (≈ 4 KB a row group), these take 8 × (1 + 3 × columns) bytes,
 * and {@link #heldBytes} says how much exactly for the trial's heap estimate. The footer's
 * objects are made one row group at a time from them.
 */
final class RowGroupIndex {
    /** Longs per block: a block is allocated whole and never copied. */
    static final int BLOCK = 1 << 12;

    private final List<Column> columns;
    private final int stride;
    private long[][] blocks = new long[4][];
    private int groups;

    RowGroupIndex(List<Column> columns) {
        this.columns = columns;
        this.stride = stride(columns.size());
    }

    private static int stride(int columns) {
        return 1 + 3 * columns;
    }

    /**
     * A finished row group.
     *
     * @param places per column: chunk start, data page start, chunk end
     */
    void add(int rows, long[] places) {
        long base = (long) groups * stride;
        put(base, rows);
        for (int i = 0; i < 3 * columns.size(); i++) put(base + 1 + i, places[i]);
        groups++;
    }

    private void put(long at, long value) {
        int b = (int) (at / BLOCK);
        if (b >= blocks.length) blocks = Arrays.copyOf(blocks, blocks.length * 2);
        if (blocks[b] == null) blocks[b] = new long[BLOCK];
        blocks[b][(int) (at % BLOCK)] = value;
    }

    private long get(int group, int i) {
        long at = (long) group * stride + i;
        return blocks[(int) (at / BLOCK)][(int) (at % BLOCK)];
    }

    int groups() {
        return groups;
    }

    int rows(int group) {
        return (int) get(group, 0);
    }

    long dataOffset(int group, int column) {
        return get(group, 2 + 3 * column);
    }

    /** Row group {@code group} as the footer has it. */
    RowGroup rowGroup(int group) {
        List<ColumnChunk> chunks = new ArrayList<>(columns.size());
        int rows = rows(group);
        for (int c = 0; c < columns.size(); c++) {
            long start = get(group, 1 + 3 * c), data = get(group, 2 + 3 * c), end = get(group, 3 + 3 * c);
            Kind kind = columns.get(c).kind();
            ColumnMetaData m = new ColumnMetaData(
                    type(kind),
                    encodings(kind),
                    List.of(columns.get(c).name()),
                    CompressionCodec.UNCOMPRESSED,
                    rows,
                    end - start,
                    end - start,
                    data);
            if (kind == Kind.LABEL) m.setDictionary_page_offset(start);
            ColumnChunk cc = new ColumnChunk(start);
            cc.setMeta_data(m);
            chunks.add(cc);
        }
        long first = get(group, 1), last = get(group, 3 * columns.size());
        return new RowGroup(chunks, last - first, rows);
    }

    static Type type(Kind k) {
        return switch (k) {
            case INT64 -> Type.INT64;
            case INT32 -> Type.INT32;
            case BOOLEAN -> Type.BOOLEAN;
            case LABEL -> Type.BYTE_ARRAY;
        };
    }

    private static List<Encoding> encodings(Kind k) {
        return switch (k) {
            case INT64, INT32 -> List.of(Encoding.DELTA_BINARY_PACKED);
            case BOOLEAN -> List.of(Encoding.PLAIN);
            case LABEL -> List.of(Encoding.PLAIN, Encoding.RLE_DICTIONARY);
        };
    }

    /**
     * The most heap an index of {@code groups} row groups of {@code columns} columns holds: its
     * blocks (each a long[{@value #BLOCK}] with its 16-byte header), and the array of blocks,
     * which doubles, counted with the old one it is copied from.
     */
    static long heldBytes(int columns, long groups) {
        long blocks = Math.max(1, (groups * stride(columns) + BLOCK - 1) / BLOCK);
        long outer = Math.max(4, Long.highestOneBit(blocks - 1) << 1);
        return blocks * (16 + 8L * BLOCK) + 3 * (16 + 4 * outer);
    }
}
