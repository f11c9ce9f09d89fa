package dev.evperf.core.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * bursts.parquet aggregated in the events pass equals DuckDB's GROUP BY of the same events (the
 * query that wrote it before), across a row group boundary; interleaved bursts are left to DuckDB.
 */
class BurstRowsTest {
    @Test
    void burstsOneAfterTheOtherEqualDuckDbsGrouping(@TempDir Path dir) throws Exception {
        int n = 40_000 * 3 + 5; // more bursts than one row group of bursts holds
        List<String> events = new ArrayList<>();
        Path file = dir.resolve("bursts.parquet");
        try (BurstRows b = new BurstRows(file)) {
            for (int seq = 0; seq < n; seq++) {
                int burst = seq < 7 ? -1 : (seq - 7) / 3, phase = burst < 20 ? 0 : 1;
                boolean measured = phase == 1 || seq % 2 == 0;
                long start = 1000L * seq + (seq % 3 == 1 ? -50 : 0), end = start + 100 + seq % 5;
                b.event(burst, phase, measured, start, end);
                events.add("(" + burst + "," + phase + "," + measured + "," + start + "," + end + ")");
            }
            assertThat(b.ordered()).isTrue();
            b.finish();
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            st.execute(
                    "CREATE TABLE e(burst INTEGER, phase INTEGER, measured BOOLEAN, send_start BIGINT, send_end BIGINT)");
            for (int i = 0; i < events.size(); i += 10_000)
                st.execute("INSERT INTO e VALUES "
                        + String.join(",", events.subList(i, Math.min(events.size(), i + 10_000))));
            ResultSet rs = st.executeQuery(
                    "SELECT count(*) FROM ((SELECT burst, min(phase) AS phase, bool_and(measured) AS measured,"
                            + " count(*) AS events, min(send_start) AS start, max(send_end) AS \"end\", max(send_end) - min(send_start) AS time_ns"
                            + " FROM e WHERE burst >= 0 GROUP BY burst) EXCEPT ALL SELECT * FROM read_parquet('" + file
                            + "'))");
            rs.next();
            assertThat(rs.getLong(1)).isZero();
            rs = st.executeQuery("SELECT count(*), max(burst) FROM read_parquet('" + file + "')");
            rs.next();
            assertThat(rs.getLong(1)).isEqualTo((n - 7 + 2) / 3);
        }
    }

    @Test
    void aBurstThatComesBackIsNotOrdered(@TempDir Path dir) throws Exception {
        try (BurstRows b = new BurstRows(dir.resolve("b.parquet"))) {
            b.event(0, 0, true, 1, 2);
            b.event(1, 0, true, 3, 4);
            b.event(0, 0, true, 5, 6);
            assertThat(b.ordered()).isFalse();
        }
    }
}
