package dev.evperf.core.records;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The events file read back, a row group at a time: in seq order for the pass over every event,
 * and by seq for the outputs that name them (which arrive in about seq order, so the last two
 * row groups read are kept). A file of every event has consecutive seqs (row i of a group is its
 * first seq + i); capacity mode's file holds the timed events only, found by their seq column.
 */
final class EventsView {
    /** One row group's columns that the figures need. */
    static final class Group {
        int index = -1;
        long first;
        int rows;
        long[] intended = new long[0], start = new long[0], end = new long[0];
        int[] phase = new int[0];
        /** Each row's seq when the file holds the timed events only (else null: first + row). */
        long[] seqs;

        long seq(int row) {
            return seqs == null ? first + row : seqs[row];
        }

        /** The row of seq in this group, or -1 when it is not in the file (an untimed event). */
        int row(long seq) {
            if (seqs == null) return seq >= first && seq < first + rows ? (int) (seq - first) : -1;
            int r = Arrays.binarySearch(seqs, 0, rows, seq);
            return r < 0 ? -1 : r;
        }
    }

    private final ResultFileReader f;
    private final boolean timedOnly;
    private final long events;
    /** Seq of each row group's first row, and one past the last row's after the last group. */
    private final long[] firsts;

    private Group recent = new Group(), older = new Group();

    /**
     * @param timedOnly the file holds the timed events only (capacity mode), with their seq; else every event, one
     *     row each
     * @param events    every event of the trial, timed or not (read only when timedOnly)
     */
    EventsView(ResultFileReader f, boolean timedOnly, long events) throws IOException {
        this.f = f;
        this.timedOnly = timedOnly;
        firsts = new long[f.rowGroups() + 1];
        if (!timedOnly) {
            for (int g = 0; g < f.rowGroups(); g++) firsts[g + 1] = firsts[g] + f.rows(g);
            this.events = firsts[firsts.length - 1];
        } else {
            long[] seq = new long[0];
            for (int g = 0; g < f.rowGroups(); g++) {
                int rows = f.rows(g);
                if (seq.length < rows) seq = new long[rows];
                f.read(g, RecordSpill.E_SEQ, seq);
                firsts[g] = seq[0];
                firsts[g + 1] = seq[rows - 1] + 1;
            }
            this.events = events;
        }
    }

    /** Every event of the trial (the file's rows unless it holds the timed ones only). */
    long size() {
        return events;
    }

    int groups() {
        return f.rowGroups();
    }

    Group group(int g) {
        if (recent.index == g) return recent;
        if (older.index == g) {
            Group t = recent;
            recent = older;
            older = t;
            return recent;
        }
        Group into = older;
        older = recent;
        recent = into;
        try {
            int rows = f.rows(g);
            if (into.intended.length < rows) {
                into.intended = new long[rows];
                into.start = new long[rows];
                into.end = new long[rows];
                into.phase = new int[rows];
                if (timedOnly) into.seqs = new long[rows];
            }
            f.read(g, RecordSpill.E_INTENDED, into.intended);
            f.read(g, RecordSpill.E_START, into.start);
            f.read(g, RecordSpill.E_END, into.end);
            f.read(g, RecordSpill.E_PHASE, into.phase);
            if (timedOnly) f.read(g, RecordSpill.E_SEQ, into.seqs);
            into.index = g;
            into.first = firsts[g];
            into.rows = rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return into;
    }

    /** The row group that would hold seq, made the recent one (find the row with {@link Group#row}). */
    Group load(long seq) {
        if (recent.index >= 0 && seq >= recent.first && seq < firsts[recent.index + 1]) return recent;
        int g = Arrays.binarySearch(firsts, seq);
        if (g < 0) g = -g - 2;
        return group(Math.max(0, Math.min(f.rowGroups() - 1, g)));
    }

    /** The file's first row (the first event; in capacity mode each phase's first send is timed). */
    Group firstRow() {
        return group(0);
    }

    /** The group of the file's last row: its row {@code rows - 1} (the last event, timed in capacity mode). */
    Group lastRow() {
        return group(f.rowGroups() - 1);
    }
}
