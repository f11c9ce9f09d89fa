package dev.evperf.analysis.trial;

import dev.evperf.results.Layout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a trial's Parquet files into {@link TrialData}'s columns: the one place the per-event
 * records come into the JVM, for the analyses that need every value in memory; kept apart from
 * the columns so that {@code TrialData} holds the data and its checks only.
 */
final class TrialParquet {
    private TrialParquet() {}

    /**
     * Reads {@code events.parquet} and {@code outputs.parquet} of a trial directory through
     * DuckDB (in-memory), ordered by seq (outputs by seq, then receipt).
     *
     * @throws IllegalArgumentException naming the file when it is missing or unreadable
     */
    static TrialData read(Path trialDir) {
        Path events = trialDir.resolve(Layout.EVENTS);
        Path outputs = trialDir.resolve(Layout.OUTPUTS);
        for (Path p : List.of(events, outputs)) {
            if (!Files.isRegularFile(p)) {
                throw new IllegalArgumentException(
                        p + ": missing (expected a parquet file written by the trial runner)");
            }
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:");
                Statement st = c.createStatement()) {
            String ev = parquet(events);
            int n = count(st, ev, events);
            long[] seq = new long[n];
            int[] phase = new int[n];
            boolean[] measured = new boolean[n];
            int[] burst = new int[n];
            int[] pos = new int[n];
            long[] intended = new long[n];
            long[] sendStart = new long[n];
            long[] sendEnd = new long[n];
            try (ResultSet rs =
                    st.executeQuery("SELECT seq, phase, measured, burst, pos, intended, send_start, send_end FROM " + ev
                            + " ORDER BY seq")) {
                for (int i = 0; rs.next(); i++) {
                    seq[i] = rs.getLong(1);
                    phase[i] = rs.getInt(2);
                    measured[i] = rs.getBoolean(3);
                    burst[i] = rs.getInt(4);
                    pos[i] = rs.getInt(5);
                    intended[i] = rs.getLong(6);
                    sendStart[i] = rs.getLong(7);
                    sendEnd[i] = rs.getLong(8);
                }
            }

            String out = parquet(outputs);
            int m = count(st, out, outputs);
            int[] outStream = new int[m];
            long[] outSeq = new long[m];
            long[] outReceived = new long[m];
            Map<String, Integer> dictionary = new HashMap<>();
            List<String> names = new ArrayList<>();
            try (ResultSet rs =
                    st.executeQuery("SELECT stream, seq, received FROM " + out + " ORDER BY seq, received")) {
                for (int j = 0; rs.next(); j++) {
                    outStream[j] = dictionary.computeIfAbsent(rs.getString(1), s -> {
                        names.add(s);
                        return names.size() - 1;
                    });
                    outSeq[j] = rs.getLong(2);
                    outReceived[j] = rs.getLong(3);
                }
            }
            return new TrialData(
                    seq,
                    phase,
                    measured,
                    burst,
                    pos,
                    intended,
                    sendStart,
                    sendEnd,
                    names.toArray(String[]::new),
                    outStream,
                    outSeq,
                    outReceived);
        } catch (SQLException e) {
            throw new IllegalArgumentException(
                    trialDir + ": cannot read the trial's parquet files: " + e.getMessage(), e);
        }
    }

    private static String parquet(Path file) {
        // Table functions take no bind parameters, so the path goes in as an escaped literal.
        return "read_parquet('" + file.toAbsolutePath().toString().replace("'", "''") + "')";
    }

    private static int count(Statement st, String source, Path file) throws SQLException {
        try (ResultSet rs = st.executeQuery("SELECT count(*) FROM " + source)) {
            rs.next();
            long n = rs.getLong(1);
            if (n > Integer.MAX_VALUE - 8) {
                throw new IllegalArgumentException(file + ": " + n + " rows, more than one array can hold");
            }
            return (int) n;
        }
    }
}
