package dev.evperf.suites.reference;

import dev.evperf.suites.spec.Filter;

/** Q1: the event's seq, ID, A1..Am and TS when ID ≤ K. */
final class FilterModel implements Model {
    private final String out;
    private final int k;
    private final int projected;
    private final int ts;

    FilterModel(Filter q, String out) {
        this.out = out;
        this.k = q.k();
        this.projected = q.projected();
        this.ts = q.data().tsIndex();
    }

    @Override
    public void onEvent(String stream, Object[] e, RowSink sink) {
        if ((Integer) e[1] <= k) {
            Object[] row = new Object[projected + 3];
            System.arraycopy(e, 0, row, 0, projected + 2);
            row[projected + 2] = e[ts];
            sink.row(out, row);
        }
    }
}
