package dev.evperf.ref.op;

/** Selection and projection: the select list of every event that passes the WHERE clause. */
public final class FilterOp implements Operator {
    private final Condition where;
    private final Select select;
    private final Output out;
    private final Object[] row;

    /** @param where null when every event passes */
    public FilterOp(Condition where, Select select, Output out) {
        this.where = where;
        this.select = select;
        this.out = out;
        this.row = new Object[select.width()];
    }

    @Override
    public void onEvent(Object[] event) {
        if (where != null && !where.test(event)) return;
        select.fill(row, event);
        out.emit(row);
    }
}
