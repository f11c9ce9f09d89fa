package dev.evperf.core.records;

import dev.evperf.core.records.ResultFile.Column;
import dev.evperf.core.records.ResultFile.Kind;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * bursts.parquet, one row per burst (start = its first event's send start, end = its last event's
 * send end: seed 000's Time(S_i,*)), aggregated as the events pass goes by in seq order, where a
 * burst's events are one stretch. Should a burst come back after another one (a schedule that
 * interleaves them), the rows are not written and {@link #ordered} says so: DuckDB then groups
 * events.parquet instead.
 */
final class BurstRows implements AutoCloseable {
    static final List<Column> COLUMNS = List.of(
            Column.of("burst", Kind.INT32),
            Column.of("phase", Kind.INT32),
            Column.of("measured", Kind.BOOLEAN),
            Column.of("events", Kind.INT64),
            Column.of("start", Kind.INT64),
            Column.of("end", Kind.INT64),
            Column.of("time_ns", Kind.INT64));
    static final int ROWS = 1 << 15;

    private final ResultFile file;
    private final int[] burst = new int[ROWS], phase = new int[ROWS];
    private final boolean[] measured = new boolean[ROWS];
    private final long[] events = new long[ROWS], start = new long[ROWS], end = new long[ROWS], time = new long[ROWS];
    private int rows = -1;
    private boolean ordered = true;

    BurstRows(Path file) throws IOException {
        this.file = new ResultFile(file, COLUMNS);
    }

    /** The next event in seq order. */
    void event(int b, int p, boolean m, long sendStart, long sendEnd) throws IOException {
        if (b < 0 || !ordered) return;
        if (rows >= 0 && burst[rows] == b) {
            phase[rows] = Math.min(phase[rows], p);
            measured[rows] &= m;
            events[rows]++;
            start[rows] = Math.min(start[rows], sendStart);
            end[rows] = Math.max(end[rows], sendEnd);
            return;
        }
        if (rows >= 0 && burst[rows] > b) {
            ordered = false;
            return;
        }
        if (++rows == ROWS) flush(ROWS);
        burst[rows] = b;
        phase[rows] = p;
        measured[rows] = m;
        events[rows] = 1;
        start[rows] = sendStart;
        end[rows] = sendEnd;
    }

    /** Writes the first n rows, every burst in them finished, as a row group. */
    private void flush(int n) throws IOException {
        for (int i = 0; i < n; i++) time[i] = end[i] - start[i];
        file.beginRowGroup(n);
        file.ints(burst);
        file.ints(phase);
        file.booleans(measured);
        file.longs(events);
        file.longs(start);
        file.longs(end);
        file.longs(time);
        file.endRowGroup();
        rows = 0;
    }

    /** Whether the bursts came one after the other (else the file is incomplete and must be replaced). */
    boolean ordered() {
        return ordered;
    }

    void finish() throws IOException {
        if (rows >= 0 && ordered) flush(rows + 1);
        file.finish();
    }

    @Override
    public void close() throws IOException {
        file.close();
    }
}
