package dev.evperf.suites.data;

import dev.evperf.suites.spec.MultiQuery;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Stream1;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.spec.WindowJoin;
import java.util.ArrayList;
import java.util.List;

/**
 * What a query is fed: setup rows (table1's, for the in-memory table join) sent before the run, and
 * event {@code seq} of the run, on stream1, or for joins of two windows on stream1 (even seq) and
 * stream2 (odd seq).
 */
public final class Inputs {
    private final QuerySpec spec;
    private final Stream1Generator generator;
    private final boolean twoStreams;

    public Inputs(QuerySpec spec) {
        this.spec = spec;
        this.generator = new Stream1Generator(spec.data(), spec.period());
        this.twoStreams = spec instanceof WindowJoin || spec instanceof MultiQuery;
    }

    public QuerySpec spec() {
        return spec;
    }

    /** The stream event {@code seq} goes to. */
    public String streamOf(long seq) {
        return twoStreams && (seq & 1) == 1 ? Stream1.STREAM2 : Stream1.STREAM1;
    }

    public Input event(long seq) {
        return new Input(streamOf(seq), generator.event(seq));
    }

    public Stream1Generator generator() {
        return generator;
    }

    /** table1's rows for the in-memory table join; none otherwise. */
    public List<Input> setup() {
        List<Input> rows = new ArrayList<>();
        if (spec instanceof TableJoin t && t.table() == TableJoin.Table.MEMORY) {
            for (int id = 1; id <= t.rows(); id++) {
                rows.add(new Input(TableJoin.ROWS, tableRow(spec.data().seed(), id)));
            }
        }
        return rows;
    }

    /** table1's row for ID {@code id}: {@code (ID, F1..F9)}, F_j uniform in [1, 100). */
    public static Object[] tableRow(long seed, int id) {
        Object[] row = new Object[TableJoin.TABLE_FIELDS + 1];
        row[0] = id;
        for (int j = 1; j <= TableJoin.TABLE_FIELDS; j++) {
            row[j] = 1 + 99 * Stream1Generator.unit(~seed, id, j);
        }
        return row;
    }
}
