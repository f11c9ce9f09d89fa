package dev.evperf.ref.op;

/**
 * A compiled expression of a query: over the current event and, in a select list of an aggregate
 * query, the current group's aggregate values ({@code aggs[i]} = the i-th aggregate, boxed).
 */
@FunctionalInterface
public interface Expr {
    Object eval(Object[] event, Object[] aggs);

    /** The attribute at {@code index}, as the event carries it. */
    static Expr field(int index) {
        return new FieldExpr(index);
    }

    /** A plain attribute reference: operators copy it without evaluating anything. */
    record FieldExpr(int index) implements Expr {
        @Override
        public Object eval(Object[] event, Object[] aggs) {
            return event[index];
        }
    }

    /** The i-th aggregate of the select list. */
    record AggExpr(int index) implements Expr {
        @Override
        public Object eval(Object[] event, Object[] aggs) {
            return aggs[index];
        }
    }
}
