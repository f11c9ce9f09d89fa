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
 * The result files' columns, and outputs.parquet written row group by row group during the pass
 * over the outputs spill that computes the figures (so each spill row group is read once): the
 * spill's columns as they are, receipts filled in. events.parquet is written during the run
 * ({@link RecordSpill}). The columns and their types are those of docs/results-format.md.
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

    private final ResultFile outputs;
    private int[] ints = new int[0];
    private long[] longs = new long[0];

    ResultWriters(Path dir, List<String> streams) throws IOException {
        this.outputs = new ResultFile(dir.resolve(Layout.OUTPUTS), outputs(streams));
    }

    /** One row group of outputs: seq and received (receipts filled in) as the figures pass has them. */
    void outputs(ResultFileReader spill, int group, long[] seq, long[] received) throws IOException {
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

    private void size(int n) {
        if (ints.length >= n) return;
        ints = new int[n];
        longs = new long[n];
    }

    /** Writes the footer. */
    void finish() throws IOException {
        outputs.finish();
    }

    @Override
    public void close() throws IOException {
        outputs.close();
    }
}
