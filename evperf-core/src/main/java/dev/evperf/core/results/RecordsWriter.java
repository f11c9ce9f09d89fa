package dev.evperf.core.results;

import dev.evperf.core.driver.OutputRecords;
import dev.evperf.results.Layout;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.StringJoiner;

/**
 * Writes the per-event records as compressed Parquet through DuckDB (read directly by DuckDB,
 * pandas and polars), from the spill files the trial wrote during the run. Runs after the timed
 * phase, so its cost never touches the measurement; DuckDB's memory is native and bounded, and it
 * streams the spill through.
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
            st.execute("COPY (SELECT burst, min(phase) AS phase, bool_and(measured) AS measured, count(*) AS events,"
                    + " min(send_start) AS start, max(send_end) AS \"end\", max(send_end) - min(send_start) AS time_ns"
                    + " FROM (" + events + ") WHERE burst >= 0 GROUP BY burst ORDER BY burst) TO "
                    + quoted(file.resolveSibling(Layout.BURSTS)) + " (FORMAT PARQUET, COMPRESSION ZSTD)");
        }
    }

    /**
     * outputs.parquet: one row per recorded output: stream, seq (the input it is linked to, −1
     * unknown), received, declared (the input its sequence attribute names, −1 none) and link (how
     * seq was chosen: send, batch, batch-last, declared, none; see {@link OutputRecords}) and
     * append_ms (the broker's LogAppendTime of an output that came through Kafka, epoch ms; −1 otherwise).
     */
    public static void writeOutputs(Path spill, Path file, List<String> streams) throws SQLException {
        String sql = "SELECT CAST(list_extract(" + list(streams)
                + ", stream + 1) AS VARCHAR) AS stream, seq, received, declared,"
                + " CAST(list_extract("
                + list(Arrays.stream(OutputRecords.Link.values())
                        .map(l -> l.label)
                        .toList())
                + ", link + 1) AS VARCHAR) AS link, append_ms FROM " + parquet(spill);
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            st.execute("COPY (" + sql + ") TO " + quoted(file) + " (FORMAT PARQUET, COMPRESSION ZSTD)");
        }
    }

    static String parquet(Path file) {
        return "read_parquet(" + quoted(file) + ")";
    }

    static String quoted(Path file) {
        return "'" + file.toAbsolutePath().toString().replace("'", "''") + "'";
    }

    private static String list(List<String> values) {
        StringJoiner j = new StringJoiner(", ", "[", "]");
        for (String v : values) j.add("'" + v.replace("'", "''") + "'");
        return j.toString();
    }
}
