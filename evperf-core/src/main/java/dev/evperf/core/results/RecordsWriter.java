package dev.evperf.core.results;

import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.load.Schedule;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.duckdb.DuckDBAppender;
import org.duckdb.DuckDBConnection;

/**
 * Writes the per-event records as Parquet through DuckDB (read directly by DuckDB, pandas and
 * polars). Runs after the timed phase, so its cost and allocation never touch the measurement.
 */
public final class RecordsWriter {
    private RecordsWriter() {
    }

    /** events.parquet: one row per input event; times in ns since the trial's origin. */
    public static void writeEvents(Path file, Schedule s, long[] sendStart, long[] sendEnd) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE events(seq BIGINT, phase INTEGER, measured BOOLEAN, burst INTEGER, pos INTEGER,"
                    + " intended BIGINT, send_start BIGINT, send_end BIGINT, batch INTEGER)");
            boolean[] measured = new boolean[s.phases.size()];
            for (int p = 0; p < measured.length; p++) measured[p] = s.phases.get(p).measure();
            int[] batchOf = new int[s.size()];
            java.util.Arrays.fill(batchOf, -1);
            for (int b = 0; b < s.batches(); b++) {
                for (int i = s.batchFirst[b]; i < s.batchFirst[b + 1]; i++) batchOf[i] = b;
            }
            try (DuckDBAppender a = ((DuckDBConnection) c).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "events")) {
                for (int i = 0; i < s.size(); i++) {
                    a.beginRow();
                    a.append((long) i);
                    a.append(s.phase[i]);
                    a.append(measured[s.phase[i]]);
                    a.append(s.burst[i]);
                    a.append(s.position[i]);
                    a.append(s.intended[i]);
                    a.append(sendStart[i]);
                    a.append(sendEnd[i]);
                    a.append(batchOf[i]);
                    a.endRow();
                }
            }
            copyToParquet(st, "events", file);
            // Per burst: start = first event's send start, end = last event's send end (seed 000's Time(S_i,*)).
            st.execute("CREATE TABLE bursts AS SELECT burst, min(phase) AS phase, bool_and(measured) AS measured,"
                    + " count(*) AS events, min(send_start) AS start, max(send_end) AS \"end\", max(send_end) - min(send_start) AS time_ns"
                    + " FROM events WHERE burst >= 0 GROUP BY burst ORDER BY burst");
            copyToParquet(st, "bursts", file.resolveSibling(Layout.BURSTS));
        }
    }

    /** outputs.parquet: one row per recorded output: stream, causing input's seq (−1 unknown), receipt time. */
    public static void writeOutputs(Path file, OutputRecords out, List<String> streams) throws SQLException {
        int n = out.recorded();
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE outputs(stream VARCHAR, seq BIGINT, received BIGINT)");
            try (DuckDBAppender a = ((DuckDBConnection) c).createAppender(DuckDBConnection.DEFAULT_SCHEMA, "outputs")) {
                for (int i = 0; i < n; i++) {
                    a.beginRow();
                    a.append(streams.get(out.stream[i]));
                    a.append(out.seq[i]);
                    a.append(out.received[i]);
                    a.endRow();
                }
            }
            copyToParquet(st, "outputs", file);
        }
    }

    private static void copyToParquet(Statement st, String table, Path file) throws SQLException {
        st.execute("COPY " + table + " TO '" + file.toAbsolutePath().toString().replace("'", "''") + "' (FORMAT PARQUET, COMPRESSION ZSTD)");
    }
}
