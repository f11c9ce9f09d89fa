package dev.evperf.core.records;

import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.records.ResultFile.Column;
import dev.evperf.core.records.ResultFile.Kind;
import dev.evperf.results.Layout;
import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/**
 * events.parquet, bursts.parquet and outputs.parquet, written row group by row group during the passes over the
 * spill that compute the figures (so each spill row group is read once): the spill's columns as
 * they are, plus events' {@code measured} and the outputs' receipts filled in. The columns and
 * their types are those of docs/results-format.md (and of the DuckDB conversion they replace).
 */
final class ResultWriters implements AutoCloseable {
    static final List<Column> EVENTS = List.of(
            Column.of("seq", Kind.INT64),
            Column.of("phase", Kind.INT32),
            Column.of("measured", Kind.BOOLEAN),
            Column.of("burst", Kind.INT32),
            Column.of("pos", Kind.INT32),
            Column.of("intended", Kind.INT64),
            Column.of("send_start", Kind.INT64),
            Column.of("send_end", Kind.INT64),
            Column.of("batch", Kind.INT32));

    static List<Column> outputs(List<String> streams) {
        List<String> links =
                Arrays.stream(OutputRecords.Link.values()).map(l -> l.label).toList();
        return List.of(
                new Column("stream", Kind.LABEL, streams),
                Column.of("seq", Kind.INT64),
                Column.of("received", Kind.INT64),
                Column.of("declared", Kind.INT64),
                new Column("link", Kind.LABEL, links),
                Column.of("append_ms", Kind.INT64));
    }

    private final ResultFile events, outputs;
    private final BurstRows bursts;
    private final boolean[] measured;
    private long[] seq = new long[0];
    private int[] ints = new int[0];
    private boolean[] flags = new boolean[0];
    private long[] longs = new long[0];

    /** @param eventsFile null when events.parquet is written otherwise (joined with a broker's acknowledgements) */
    ResultWriters(Path dir, boolean[] measured, List<String> streams, boolean eventsFile) throws IOException {
        this.measured = measured;
        this.events = eventsFile ? new ResultFile(dir.resolve(Layout.EVENTS), EVENTS) : null;
        this.bursts = eventsFile ? new BurstRows(dir.resolve(Layout.BURSTS)) : null;
        this.outputs = new ResultFile(dir.resolve(Layout.OUTPUTS), outputs(streams));
    }

    /** One row group of events, as the spill holds it (g's intended, start, end and phase already read into grp). */
    void events(SpillFile spill, EventsView.Group g) throws IOException {
        if (events == null) return;
        int n = g.rows;
        size(n);
        events.beginRowGroup(n);
        for (int i = 0; i < n; i++) seq[i] = g.first + i;
        events.longs(seq);
        events.ints(g.phase);
        for (int i = 0; i < n; i++) flags[i] = measured[g.phase[i]];
        events.booleans(flags);
        spill.read(g.index, RecordSpill.E_BURST, ints);
        for (int i = 0; i < n; i++) bursts.event(ints[i], g.phase[i], flags[i], g.start[i], g.end[i]);
        events.ints(ints);
        spill.read(g.index, RecordSpill.E_POS, ints);
        events.ints(ints);
        events.longs(g.intended);
        events.longs(g.start);
        events.longs(g.end);
        spill.read(g.index, RecordSpill.E_BATCH, ints);
        events.ints(ints);
        events.endRowGroup();
    }

    /** One row group of outputs: seq and received (receipts filled in) as the figures pass has them. */
    void outputs(SpillFile spill, int group, long[] seq, long[] received) throws IOException {
        int n = spill.rows(group);
        size(n);
        outputs.beginRowGroup(n);
        spill.read(group, RecordSpill.O_STREAM, ints);
        outputs.labels(ints);
        outputs.longs(seq);
        outputs.longs(received);
        spill.read(group, RecordSpill.O_DECLARED, longs);
        outputs.longs(longs);
        spill.read(group, RecordSpill.O_LINK, ints);
        outputs.labels(ints);
        spill.read(group, RecordSpill.O_APPEND, longs);
        outputs.longs(longs);
        outputs.endRowGroup();
    }

    /** Whether bursts.parquet is written (else DuckDB must group events.parquet). */
    boolean burstsWritten() {
        return bursts != null && bursts.ordered();
    }

    private void size(int n) {
        if (seq.length >= n) return;
        seq = new long[n];
        ints = new int[n];
        flags = new boolean[n];
        longs = new long[n];
    }

    /** Writes both footers. */
    void finish() throws IOException {
        if (events != null) events.finish();
        if (bursts != null) bursts.finish();
        outputs.finish();
    }

    @Override
    public void close() throws IOException {
        if (events != null) events.close();
        if (bursts != null) bursts.close();
        outputs.close();
    }
}
