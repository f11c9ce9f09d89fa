package dev.evperf.analysis.stats;

import dev.evperf.analysis.trial.TrialData;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

/** Writes synthetic trials and runs in the results format, for the tests of the statistics packages. */
public final class TrialFiles {
    private TrialFiles() {
    }

    /** A bursty trial: {@code bursts} measured bursts of {@code size}, event times from {@code eventNs(burst, pos)}, bursts {@code distanceNs} apart. */
    public interface EventTime {
        long ns(int burst, int pos);
    }

    public static TrialData bursty(int bursts, int size, long distanceNs, EventTime time) {
        int n = bursts * size;
        long[] seq = new long[n], intended = new long[n], start = new long[n], end = new long[n];
        int[] phase = new int[n], burst = new int[n], pos = new int[n];
        boolean[] measured = new boolean[n];
        for (int b = 0; b < bursts; b++) {
            long t = 1_000_000 + b * distanceNs;
            for (int p = 0; p < size; p++) {
                int i = b * size + p;
                seq[i] = i;
                phase[i] = 0;
                measured[i] = true;
                burst[i] = b;
                pos[i] = p;
                intended[i] = 1_000_000 + b * distanceNs;
                start[i] = t;
                t += time.ns(b, p);
                end[i] = t;
            }
        }
        return new TrialData(seq, phase, measured, burst, pos, intended, start, end);
    }

    /**
     * Writes events.parquet, an outputs.parquet with one output per input (received at send end) and
     * bursts.parquet.
     */
    public static void write(TrialData d, Path dir) {
        write(d, dir, false);
    }

    /**
     * Writes the trial as the trial runner does, with its own outputs, every file's rows in reverse
     * order, so that loading must sort (events by seq, outputs by seq and receipt).
     */
    public static void writeReversed(TrialData d, Path dir) {
        write(d, dir, true);
        writeOutputs(d, dir, true);
    }

    private static void write(TrialData d, Path dir, boolean reversed) {
        try {
            Files.createDirectories(dir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE events (seq BIGINT, phase INTEGER, measured BOOLEAN, burst INTEGER, pos INTEGER,"
                    + " intended BIGINT, send_start BIGINT, send_end BIGINT, batch INTEGER)");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO events VALUES (?, ?, ?, ?, ?, ?, ?, ?, -1)")) {
                for (int k = 0; k < d.size(); k++) {
                    int i = reversed ? d.size() - 1 - k : k;
                    ins.setLong(1, i);
                    ins.setInt(2, d.phase(i));
                    ins.setBoolean(3, d.measured(i));
                    ins.setInt(4, d.burst(i));
                    ins.setInt(5, d.pos(i));
                    ins.setLong(6, d.intended(i));
                    ins.setLong(7, d.sendStart(i));
                    ins.setLong(8, d.sendEnd(i));
                    ins.addBatch();
                }
                ins.executeBatch();
            }
            st.execute("CREATE TABLE outputs AS SELECT 'OutputStream' AS stream, seq, send_end AS received FROM events");
            st.execute("COPY events TO '" + dir.resolve("events.parquet") + "' (FORMAT PARQUET)");
            st.execute("COPY outputs TO '" + dir.resolve("outputs.parquet") + "' (FORMAT PARQUET)");
            // bursts.parquet as the trial runner writes it (one row per burst)
            st.execute("COPY (SELECT burst, min(phase) AS phase, bool_and(measured) AS measured, count(*) AS events,"
                    + " min(send_start) AS start, max(send_end) AS \"end\", max(send_end) - min(send_start) AS time_ns"
                    + " FROM events WHERE burst >= 0 GROUP BY burst ORDER BY burst) TO '" + dir.resolve("bursts.parquet") + "' (FORMAT PARQUET)");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Replaces outputs.parquet with the trial's own outputs, in their order in {@code d} (so a test
     * can write several streams, outputs of unknown cause and outputs out of seq order).
     */
    public static void writeOutputs(TrialData d, Path dir) {
        writeOutputs(d, dir, false);
    }

    private static void writeOutputs(TrialData d, Path dir, boolean reversed) {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE outputs (stream VARCHAR, seq BIGINT, received BIGINT)");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO outputs VALUES (?, ?, ?)")) {
                for (int k = 0; k < d.outputCount(); k++) {
                    int j = reversed ? d.outputCount() - 1 - k : k;
                    ins.setString(1, d.outputStream(j));
                    ins.setLong(2, d.outputSeq(j));
                    ins.setLong(3, d.outputReceived(j));
                    ins.addBatch();
                }
                ins.executeBatch();
            }
            st.execute("COPY outputs TO '" + dir.resolve("outputs.parquet") + "' (FORMAT PARQUET)");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** One trace record. */
    public record TraceRow(long seq, String point, long t, int rank) {}

    public static void writeTrace(List<TraceRow> rows, Path dir) {
        try (Connection c = DriverManager.getConnection("jdbc:duckdb:"); Statement st = c.createStatement()) {
            st.execute("CREATE TABLE trace (seq BIGINT, point VARCHAR, t BIGINT, rank INTEGER, thread VARCHAR)");
            try (PreparedStatement ins = c.prepareStatement("INSERT INTO trace VALUES (?, ?, ?, ?, 'x')")) {
                // Reverse order on purpose: loading must sort.
                for (int i = rows.size() - 1; i >= 0; i--) {
                    TraceRow r = rows.get(i);
                    ins.setLong(1, r.seq());
                    ins.setString(2, r.point());
                    ins.setLong(3, r.t());
                    ins.setInt(4, r.rank());
                    ins.addBatch();
                }
                ins.executeBatch();
            }
            st.execute("COPY trace TO '" + dir.resolve("trace.parquet") + "' (FORMAT PARQUET)");
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A run directory holding the given trials (ids t001, t002, …), all ok, without matrix parameters. */
    public static Path run(Path runDir, List<TrialData> trials) {
        return run(runDir, trials, java.util.Collections.nCopies(trials.size(), "{}"));
    }

    /** The same with each trial's matrix parameters as a JSON object, e.g. {@code {"d": "100ms"}}. */
    public static Path run(Path runDir, List<TrialData> trials, List<String> params) {
        List<String> entries = new ArrayList<>();
        for (int i = 0; i < trials.size(); i++) {
            String id = String.format("t%03d", i + 1);
            write(trials.get(i), runDir.resolve("trials/" + id));
            entries.add("{\"id\":\"" + id + "\",\"dir\":\"trials/" + id + "\",\"params\":" + params.get(i) + ",\"status\":\"ok\"}");
        }
        entries.add("{\"id\":\"t999\",\"dir\":\"trials/t999\",\"params\":{},\"status\":\"failed\",\"reason\":\"crashed\"}");
        try {
            Files.writeString(runDir.resolve("run.json"), "{\"format\":\"evperf-run/1\",\"trials\":[" + String.join(",", entries) + "]}");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return runDir;
    }
}
