package dev.evperf.monitor.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Parquet and CSV files hold exactly what was submitted. */
class PipelineSinksTest {
    @TempDir
    Path tmp;

    static final int N = 20_000; // more than two Parquet chunks per consumer

    /** Record i's expected fields; negative and extreme values included. */
    static long[] expected(long i) {
        return new long[] {
            1_000_000_000L + i * 7,
            i,
            i % 5 == 0 ? -i * 1_000_003 : i * i,
            (int) (i % 3),
            i == 0 ? Long.MIN_VALUE : -i,
            i == 0 ? Long.MAX_VALUE : i << 20,
            42,
            i % 2
        };
    }

    static void submitAll(Pipeline p) {
        for (int i = 0; i < N; i++) {
            long[] e = expected(i);
            MonitorRecord r = p.take();
            r.timestamp = e[0];
            r.id = e[1];
            r.value = e[2];
            r.source = (int) e[3];
            r.x0 = e[4];
            r.x1 = e[5];
            r.x2 = e[6];
            r.x3 = e[7];
            p.submit(r);
        }
    }

    @Test
    void parquetRoundTripThroughDuckDb() throws Exception {
        Path dir = tmp.resolve("trial");
        try (Pipelines ps = Pipelines.open(
                TestSinks.yaml(
                        """
                main: {stages: [{tee: errors}], sink: {parquet: monitor.parquet}, consumers: 2}
                errors: {stages: [{filter: {field: x3, op: "==", than: 1}}], sink: {parquet: sub/odd.parquet}}
                """),
                "test.yaml",
                dir)) {
            submitAll(ps.get("main"));
            ps.close();
            assertThat(ps.stats().get("main").processed()).isEqualTo(N);
        }
        List<long[]> rows = read(dir.resolve("monitor.parquet"), "");
        assertThat(rows).hasSize(N);
        for (int i = 0; i < N; i++) assertThat(rows.get(i)).as("row %d", i).containsExactly(expected(i));
        List<long[]> odd = read(dir.resolve("sub/odd.parquet"), "");
        assertThat(odd).hasSize(N / 2);
        for (long[] r : odd) assertThat(r).containsExactly(expected(r[1]));
        assertThat(odd.get(0)[1]).isEqualTo(1);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement();
                ResultSet rs =
                        st.executeQuery("SELECT column_name, column_type FROM (DESCRIBE SELECT * FROM read_parquet('"
                                + dir.resolve("monitor.parquet") + "'))")) {
            List<String> cols = new ArrayList<>();
            while (rs.next()) cols.add(rs.getString(1) + " " + rs.getString(2));
            assertThat(cols)
                    .containsExactly(
                            "timestamp BIGINT",
                            "id BIGINT",
                            "value BIGINT",
                            "source INTEGER",
                            "x0 BIGINT",
                            "x1 BIGINT",
                            "x2 BIGINT",
                            "x3 BIGINT");
        }
    }

    @Test
    void parquetWithNoRecordsIsAnEmptyTable() throws Exception {
        try (Pipelines ps =
                Pipelines.open(TestSinks.yaml("main: {sink: {parquet: empty.parquet}}"), "test.yaml", tmp)) {
            ps.close();
        }
        assertThat(read(tmp.resolve("empty.parquet"), "")).isEmpty();
    }

    static List<long[]> read(Path file, String where) throws Exception {
        List<long[]> rows = new ArrayList<>();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT timestamp, id, value, source, x0, x1, x2, x3 FROM read_parquet('"
                        + file + "') " + where + " ORDER BY id")) {
            while (rs.next()) {
                long[] r = new long[8];
                for (int k = 0; k < 8; k++) r[k] = rs.getLong(k + 1);
                rows.add(r);
            }
        }
        return rows;
    }

    @Test
    void csvRoundTrip() throws Exception {
        try (Pipelines ps = Pipelines.open(
                TestSinks.yaml("main: {sink: {csv: out/monitor.csv}, consumers: 3}"), "test.yaml", tmp)) {
            submitAll(ps.get("main"));
            ps.close();
        }
        List<String> lines = Files.readAllLines(tmp.resolve("out/monitor.csv"));
        assertThat(lines.get(0)).isEqualTo("timestamp,id,value,source,x0,x1,x2,x3");
        assertThat(lines).hasSize(N + 1);
        List<long[]> rows = new ArrayList<>();
        for (String l : lines.subList(1, lines.size())) {
            String[] f = l.split(",", -1);
            assertThat(f).hasSize(8);
            long[] r = new long[8];
            for (int k = 0; k < 8; k++) r[k] = Long.parseLong(f[k]);
            rows.add(r);
        }
        rows.sort((a, b) -> Long.compare(a[1], b[1]));
        for (int i = 0; i < N; i++) assertThat(rows.get(i)).as("row %d", i).containsExactly(expected(i));
        // and DuckDB reads it as the same table
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement();
                ResultSet rs = st.executeQuery("SELECT count(*), sum(id), min(x0), max(x1) FROM read_csv('"
                        + tmp.resolve("out/monitor.csv") + "', header = true)")) {
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo(N);
            assertThat(rs.getLong(2)).isEqualTo((long) N * (N - 1) / 2);
            assertThat(rs.getLong(3)).isEqualTo(Long.MIN_VALUE);
            assertThat(rs.getLong(4)).isEqualTo(Long.MAX_VALUE);
        }
    }

    @Test
    void csvDigits() {
        byte[] b = new byte[32];
        for (long v : new long[] {
            0, 7, -7, 10, 99, 100, -100, 123456789012345L, Long.MAX_VALUE, Long.MIN_VALUE, Long.MIN_VALUE + 1
        }) {
            int end = Sinks.CsvSink.put(b, 3, v);
            assertThat(new String(b, 3, end - 3, java.nio.charset.StandardCharsets.US_ASCII))
                    .isEqualTo(Long.toString(v));
        }
    }

    @Test
    void nullSinkCountsWhatItGets() throws Exception {
        try (Pipelines ps =
                Pipelines.open(TestSinks.yaml("main: {sink: {\"null\": {}}}\nother: {sink: null}"), "test.yaml", tmp)) {
            for (int i = 0; i < 1234; i++) ps.get("main").submit(i, i, i, 0);
            ps.close();
            assertThat(ps.stats().get("main").processed()).isEqualTo(1234);
            assertThat(ps.stats().get("other").processed()).isZero();
        }
    }
}
