package dev.evperf.core.results;

import dev.evperf.results.Layout;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.StringJoiner;

/**
 * What DuckDB writes of the per-event records after the run: for an engine behind a broker,
 * events.parquet joined with the acknowledgements, and bursts.parquet when a schedule interleaves
 * bursts' events. events.parquet and outputs.parquet are otherwise written by evperf itself
 * ({@code dev.evperf.core.records.ResultWriters}). DuckDB's memory is native and bounded, and it
 * streams the files through.
 */
public final class RecordsWriter {
    private RecordsWriter() {}

    /**
     * events.parquet (one row per input event; times in ns since the trial's origin) and
     * bursts.parquet (one row per burst: start = first event's send start, end = last event's send
     * end, seed 000's Time(S_i,*)).
     *
     * @param measured whether each phase is measured
     */
    public static void writeEvents(Path spill, Path file, boolean[] measured) throws SQLException {
        writeEvents(spill, file, measured, null);
    }

    /**
     * The same, for an engine behind a broker: {@code acks} (an {@link dev.evperf.core.records.AckRecords}
     * spill) adds per event {@code ack} (the broker's acknowledgement reached the producer, ns since
     * the origin; null when none came) and {@code append_in_ms} (the broker's LogAppendTime of the
     * input record, epoch ms; -1 when the topic keeps CreateTime).
     */
    public static void writeEvents(Path spill, Path file, boolean[] measured, Path acks) throws SQLException {
        StringJoiner phases = new StringJoiner(", ");
        for (int p = 0; p < measured.length; p++) if (measured[p]) phases.add(String.valueOf(p));
        String isMeasured = phases.length() == 0 ? "false" : "phase IN (" + phases + ")";
        String events = "SELECT seq, phase, " + isMeasured
                + " AS measured, burst, pos, intended, send_start, send_end, batch FROM " + parquet(spill);
        if (acks != null) {
            events = "SELECT e.*, a.ack, a.append_in_ms FROM (" + events
                    + ") e LEFT JOIN (SELECT seq, ack, append_in_ms FROM " + parquet(acks)
                    + ") a USING (seq) ORDER BY seq";
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            st.execute("COPY (" + events + ") TO " + quoted(file) + " (FORMAT PARQUET, COMPRESSION ZSTD)");
            st.execute(bursts(events, file.resolveSibling(Layout.BURSTS)));
        }
    }

    /** bursts.parquet from an events.parquet already written (bursts whose events interleave). */
    public static void writeBursts(Path events) throws SQLException {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            st.execute(bursts("SELECT * FROM " + parquet(events), events.resolveSibling(Layout.BURSTS)));
        }
    }

    private static String bursts(String events, Path file) {
        return "COPY (SELECT burst, min(phase) AS phase, bool_and(measured) AS measured, count(*) AS events,"
                + " min(send_start) AS start, max(send_end) AS \"end\", max(send_end) - min(send_start) AS time_ns"
                + " FROM (" + events + ") WHERE burst >= 0 GROUP BY burst ORDER BY burst) TO "
                + quoted(file) + " (FORMAT PARQUET, COMPRESSION ZSTD)";
    }

    static String parquet(Path file) {
        return "read_parquet(" + quoted(file) + ")";
    }

    static String quoted(Path file) {
        return "'" + file.toAbsolutePath().toString().replace("'", "''") + "'";
    }
}
