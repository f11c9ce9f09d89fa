package dev.evperf.core.records;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.core.records.ResultFile.Column;
import dev.evperf.core.records.ResultFile.Kind;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.apache.parquet.format.ColumnMetaData;
import org.apache.parquet.format.FileMetaData;
import org.apache.parquet.format.RowGroup;
import org.apache.parquet.format.Util;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * evperf's own Parquet writer, read back by DuckDB (the reader the analysis uses): every value of
 * every kind comes back as written, in row groups of the sizes the spill makes, including the
 * delta encoding's edges (one value, a partial last block and miniblock, widths from 0 to 64 bits,
 * wrap-around between the extreme longs) and the column types the results format names; and
 * evperf's own reader of its integer columns ({@link ResultFileReader}) gets the same values.
 */
class ResultFileTest {
    static final List<Column> COLUMNS = List.of(
            Column.of("l", Kind.INT64),
            Column.of("i", Kind.INT32),
            Column.of("b", Kind.BOOLEAN),
            new Column("s", Kind.LABEL, List.of("send", "batch", "ünï")));

    @Test
    void duckDbReadsBackEveryValueAndType(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("f.parquet");
        SplittableRandom r = new SplittableRandom(7);
        List<long[]> rows = new ArrayList<>();
        int[] sizes = {1, 129, 0, 32768, 200, 33, 2};
        try (ResultFile f = new ResultFile(file, COLUMNS)) {
            int group = 0;
            for (int n : sizes) {
                long[] l = new long[n];
                int[] i = new int[n], s = new int[n];
                boolean[] b = new boolean[n];
                for (int k = 0; k < n; k++) {
                    l[k] = switch (group) {
                        case 0 -> Long.MIN_VALUE;
                        case 1 -> k % 2 == 0 ? Long.MAX_VALUE : Long.MIN_VALUE; // 64-bit deltas
                        case 3 -> 1_000_000_000L + 200L * k + r.nextInt(50); // clock readings
                        case 4 -> r.nextLong();
                        default -> 5 - k; // falling: negative deltas, and one width 0
                    };
                    i[k] = group == 4 ? r.nextInt() : k % 7 == 0 ? -1 : k / 3;
                    b[k] = r.nextInt(3) == 0;
                    s[k] = k < n / 2 ? 0 : r.nextInt(3);
                    rows.add(new long[] {l[k], i[k], b[k] ? 1 : 0, s[k]});
                }
                f.beginRowGroup(n);
                f.longs(l);
                f.ints(i);
                f.booleans(b);
                f.labels(s);
                f.endRowGroup();
                group++;
            }
            f.finish();
            // evperf's own reader (the figures after the run read the events file with it) agrees
            try (ResultFileReader in = f.reader()) {
                assertThat(in.rowGroups()).isEqualTo(sizes.length);
                int row = 0;
                for (int g = 0; g < sizes.length; g++) {
                    long[] l = new long[sizes[g]];
                    int[] i = new int[sizes[g]];
                    in.read(g, 0, l);
                    in.read(g, 1, i);
                    assertThat(in.rows(g)).isEqualTo(sizes[g]);
                    for (int k = 0; k < sizes[g]; k++, row++) {
                        assertThat(l[k]).as("row %d", row).isEqualTo(rows.get(row)[0]);
                        assertThat(i[k]).as("row %d", row).isEqualTo((int) rows.get(row)[1]);
                    }
                }
            }
        }
        // the footer, written a row group at a time from the index, is the struct Parquet's own writer makes of it
        byte[] footer = footer(file);
        FileMetaData meta = Util.readFileMetaData(new ByteArrayInputStream(footer));
        ByteArrayOutputStream again = new ByteArrayOutputStream();
        Util.writeFileMetaData(meta, again);
        assertThat(again.toByteArray()).isEqualTo(footer);
        assertThat(meta.getNum_rows()).isEqualTo(rows.size());
        assertThat(meta.getRow_groups())
                .extracting(RowGroup::getNum_rows)
                .containsExactly(Arrays.stream(sizes).asLongStream().boxed().toArray(Long[]::new));
        ColumnMetaData label = meta.getRow_groups().get(1).getColumns().get(3).getMeta_data();
        assertThat(label.getDictionary_page_offset()).isLessThan(label.getData_page_offset());
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            ResultSet types = st.executeQuery("DESCRIBE SELECT * FROM read_parquet('" + file + "')");
            List<String> t = new ArrayList<>();
            while (types.next()) t.add(types.getString(1) + " " + types.getString(2));
            assertThat(t).containsExactly("l BIGINT", "i INTEGER", "b BOOLEAN", "s VARCHAR");
            ResultSet rs = st.executeQuery("SELECT * FROM read_parquet('" + file + "')");
            int k = 0;
            List<String> labels = COLUMNS.get(3).labels();
            while (rs.next()) {
                long[] want = rows.get(k);
                assertThat(rs.getLong(1)).as("row %d", k).isEqualTo(want[0]);
                assertThat(rs.getInt(2)).as("row %d", k).isEqualTo((int) want[1]);
                assertThat(rs.getBoolean(3)).as("row %d", k).isEqualTo(want[2] == 1);
                assertThat(rs.getString(4)).as("row %d", k).isEqualTo(labels.get((int) want[3]));
                k++;
            }
            assertThat(k).isEqualTo(rows.size());
        }
    }

    /** Every delta width from 0 to 64 bits, so values straddle the packer's 64-bit words at every offset. */
    @Test
    void everyDeltaWidthReadsBack(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("w.parquet");
        SplittableRandom r = new SplittableRandom(11);
        List<Long> want = new ArrayList<>();
        int n = 1 + 128 + 70; // a first value, a whole block, a partial one
        try (ResultFile f = new ResultFile(file, List.of(Column.of("l", Kind.INT64)))) {
            for (int width = 0; width <= 64; width++) {
                long[] l = new long[n];
                long mask = width == 64 ? -1L : (1L << width) - 1;
                l[0] = r.nextLong();
                for (int k = 1; k < n; k++) l[k] = l[k - 1] + (r.nextLong() & mask);
                for (long v : l) want.add(v);
                f.beginRowGroup(n);
                f.longs(l);
                f.endRowGroup();
            }
            f.finish();
            try (ResultFileReader in = f.reader()) {
                long[] l = new long[n];
                for (int g = 0; g <= 64; g++) {
                    in.read(g, 0, l);
                    for (int k = 0; k < n; k++)
                        assertThat(l[k]).as("width %d, row %d", g, k).isEqualTo(want.get(g * n + k));
                }
            }
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            ResultSet rs = st.executeQuery("SELECT l FROM read_parquet('" + file + "')");
            int k = 0;
            while (rs.next()) {
                assertThat(rs.getLong(1)).as("row %d (width %d)", k, k / n).isEqualTo(want.get(k));
                k++;
            }
            assertThat(k).isEqualTo(want.size());
        }
    }

    static byte[] footer(Path file) throws IOException {
        byte[] all = Files.readAllBytes(file);
        int len = ByteBuffer.wrap(all, all.length - 8, 4)
                .order(ByteOrder.LITTLE_ENDIAN)
                .getInt();
        return Arrays.copyOfRange(all, all.length - 8 - len, all.length - 8);
    }

    /**
     * What the writer keeps per row group for the footer: the heap estimate (MemoryNeed) counts
     * {@link RowGroupIndex#heldBytes}, which must cover what adding them really allocates (this
     * thread's allocation counter), and be little more than the longs themselves.
     */
    @Test
    void theRowGroupPlacesHeldAreWhatTheEstimateCounts() {
        var threads = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
        List<Column> nine = ResultWriters.EVENTS;
        long[] places = new long[3 * nine.size()];
        for (int groups : new int[] {1, 100, 3000, 30518}) {
            long before = threads.getCurrentThreadAllocatedBytes();
            RowGroupIndex index = new RowGroupIndex(nine);
            for (int g = 0; g < groups; g++) index.add(32768, places);
            long allocated = threads.getCurrentThreadAllocatedBytes() - before;
            long held = RowGroupIndex.heldBytes(nine.size(), groups);
            assertThat(held).as("%d groups", groups).isGreaterThanOrEqualTo(allocated);
            long data = 8L * groups * (1 + 3 * nine.size());
            assertThat(held)
                    .as("%d groups", groups)
                    .isLessThanOrEqualTo(data + data / 50 + 2 * (16 + 8L * RowGroupIndex.BLOCK) + 1024);
            assertThat(index.groups()).isEqualTo(groups);
        }
    }

    @Test
    void aFileWithoutRowsIsReadAsEmpty(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("e.parquet");
        try (ResultFile f = new ResultFile(file, COLUMNS)) {
            f.finish();
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            ResultSet rs = st.executeQuery("SELECT count(*), count(s) FROM read_parquet('" + file + "')");
            rs.next();
            assertThat(rs.getLong(1)).isZero();
        }
    }
}
