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
 * The recorded columns of one trial: one entry per input event (indexed by seq, which is 0..n-1)
 * and one per output received. Primitive arrays only, so a trial of millions of events stays
 * cheap; output stream names are dictionary-encoded for the same reason.
 */
public final class TrialData {
    private final int[] phase;
    private final boolean[] measured;
    private final int[] burst;
    private final int[] pos;
    private final long[] intended;
    private final long[] sendStart;
    private final long[] sendEnd;

    private final String[] streamNames;
    private final int[] outStream;
    private final long[] outSeq;
    private final long[] outReceived;

    /** A trial without outputs (e.g. for tests of per-event figures). */
    public TrialData(
            long[] seq,
            int[] phase,
            boolean[] measured,
            int[] burst,
            int[] pos,
            long[] intended,
            long[] sendStart,
            long[] sendEnd) {
        this(
                seq,
                phase,
                measured,
                burst,
                pos,
                intended,
                sendStart,
                sendEnd,
                new String[0],
                new int[0],
                new long[0],
                new long[0]);
    }

    /**
     * @param streamNames the output stream dictionary; {@code outStream[j]} indexes into it
     * @param outSeq      the seq of the input that caused output j, -1 when unknown
     */
    public TrialData(
            long[] seq,
            int[] phase,
            boolean[] measured,
            int[] burst,
            int[] pos,
            long[] intended,
            long[] sendStart,
            long[] sendEnd,
            String[] streamNames,
            int[] outStream,
            long[] outSeq,
            long[] outReceived) {
        this(
                check(
                        seq,
                        phase,
                        measured,
                        burst,
                        pos,
                        intended,
                        sendStart,
                        sendEnd,
                        streamNames,
                        outStream,
                        outSeq,
                        outReceived),
                measured,
                burst,
                pos,
                intended,
                sendStart,
                sendEnd,
                streamNames,
                outStream,
                outSeq,
                outReceived);
    }

    /** Checks the columns agree (lengths, seq = row, outputs' seq and stream in range); returns phase. */
    private static int[] check(
            long[] seq,
            int[] phase,
            boolean[] measured,
            int[] burst,
            int[] pos,
            long[] intended,
            long[] sendStart,
            long[] sendEnd,
            String[] streamNames,
            int[] outStream,
            long[] outSeq,
            long[] outReceived) {
        int n = seq.length;
        requireLength("phase", phase.length, n);
        requireLength("measured", measured.length, n);
        requireLength("burst", burst.length, n);
        requireLength("pos", pos.length, n);
        requireLength("intended", intended.length, n);
        requireLength("send_start", sendStart.length, n);
        requireLength("send_end", sendEnd.length, n);
        // The analyses index inputs by seq, so seq must be exactly the row number.
        for (int i = 0; i < n; i++) {
            if (seq[i] != i) {
                throw new IllegalArgumentException(
                        "events: expected seq 0..n-1 in order, row " + i + " has seq " + seq[i]);
            }
        }
        int m = outSeq.length;
        requireLength("output stream", outStream.length, m);
        requireLength("output received", outReceived.length, m);
        for (int j = 0; j < m; j++) {
            if (outSeq[j] < -1 || outSeq[j] >= n) {
                throw new IllegalArgumentException(
                        "outputs: row " + j + " has seq " + outSeq[j] + ", expected -1 or 0.." + (n - 1));
            }
            if (outStream[j] < 0 || outStream[j] >= streamNames.length) {
                throw new IllegalArgumentException(
                        "outputs: row " + j + " names stream #" + outStream[j] + " outside the dictionary");
            }
        }
        return phase;
    }

    private static void requireLength(String column, int actual, int expected) {
        if (actual != expected) {
            throw new IllegalArgumentException("column " + column + " has " + actual + " rows, expected " + expected);
        }
    }

    // ---- inputs ----
    public int size() {
        return sendStart.length;
    }

    public int phase(int seq) {
        return phase[seq];
    }

    public boolean measured(int seq) {
        return measured[seq];
    }
    /** Burst index within the trial, -1 when the profile has no bursts. */
    public int burst(int seq) {
        return burst[seq];
    }

    public int pos(int seq) {
        return pos[seq];
    }

    public long intended(int seq) {
        return intended[seq];
    }

    public long sendStart(int seq) {
        return sendStart[seq];
    }

    public long sendEnd(int seq) {
        return sendEnd[seq];
    }
    /** Event processing time Time(S_i,j) = send_end − send_start, ns. */
    public long eventTimeNs(int seq) {
        return sendEnd[seq] - sendStart[seq];
    }

    public long measuredCount() {
        long c = 0;
        for (boolean b : measured) if (b) c++;
        return c;
    }

    /** The checked columns (the public constructor's {@code check} returns {@code phase}). */
    private TrialData(
            int[] phase,
            boolean[] measured,
            int[] burst,
            int[] pos,
            long[] intended,
            long[] sendStart,
            long[] sendEnd,
            String[] streamNames,
            int[] outStream,
            long[] outSeq,
            long[] outReceived) {
        this.phase = phase;
        this.measured = measured;
        this.burst = burst;
        this.pos = pos;
        this.intended = intended;
        this.sendStart = sendStart;
        this.sendEnd = sendEnd;
        this.streamNames = streamNames;
        this.outStream = outStream;
        this.outSeq = outSeq;
        this.outReceived = outReceived;
    }

    // ---- outputs ----
    public int outputCount() {
        return outSeq.length;
    }

    public String outputStream(int j) {
        return streamNames[outStream[j]];
    }

    public long outputSeq(int j) {
        return outSeq[j];
    }

    public long outputReceived(int j) {
        return outReceived[j];
    }

    /**
     * Reads {@code events.parquet} and {@code outputs.parquet} of a trial directory through
     * DuckDB (in-memory), ordered by seq.
     *
     * @throws IllegalArgumentException naming the file when it is missing or unreadable
     */
    public static TrialData load(Path trialDir) {
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
