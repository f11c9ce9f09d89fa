package dev.evperf.core.records;

import java.io.BufferedOutputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.parquet.format.ConvertedType;
import org.apache.parquet.format.DataPageHeader;
import org.apache.parquet.format.DictionaryPageHeader;
import org.apache.parquet.format.Encoding;
import org.apache.parquet.format.FieldRepetitionType;
import org.apache.parquet.format.LogicalType;
import org.apache.parquet.format.PageHeader;
import org.apache.parquet.format.PageType;
import org.apache.parquet.format.SchemaElement;
import org.apache.parquet.format.StringType;
import org.apache.parquet.format.Util;
import shaded.parquet.org.apache.thrift.TException;
import shaded.parquet.org.apache.thrift.protocol.TCompactProtocol;
import shaded.parquet.org.apache.thrift.protocol.TField;
import shaded.parquet.org.apache.thrift.protocol.TList;
import shaded.parquet.org.apache.thrift.protocol.TStruct;
import shaded.parquet.org.apache.thrift.transport.TIOStreamTransport;

/**
 * A result file (events.parquet, outputs.parquet) written by evperf itself, one row group per
 * spill chunk, in encodings that cost a few ns per value and need no compression afterwards:
 * integers DELTA_BINARY_PACKED (sequence numbers and clock readings that rise by small steps take
 * a few bits each), booleans bit-packed, labels (stream names, link rules) from a dictionary in
 * runs. Any Parquet reader reads it (DuckDB, pandas, polars). It replaces a DuckDB conversion of
 * the spill after the run, which took most of the time between the last send and the results
 * (docs/benchmarks.md, "Writing the results directly").
 */
public final class ResultFile implements AutoCloseable {
    public enum Kind {
        INT64,
        INT32,
        BOOLEAN,
        LABEL
    }

    /** A column: name, kind and, for labels, the dictionary (a value is an index into it). */
    public record Column(String name, Kind kind, List<String> labels) {
        public static Column of(String name, Kind kind) {
            return new Column(name, kind, List.of());
        }
    }

    private static final int BLOCK = 128, MINIBLOCKS = 4, MINI = BLOCK / MINIBLOCKS;
    private static final byte[] MAGIC = {'P', 'A', 'R', '1'};
    /** Thrift's type ids (its TType, which the shaded copy in parquet-format-structures leaves out). */
    private static final byte I32 = 8, I64 = 10, STRING = 11, STRUCT = 12, LIST = 15;

    private static final VarHandle WORD = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final Path path;
    private final List<Column> columns;
    private final OutputStream out;
    private long position;
    private final Bytes body = new Bytes();
    private final long[] deltas = new long[BLOCK];
    private long[] widened = new long[0];
    private final RowGroupIndex groups;
    /** The open row group's columns so far: chunk start, data page start, chunk end of each. */
    private final long[] places;

    private int open = -1;
    private int rows;
    private long total;

    public ResultFile(Path path, List<Column> columns) throws IOException {
        this.path = path;
        this.columns = List.copyOf(columns);
        this.groups = new RowGroupIndex(this.columns);
        this.places = new long[3 * this.columns.size()];
        this.out = new BufferedOutputStream(Files.newOutputStream(path), 1 << 20);
        write(MAGIC, MAGIC.length);
    }

    public void beginRowGroup(int rows) {
        this.rows = rows;
        open = 0;
    }

    /** The next column, 64-bit: values[0 … rows). */
    public void longs(long[] values) throws IOException {
        check(Kind.INT64);
        delta(values, rows, false);
        dataPage(Encoding.DELTA_BINARY_PACKED, -1);
    }

    /** The next column, 32-bit: values[0 … rows). */
    public void ints(int[] values) throws IOException {
        check(Kind.INT32);
        delta(widen(values), rows, true);
        dataPage(Encoding.DELTA_BINARY_PACKED, -1);
    }

    /** The next column, booleans: bit-packed, first row in the lowest bit. */
    public void booleans(boolean[] values) throws IOException {
        check(Kind.BOOLEAN);
        body.clear();
        int acc = 0;
        for (int i = 0; i < rows; i++) {
            if (values[i]) acc |= 1 << (i & 7);
            if ((i & 7) == 7) {
                body.put(acc);
                acc = 0;
            }
        }
        if ((rows & 7) != 0) body.put(acc);
        dataPage(Encoding.PLAIN, -1);
    }

