package dev.evperf.suites.reference;

import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.spec.TableJoin;

/** Q6: every event meets its ID's table row: {@code (seq, ID, A1, F1..F9)}. */
final class TableJoinModel implements Model {
    private final String out;
    private final long seed;

    TableJoinModel(TableJoin q, String out) {
        this.out = out;
        this.seed = q.data().seed();
    }

    @Override
    public void onEvent(String stream, Object[] e, RowSink sink) {
        Object[] t = Inputs.tableRow(seed, (Integer) e[1]);
        Object[] row = new Object[3 + TableJoin.TABLE_FIELDS];
        row[0] = e[0];
        row[1] = e[1];
        row[2] = e[2];
        System.arraycopy(t, 1, row, 3, TableJoin.TABLE_FIELDS);
        sink.row(out, row);
    }
}
