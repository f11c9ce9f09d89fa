package dev.evperf.ref.op;

import dev.evperf.ref.agg.Aggregates;

/**
 * A select list: each output attribute is an input attribute (copied as the event boxed it), an
 * aggregate (boxed from the group's state) or an expression over both. Rows are written into one
 * array per query, reused for every output.
 */
public final class Select {
    private final Expr[] items;
    private final int[] fields;
    private final int[] aggs;
    private final boolean expressions;
    private final Object[] aggValues;

    /** @param aggregates how many aggregates the query has (expressions read all of them) */
    public Select(Expr[] items, int aggregates) {
        this.items = items.clone();
        fields = new int[items.length];
        aggs = new int[items.length];
        boolean expr = false;
        for (int i = 0; i < items.length; i++) {
            fields[i] = items[i] instanceof Expr.FieldExpr f ? f.index() : -1;
            aggs[i] = items[i] instanceof Expr.AggExpr a ? a.index() : -1;
            expr |= fields[i] < 0 && aggs[i] < 0;
        }
        expressions = expr;
        aggValues = new Object[aggregates];
    }

    public int width() {
        return items.length;
    }

    /** A row of an event without aggregates. */
    public void fill(Object[] row, Object[] event) {
        for (int i = 0; i < items.length; i++) {
            row[i] = fields[i] >= 0 ? event[fields[i]] : items[i].eval(event, null);
        }
    }

    /** A row of group {@code g} with its aggregates; attributes come from {@code event}. */
    public void fill(Object[] row, Object[] event, Aggregates state, int g) {
        if (expressions) {
            for (int a = 0; a < aggValues.length; a++) aggValues[a] = state.value(a, g);
        }
        for (int i = 0; i < items.length; i++) {
            if (fields[i] >= 0) row[i] = event[fields[i]];
            else if (aggs[i] >= 0) row[i] = expressions ? aggValues[aggs[i]] : state.value(aggs[i], g);
            else row[i] = items[i].eval(event, aggValues);
        }
    }
}