    /** The next column, labels: codes[i] indexes the column's dictionary. */
    public void labels(int[] codes) throws IOException {
        Column c = check(Kind.LABEL);
        body.clear();
        for (String l : c.labels()) {
            byte[] b = l.getBytes(StandardCharsets.UTF_8);
            body.int32(b.length);
            body.put(b);
        }
        long dict = position;
        PageHeader h = new PageHeader(PageType.DICTIONARY_PAGE, body.size, body.size);
        h.setDictionary_page_header(new DictionaryPageHeader(c.labels().size(), Encoding.PLAIN));
        page(h);
        body.clear();
        int width = Math.max(1, 32 - Integer.numberOfLeadingZeros(c.labels().size() - 1));
        body.put(width);
        for (int i = 0; i < rows; ) { // one RLE run per stretch of equal codes
            int j = i + 1;
            while (j < rows && codes[j] == codes[i]) j++;
            body.uleb((long) (j - i) << 1);
            for (int b = 0; b < (width + 7) / 8; b++) body.put(codes[i] >>> (8 * b));
            i = j;
        }
        dataPage(Encoding.RLE_DICTIONARY, dict);
    }

    public void endRowGroup() {
        if (open != columns.size()) throw new IllegalStateException("a row group needs every column");
        groups.add(rows, places);
        total += rows;
        open = -1;
    }

    private Column check(Kind kind) {
        if (open >= columns.size()) throw new IllegalStateException("more columns than the file has");
        Column c = columns.get(open);
        if (c.kind() != kind)
            throw new IllegalStateException("column " + c.name() + " is " + c.kind() + ", not " + kind);
        return c;
    }

    private long[] widen(int[] values) {
        if (widened.length < rows) widened = new long[rows];
        for (int i = 0; i < rows; i++) widened[i] = values[i];
        return widened;
    }

    /**
     * DELTA_BINARY_PACKED (Parquet's encodings spec): a header, then per block of 128 values the
     * smallest delta and four miniblocks of 32 deltas, each minus that smallest delta, bit-packed
     * at the width its largest needs. A 32-bit column's deltas wrap around in 32 bits, as its
     * readers compute them.
     */
    private void delta(long[] v, int n, boolean narrow) {
        body.clear();
        body.uleb(BLOCK);
        body.uleb(MINIBLOCKS);
        body.uleb(n);
        body.zigzag(n > 0 ? v[0] : 0);
        long mask = narrow ? 0xFFFF_FFFFL : -1L;
        for (int from = 1; from < n; from += BLOCK) {
            int m = Math.min(BLOCK, n - from);
            long min = Long.MAX_VALUE, prev = v[from - 1];
            for (int i = 0; i < m; i++) {
                long x = v[from + i], d = x - prev;
                prev = x;
                if (narrow) d = (int) d;
                deltas[i] = d;
                if (d < min) min = d;
            }
            body.zigzag(min);
            body.ensure(MINIBLOCKS + BLOCK * 8);
            byte[] a = body.bytes;
            int widths = body.size, at = widths + MINIBLOCKS;
            for (int k = 0; k < MINIBLOCKS; k++) a[widths + k] = 0; // unused miniblocks keep width 0
            for (int k = 0; k * MINI < m; k++) {
                int lo = k * MINI, end = Math.min(m, lo + MINI);
                long or = 0;
                for (int i = lo; i < end; i++) or |= (deltas[i] = (deltas[i] - min) & mask);
                for (int i = end; i < lo + MINI; i++) deltas[i] = 0; // the last miniblock is padded
                int width = 64 - Long.numberOfLeadingZeros(or);
                a[widths + k] = (byte) width;
                at = pack(a, at, lo, width);
            }
            body.size = at;
        }
    }

    /**
     * 32 deltas from {@code from}, {@code width} bits each (each fits), lowest bit first, into
     * a[at …); returns the end. Whole 64-bit words are stored at once; 32 values of any width end
     * on a byte boundary.
     */
    private int pack(byte[] a, int at, int from, int width) {
        if (width == 0) return at; // a constant step (seq, a phase's label): nothing to store
        long acc = 0;
        int bits = 0; // pending in acc, under 64 between values
        for (int i = from; i < from + MINI; i++) {
            long x = deltas[i];
            acc |= x << bits;
            bits += width;
            if (bits >= 64) {
                WORD.set(a, at, acc);
                at += 8;
                bits -= 64;
                // the bits of x that did not fit (none when it ended exactly on the word)
                acc = bits == 0 ? 0 : x >>> (width - bits);
            }
        }
        for (; bits > 0; bits -= 8) {
            a[at++] = (byte) acc;
            acc >>>= 8;
        }
        return at;
    }

    private void dataPage(Encoding encoding, long dictionary) throws IOException {
        long start = dictionary >= 0 ? dictionary : position, data = position;
        PageHeader h = new PageHeader(PageType.DATA_PAGE, body.size, body.size);
        h.setData_page_header(new DataPageHeader(rows, encoding, Encoding.RLE, Encoding.RLE));
        page(h);
        places[3 * open] = start;
        places[3 * open + 1] = data;
        places[3 * open + 2] = position;
        open++;
    }

