package dev.evperf.analysis.trial;

import java.nio.file.Path;

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
     * Reads {@code events.parquet} and {@code outputs.parquet} of a trial directory ({@link TrialParquet}).
     *
     * @throws IllegalArgumentException naming the file when it is missing or unreadable
     */
    public static TrialData load(Path trialDir) {
        return TrialParquet.read(trialDir);
    }
}
