package dev.evperf.ref.lang;

import dev.evperf.api.EngineException;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import dev.evperf.ref.agg.Aggregates;
import dev.evperf.ref.agg.GroupIndex;
import dev.evperf.ref.config.RefOptions;
import dev.evperf.ref.op.Condition;
import dev.evperf.ref.op.DoubleArg;
import dev.evperf.ref.op.Expr;
import dev.evperf.ref.op.FilterOp;
import dev.evperf.ref.op.Output;
import dev.evperf.ref.op.Plan;
import dev.evperf.ref.op.Select;
import dev.evperf.ref.op.TimeSource;
import dev.evperf.ref.op.TumblingAggregateOp;
import dev.evperf.ref.op.WindowShape;
import dev.evperf.ref.store.StoreSpec;
import dev.evperf.suites.spec.Aggregate;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Compiles ref's query language (see {@link Parser}) into operators: a query without a window is a
 * filter; one with a window and aggregates is a sliding ({@code [ROWS n]}, {@code [RANGE t]}) or
 * tumbling ({@code [ROWS n SLIDE n]}) aggregate, grouped or not. A sliding query emits, per event,
 * one row for the event's group; a tumbling one, per closed window, one row per group in it. With
 * {@code store: slidem}, sliding windows over one stream that keep the same tuple (same WHERE,
 * GROUP BY, kind of window and time, aggregate arguments) share one Shared SlideM.
 */
public final class RefQl {
    private RefQl() {}

    /** Whether the text is ref's query language (it starts with SELECT) rather than a query spec. */
    public static boolean looksLikeQueries(String text) {
        return text.replaceAll("(?m)--.*$", "").stripLeading().regionMatches(true, 0, "SELECT", 0, 6);
    }

    /**
     * Compiles every query, then adds their operators to the plan in query order: sliding windows
     * get their stores only once all queries are known, so that with {@code store: slidem} the
     * windows that can share one repository do ({@link Compiled#addAll}).
     */
    public static void compile(String text, Plan plan, RefOptions options) throws EngineException {
        int n = 0;
        List<Compiled> compiled = new ArrayList<>();
        for (Ast.Query q : Parser.parse(text)) {
            n++;
            compiled.add(compile(q, plan, "query " + n + " (" + q.start().where() + ")"));
        }
        Compiled.addAll(compiled, plan, options);
    }

    private static Compiled compile(Ast.Query q, Plan plan, String name) throws EngineException {
        StreamSchema schema;
        try {
            schema = plan.input(q.from().text());
        } catch (EngineException e) {
            throw new EngineException("ref: " + q.from().where() + ": " + e.getMessage());
        }
        // Aggregates in select order; each argument evaluated once per event, shared by equal texts.
        Map<Ast.Node, Integer> aggIndex = new IdentityHashMap<>();
        List<Aggregate> functions = new ArrayList<>();
        List<Integer> argOf = new ArrayList<>();
        Map<String, Integer> argByText = new LinkedHashMap<>();
        List<Ast.Node> argNodes = new ArrayList<>();
        for (Ast.Item item : q.items()) collect(item.expr(), false, aggIndex, functions, argOf, argByText, argNodes);
        if (q.where() != null) collect(q.where(), true, aggIndex, functions, argOf, argByText, argNodes);

        Exprs exprs = new Exprs(schema, aggIndex);
        Expr[] items = new Expr[q.items().size()];
        List<String> names = new ArrayList<>();
        for (int i = 0; i < items.length; i++) {
            Ast.Item item = q.items().get(i);
            items[i] = exprs.compile(item.expr());
            String label = item.alias() != null
                    ? item.alias().text()
                    : item.expr() instanceof Ast.Name nm ? nm.at().text() : null;
            if (label == null) {
                throw new EngineException("ref: " + item.expr().at().where() + ": name this select item with AS");
            }
            names.add(label);
        }
        Condition where = q.where() == null ? null : Condition.of(exprs.compile(q.where()));
        Output out;
        try {
            out = plan.output(q.into().text(), names);
        } catch (EngineException e) {
            throw new EngineException("ref: " + q.into().where() + ": " + e.getMessage());
        }
        Select select = new Select(items, functions.size());
        Ast.Window w = q.window();
        if (w == null) {
            if (!functions.isEmpty())
                throw new EngineException("ref: " + q.start().where() + ": aggregates need a window, e.g. [ROWS 100]");
            if (q.groupBy() != null)
                throw new EngineException("ref: " + q.groupBy().where() + ": GROUP BY needs a window");
            return new Compiled.Ready(schema.name(), name, new FilterOp(where, select, out));
        }
        if (functions.isEmpty())
            throw new EngineException("ref: " + w.at().where() + ": a window needs an aggregate in the select list");

        int groupField = q.groupBy() == null ? -1 : exprs.field(q.groupBy());
        GroupIndex groups = new GroupIndex(
                groupField < 0
                        ? GroupIndex.Kind.NONE
                        : integral(schema.fields().get(groupField).type())
                                ? GroupIndex.Kind.INTEGRAL
                                : GroupIndex.Kind.OBJECT);
        DoubleArg[] args = new DoubleArg[argNodes.size()];
        int[] argFields = new int[args.length];
        for (int a = 0; a < args.length; a++) {
            Ast.Node node = argNodes.get(a);
            argFields[a] = node instanceof Ast.Name nm ? exprs.field(nm.at()) : -1;
            args[a] = argFields[a] >= 0
                    ? DoubleArg.field(argFields[a], ((Ast.Name) node).at().text())
                    : DoubleArg.of(exprs.compile(node), Printer.text(node));
        }
        Aggregates aggs = new Aggregates(
                functions.toArray(Aggregate[]::new),
                argOf.stream().mapToInt(Integer::intValue).toArray(),
                args.length);
        WindowShape shape = new WindowShape(where, groupField, groups, args);
        if (w.rows() > 0 && w.slide() > 1) {
            return new Compiled.Ready(schema.name(), name, new TumblingAggregateOp(shape, aggs, w.rows(), select, out));
        } else {
            int timeField = -1;
            long range = 0;
            TimeSource time = null;
            if (w.rows() == 0) {
                if (w.on() instanceof Ast.Name nm) {
                    timeField = exprs.field(nm.at());
                    if (!integral(schema.fields().get(timeField).type())) {
                        throw new EngineException("ref: " + nm.at().where() + ": the time attribute "
                                + nm.at().text() + " must be an int or long (ms)");
                    }
                    time = TimeSource.field(timeField, nm.at().text());
                    range = w.rangeMs();
                } else if (w.on() != null) {
                    time = TimeSource.of(exprs.compile(w.on()), Printer.text(w.on()));
                    range = w.rangeMs();
                } else {
                    time = TimeSource.arrival();
                    range = Math.multiplyExact(w.rangeMs(), 1_000_000L); // arrival time is System.nanoTime()
                }
            }
            StoreSpec spec = new StoreSpec(
                    schema,
                    groupField,
                    groups,
                    w.rows() == 0,
                    timeField,
                    argFields,
                    w.rows() > 0 ? (int) Math.min(w.rows(), Integer.MAX_VALUE - 8) : 1024,
                    w.rows() == 0);
            // windows that keep the same tuple of the same events (may share one Shared SlideM)
            String tuple = String.join(
                    "|",
                    schema.name(),
                    q.where() == null ? "" : Printer.text(q.where()),
                    String.valueOf(groupField),
                    w.rows() > 0 ? "rows" : w.on() == null ? "arrival" : Printer.text(w.on()),
                    String.join(",", argByText.keySet()));
            return new Compiled.Sliding(
                    schema.name(), name, w.at(), tuple, shape, aggs, spec, w.rows(), range, time, select, out);
        }
    }

