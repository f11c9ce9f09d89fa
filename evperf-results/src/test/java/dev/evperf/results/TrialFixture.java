package dev.evperf.results;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

/**
 * The one writer of hand-made trials for tests: events.parquet (with the bursts.parquet the trial
 * runner derives from it), outputs.parquet and trace.parquet with the trial runner's columns and
 * types, rows in the order given (so a test can check that readers sort). Written through DuckDB,
 * as the trial runner's own files are.
 */
public final class TrialFixture {
    private TrialFixture() {}

    /** One row of events.parquet: times in ns on the trial's axis; burst and pos −1 outside bursts. */
    public record Event(
            long seq, int phase, boolean measured, int burst, int pos, long intended, long sendStart, long sendEnd) {}

    /** One row of outputs.parquet: seq −1 for an output whose input is unknown. */
    public record Output(String stream, long seq, long received) {}

    /** One row of trace.parquet. */
    public record TraceRow(long seq, String point, long t, int rank) {}

    /** Writes events.parquet and bursts.parquet (one row per burst, as the trial runner derives it). */
    public static void events(Path dir, List<Event> events) {
        sql(dir, c -> {
            try (Statement st = c.createStatement()) {
                st.execute(
                        "CREATE TABLE events (seq BIGINT, phase INTEGER, measured BOOLEAN, burst INTEGER, pos INTEGER,"
                                + " intended BIGINT, send_start BIGINT, send_end BIGINT, batch INTEGER)");
                try (PreparedStatement ins =
                        c.prepareStatement("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, -1)")) {
                    for (Event e : events) {
                        ins.setLong(1, e.seq());
                        ins.setInt(2, e.phase());
                        ins.setBoolean(3, e.measured());
                        ins.setInt(4, e.burst());
                        ins.setInt(5, e.pos());
                        ins.setLong(6, e.intended());
                        ins.setLong(7, e.sendStart());
                        ins.setLong(8, e.sendEnd());
                        ins.addBatch();
                    }
                    ins.executeBatch();
                }
                st.execute("COPY events TO " + literal(dir.resolve(Layout.EVENTS)) + " (FORMAT PARQUET)");
                st.execute(
                        "COPY (SELECT burst, min(phase) AS phase, bool_and(measured) AS measured, count(*) AS events,"
                                + " min(send_start) AS start, max(send_end) AS \"end\", max(send_end) - min(send_start) AS time_ns"
                                + " FROM events WHERE burst >= 0 GROUP BY burst ORDER BY burst) TO "
                                + literal(dir.resolve(Layout.BURSTS))
                                + " (FORMAT PARQUET)");
            }
        });
    }

    /** Writes (or replaces) outputs.parquet. */
    public static void outputs(Path dir, List<Output> outputs) {
        sql(dir, c -> {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE outputs (stream VARCHAR, seq BIGINT, received BIGINT)");
                try (PreparedStatement ins = c.prepareStatement("INSERT INTO outputs VALUES (?, ?, ?)")) {
                    for (Output o : outputs) {
                        ins.setString(1, o.stream());
                        ins.setLong(2, o.seq());
                        ins.setLong(3, o.received());
                        ins.addBatch();
                    }
                    ins.executeBatch();
                }
                st.execute("COPY outputs TO " + literal(dir.resolve(Layout.OUTPUTS)) + " (FORMAT PARQUET)");
            }
        });
    }

    /** Writes trace.parquet (thread "x"). */
    public static void trace(Path dir, List<TraceRow> rows) {
        sql(dir, c -> {
            try (Statement st = c.createStatement()) {
                st.execute("CREATE TABLE trace (seq BIGINT, point VARCHAR, t BIGINT, rank INTEGER, thread VARCHAR)");
                try (PreparedStatement ins = c.prepareStatement("INSERT INTO trace VALUES (?, ?, ?, ?, 'x')")) {
                    for (TraceRow r : rows) {
                        ins.setLong(1, r.seq());
                        ins.setString(2, r.point());
                        ins.setLong(3, r.t());
                        ins.setInt(4, r.rank());
                        ins.addBatch();
                    }
                    ins.executeBatch();
                }
                st.execute("COPY trace TO " + literal(dir.resolve(Layout.TRACE)) + " (FORMAT PARQUET)");
            }
        });
    }

    /** Writes a text file of the trial (result.json, intervals.csv, …), creating the directory. */
    public static void file(Path dir, String name, String text) {
        try {
            Files.createDirectories(dir);
            Files.writeString(dir.resolve(name), text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private interface Work {
        void run(Connection c) throws SQLException;
    }

    private static void sql(Path dir, Work work) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:")) {
            work.run(c);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String literal(Path p) {
        return "'" + p.toString().replace("'", "''") + "'";
    }
}