    private void page(PageHeader h) throws IOException {
        ByteArrayOutputStream header = new ByteArrayOutputStream(64);
        Util.writePageHeader(h, header);
        write(header.toByteArray(), header.size());
        write(body.bytes, body.size);
    }

    private void write(byte[] b, int n) throws IOException {
        out.write(b, 0, n);
        position += n;
    }

    /** A file's schema: the root, then one REQUIRED leaf per column (SpillFile's too). */
    static List<SchemaElement> schema(List<Column> columns) {
        List<SchemaElement> schema = new ArrayList<>();
        SchemaElement root = new SchemaElement("schema");
        root.setNum_children(columns.size());
        schema.add(root);
        for (Column c : columns) {
            SchemaElement e = new SchemaElement(c.name());
            e.setType(RowGroupIndex.type(c.kind()));
            e.setRepetition_type(FieldRepetitionType.REQUIRED);
            if (c.kind() == Kind.LABEL) {
                e.setConverted_type(ConvertedType.UTF8);
                e.setLogicalType(LogicalType.STRING(new StringType()));
            }
            schema.add(e);
        }
        return schema;
    }

    public Path path() {
        return path;
    }

    /** Rows written so far. */
    public long rows() {
        return total;
    }

    /** The file written so far, for reading back once finished. */
    ResultFileReader reader() throws IOException {
        return new ResultFileReader(path, groups);
    }

    /** Writes the footer and closes the file. */
    public void finish() throws IOException {
        ByteArrayOutputStream footer = new ByteArrayOutputStream();
        footer(footer);
        write(footer.toByteArray(), footer.size());
        byte[] tail = Arrays.copyOf(
                new byte[] {
                    (byte) footer.size(),
                    (byte) (footer.size() >>> 8),
                    (byte) (footer.size() >>> 16),
                    (byte) (footer.size() >>> 24)
                },
                8);
        System.arraycopy(MAGIC, 0, tail, 4, 4);
        write(tail, 8);
        out.close();
    }

    /**
     * The footer: the FileMetaData struct Parquet's own {@code Util.writeFileMetaData} writes, its
     * row groups made from the index one at a time instead of held as objects for the whole run.
     */
    void footer(OutputStream to) throws IOException {
        try {
            TCompactProtocol p = new TCompactProtocol(new TIOStreamTransport(to));
            p.writeStructBegin(new TStruct("FileMetaData"));
            p.writeFieldBegin(new TField("version", I32, (short) 1));
            p.writeI32(1);
            p.writeFieldEnd();
            List<SchemaElement> schema = schema(columns);
            p.writeFieldBegin(new TField("schema", LIST, (short) 2));
            p.writeListBegin(new TList(STRUCT, schema.size()));
            for (SchemaElement e : schema) e.write(p);
            p.writeListEnd();
            p.writeFieldEnd();
            p.writeFieldBegin(new TField("num_rows", I64, (short) 3));
            p.writeI64(total);
            p.writeFieldEnd();
            p.writeFieldBegin(new TField("row_groups", LIST, (short) 4));
            p.writeListBegin(new TList(STRUCT, groups.groups()));
            for (int g = 0; g < groups.groups(); g++) groups.rowGroup(g).write(p);
            p.writeListEnd();
            p.writeFieldEnd();
            p.writeFieldBegin(new TField("created_by", STRING, (short) 6));
            p.writeString("evperf");
            p.writeFieldEnd();
            p.writeFieldStop();
            p.writeStructEnd();
        } catch (TException e) {
            throw new IOException(path + ": footer: " + e.getMessage(), e);
        }
    }

    /** The heap a file of {@code groups} row groups of {@code columns} columns holds for them while written (its index). */
    public static long heldBytes(int columns, long groups) {
        return RowGroupIndex.heldBytes(columns, groups);
    }

    @Override
    public void close() throws IOException {
        out.close();
    }

    /** A growable byte buffer for one page's body. */
    private static final class Bytes {
        byte[] bytes = new byte[1 << 16];
        int size;

        void clear() {
            size = 0;
        }

        void put(int b) {
            ensure(1);
            bytes[size++] = (byte) b;
        }

        void ensure(int more) {
            if (size + more > bytes.length) bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }

        void put(byte[] b) {
            for (byte x : b) put(x);
        }

        void int32(int v) {
            for (int k = 0; k < 4; k++) put(v >>> (8 * k));
        }

        void uleb(long v) {
            while ((v & ~0x7FL) != 0) {
                put((int) ((v & 0x7F) | 0x80));
                v >>>= 7;
            }
            put((int) v);
        }

        void zigzag(long v) {
            uleb((v << 1) ^ (v >> 63));
        }
    }
}
