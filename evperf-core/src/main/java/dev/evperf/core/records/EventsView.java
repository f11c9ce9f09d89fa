package dev.evperf.core.records;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Arrays;

/**
 * The events file read back, a row group at a time: in seq order for the pass over every event,
 * and by seq for the outputs that name them (which arrive in about seq order, so the last two
 * row groups read are kept).
 */
final class EventsView {
    /** One row group's columns that the figures need. */
    static final class Group {
        int index = -1;
        long first;
        int rows;
        long[] intended = new long[0], start = new long[0], end = new long[0];
        int[] phase = new int[0];
    }

    private final ResultFileReader f;
    /** Seq of each row group's first event, and the total after the last. */
    private final long[] firsts;

    private Group recent = new Group(), older = new Group();

    EventsView(ResultFileReader f) {
        this.f = f;
        firsts = new long[f.rowGroups() + 1];
        for (int g = 0; g < f.rowGroups(); g++) firsts[g + 1] = firsts[g] + f.rows(g);
    }

    long size() {
        return firsts[firsts.length - 1];
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
            }
            f.read(g, RecordSpill.E_INTENDED, into.intended);
            f.read(g, RecordSpill.E_START, into.start);
            f.read(g, RecordSpill.E_END, into.end);
            f.read(g, RecordSpill.E_PHASE, into.phase);
            into.index = g;
            into.first = firsts[g];
            into.rows = rows;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return into;
    }

    /** The row group holding seq, made the recent one. */
    Group load(long seq) {
        if (recent.index >= 0 && seq >= recent.first && seq < recent.first + recent.rows) return recent;
        int g = Arrays.binarySearch(firsts, seq);
        if (g < 0) g = -g - 2;
        return group(g);
    }

    long intended(long seq) {
        Group g = load(seq);
        return g.intended[(int) (seq - g.first)];
    }

    long sendStart(long seq) {
        Group g = load(seq);
        return g.start[(int) (seq - g.first)];
    }

    long sendEnd(long seq) {
        Group g = load(seq);
        return g.end[(int) (seq - g.first)];
    }

    int phase(long seq) {
        Group g = load(seq);
        return g.phase[(int) (seq - g.first)];
    }
}