    private static boolean integral(FieldType t) {
        return t == FieldType.INT || t == FieldType.LONG;
    }

    /** Numbers the aggregate calls under {@code node}; aggregates may not nest, nor stand in a WHERE clause. */
    private static void collect(
            Ast.Node node,
            boolean inWhere,
            Map<Ast.Node, Integer> aggIndex,
            List<Aggregate> functions,
            List<Integer> argOf,
            Map<String, Integer> argByText,
            List<Ast.Node> argNodes)
            throws EngineException {
        if (node instanceof Ast.Call c && isAggregate(c.function())) {
            if (inWhere) throw new EngineException("ref: " + c.at().where() + ": an aggregate cannot be in WHERE");
            Aggregate f = Aggregate.of(c.function());
            int arg = 0;
            if (f == Aggregate.COUNT) {
                if (!c.star() && c.args().size() > 1)
                    throw new EngineException("ref: " + c.at().where() + ": COUNT takes * or one value");
            } else {
                if (c.star() || c.args().size() != 1)
                    throw new EngineException("ref: " + c.at().where() + ": " + c.function() + " takes one value");
                Ast.Node a = c.args().get(0);
                if (containsAggregate(a))
                    throw new EngineException("ref: " + a.at().where() + ": aggregates cannot nest");
                String key = Printer.text(a);
                Integer k = argByText.get(key);
                if (k == null) {
                    k = argNodes.size();
                    argByText.put(key, k);
                    argNodes.add(a);
                }
                arg = k;
            }
            aggIndex.put(c, functions.size());
            functions.add(f);
            argOf.add(arg);
            return;
        }
        for (Ast.Node child : children(node)) collect(child, inWhere, aggIndex, functions, argOf, argByText, argNodes);
    }

    static boolean isAggregate(String f) {
        return switch (f) {
            case "COUNT", "SUM", "AVG", "MIN", "MAX", "STDDEV", "MEDIAN" -> true;
            default -> false;
        };
    }

    private static boolean containsAggregate(Ast.Node node) {
        if (node instanceof Ast.Call c && isAggregate(c.function())) return true;
        for (Ast.Node child : children(node)) {
            if (containsAggregate(child)) return true;
        }
        return false;
    }

    static List<Ast.Node> children(Ast.Node node) {
        if (node instanceof Ast.Unary u) return List.of(u.operand());
        if (node instanceof Ast.Binary b) return List.of(b.left(), b.right());
        if (node instanceof Ast.Call c) return c.args();
        return List.of();
    }
}
