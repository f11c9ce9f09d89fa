package dev.evperf.ref.spec;

import dev.evperf.api.EngineException;
import dev.evperf.api.FieldType;
import dev.evperf.api.StreamSchema;
import dev.evperf.ref.agg.Aggregates;
import dev.evperf.ref.agg.GroupIndex;
import dev.evperf.ref.config.RefOptions;
import dev.evperf.ref.config.Windows;
import dev.evperf.ref.op.CountMomentsOp;
import dev.evperf.ref.op.DatabaseJoinOp;
import dev.evperf.ref.op.DoubleArg;
import dev.evperf.ref.op.Expr;
import dev.evperf.ref.op.FilterOp;
import dev.evperf.ref.op.HoppingTimeOp;
import dev.evperf.ref.op.Output;
import dev.evperf.ref.op.PatternOp;
import dev.evperf.ref.op.Plan;
import dev.evperf.ref.op.Select;
import dev.evperf.ref.op.SlidingAggregateOp;
import dev.evperf.ref.op.TableJoinOp;
import dev.evperf.ref.op.TumblingAggregateOp;
import dev.evperf.ref.op.WindowJoinOp;
import dev.evperf.ref.op.WindowShape;
import dev.evperf.ref.store.Layout;
import dev.evperf.ref.store.StoreSpec;
import dev.evperf.suites.spec.Aggregate;
import dev.evperf.suites.spec.CountWindow;
import dev.evperf.suites.spec.Filter;
import dev.evperf.suites.spec.MultiQuery;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.SeqPattern;
import dev.evperf.suites.spec.Stream1;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.spec.TimeWindow;
import dev.evperf.suites.spec.WindowJoin;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds operators for a neutral query spec (evperf-suites, seed 001 chapter 4): each kind of query
 * gets the operator made for it, reading the attributes it needs by name from the input schemas
 * the engine was opened with, and writing the spec's output streams with the spec's attributes.
 */
public final class SpecPlanner {
    private final Plan plan;
    private final RefOptions options;

    private SpecPlanner(Plan plan, RefOptions options) {
        this.plan = plan;
        this.options = options;
    }

    public static void plan(QuerySpec spec, Plan plan, RefOptions options) throws EngineException {
        SpecPlanner p = new SpecPlanner(plan, options);
        try {
            spec.accept(p.new Builder());
        } catch (Unchecked e) {
            throw e.cause;
        }
    }

    /** The attribute's position in the input stream, checked for its type. */
    private int field(String stream, String name, FieldType type) throws EngineException {
        StreamSchema s = input(stream);
        int i = s.indexOf(name);
        if (i < 0 || s.fields().get(i).type() != type) {
            throw new EngineException(
                    "ref: the query needs " + stream + "." + name + " (" + type.yamlName() + "); " + stream + " has "
                            + s.fields().stream()
                                    .map(f -> f.name() + " " + f.type().yamlName())
                                    .toList());
        }
        return i;
    }

    private Output output(OutputSchema o) throws EngineException {
        try {
            return plan.output(o.stream(), o.fieldNames());
        } catch (EngineException e) {
            throw new EngineException("ref: " + e.getMessage());
        }
    }

    private StreamSchema input(String name) throws EngineException {
        try {
            return plan.input(name);
        } catch (EngineException e) {
            throw new EngineException("ref: " + e.getMessage());
        }
    }

    private void filter(Filter q) throws EngineException {
        String in = Stream1.STREAM1;
        int id = field(in, "ID", FieldType.INT);
        int k = q.k();
        OutputSchema o = q.outputs().get(0);
        Expr[] items = new Expr[o.fields().size()];
        for (int i = 0; i < items.length; i++) {
            items[i] = Expr.field(
                    field(in, o.fields().get(i).name(), o.fields().get(i).type()));
        }
        plan.add(in, q.label(), new FilterOp(e -> (Integer) e[id] <= k, new Select(items, 0), output(o)));
    }

    private void countWindow(CountWindow q) throws EngineException {
        String in = Stream1.STREAM1;
        StreamSchema schema = input(in);
        int seq = field(in, "seq", FieldType.LONG);
        int id = field(in, "ID", FieldType.INT);
        int a1 = field(in, "A1", FieldType.DOUBLE);
        GroupIndex groups = new GroupIndex(GroupIndex.Kind.INTEGRAL);
        WindowShape shape = new WindowShape(null, id, groups, new DoubleArg[] {DoubleArg.field(a1, "A1")});
        Aggregates aggs = new Aggregates(new Aggregate[] {q.function()}, new int[] {0}, 1);
        Select select = new Select(new Expr[] {Expr.field(seq), Expr.field(id), new Expr.AggExpr(0)}, 1);
        Output out = output(q.outputs().get(0));
        boolean moments = q.function() == Aggregate.COUNT
                || q.function() == Aggregate.SUM
                || q.function() == Aggregate.AVG
                || q.function() == Aggregate.STDDEV;
        if (q.tumbling()) {
            plan.add(in, q.label(), new TumblingAggregateOp(shape, aggs, q.rows(), select, out));
        } else if (moments && options.layout() == Layout.PROJECTED && options.staging() == 1 && !options.slidem()) {
            // the default configuration: the fused operator (same rows, a third of the time per event)
            plan.add(in, q.label(), new CountMomentsOp(seq, id, a1, q.function(), q.rows(), out));
        } else {
            StoreSpec store = new StoreSpec(schema, id, groups, false, -1, new int[] {a1}, q.rows(), false);
            plan.add(
                    in,
                    q.label(),
                    new SlidingAggregateOp(shape, aggs, Windows.store(store, options), q.rows(), 0, null, select, out));
        }
    }

    private void timeWindow(TimeWindow q) throws EngineException {
        String in = Stream1.STREAM1;
        plan.add(
                in,
                q.label(),
                new HoppingTimeOp(
                        field(in, "TS", FieldType.LONG),
                        field(in, "A1", FieldType.DOUBLE),
                        q.function(),
                        q.range().millis(),
                        q.slide().millis(),
                        q.paned(),
                        output(q.outputs().get(0))));
    }

    private void joins(QuerySpec q, List<WindowJoinOp.Member> members) throws EngineException {
        String s1 = Stream1.STREAM1;
        String s2 = Stream1.STREAM2;
        int seq = field(s1, "seq", FieldType.LONG);
        int id = field(s1, "ID", FieldType.INT);
        int a1 = field(s1, "A1", FieldType.DOUBLE);
        if (field(s2, "seq", FieldType.LONG) != seq
                || field(s2, "ID", FieldType.INT) != id
                || field(s2, "A1", FieldType.DOUBLE) != a1) {
            throw new EngineException("ref: stream1 and stream2 must have seq, ID and A1 at the same positions");
        }
        WindowJoinOp join = new WindowJoinOp(members, q.data().maxId(), seq, id, a1);
        plan.add(s1, q.label(), join.first());
        plan.add(s2, q.label(), join.second());
    }

    private void tableJoin(TableJoin q) throws EngineException {
        String in = Stream1.STREAM1;
        if (q.table() == TableJoin.Table.DATABASE) {
            databaseJoin(q, in);
            return;
        }
        StreamSchema table = input(TableJoin.ROWS);
        if (table.size() != TableJoin.TABLE_FIELDS + 1) {
            throw new EngineException("ref: " + TableJoin.ROWS + " must be (ID, F1..F" + TableJoin.TABLE_FIELDS
                    + "), not " + table.fields());
        }
        boolean grace = options.graceJoin();
        TableJoinOp join = new TableJoinOp(
                TableJoin.TABLE_FIELDS,
                field(in, "seq", FieldType.LONG),
                field(in, "ID", FieldType.INT),
                field(in, "A1", FieldType.DOUBLE),
                grace ? options.gracePartitions() : 1,
                grace ? options.graceBatch() : 1,
                q.rows(),
                output(q.outputs().get(0)));
        plan.add(TableJoin.ROWS, q.label(), join.tableRows());
        plan.add(in, q.label(), join.events());
    }

    /** table1 in the database the options name (evperf-suites' PostgresServer and Tables load it). */
    private void databaseJoin(TableJoin q, String in) throws EngineException {
        if (options.databaseUrl() == null) {
            throw new EngineException("ref: table_join with table: database needs the option database_url (with"
                    + " database_user and database_password): the JDBC URL of the database holding " + TableJoin.TABLE);
        }
        Connection c = null;
        try {
            c = DriverManager.getConnection(options.databaseUrl(), options.databaseUser(), options.databasePassword());
            plan.add(
                    in,
                    q.label(),
                    new DatabaseJoinOp(
                            c,
                            TableJoin.TABLE,
                            TableJoin.TABLE_FIELDS,
                            field(in, "seq", FieldType.LONG),
                            field(in, "ID", FieldType.INT),
                            field(in, "A1", FieldType.DOUBLE),
                            options.graceJoin() ? options.graceBatch() : 1,
                            output(q.outputs().get(0))));
        } catch (SQLException e) {
            if (c != null) {
                try {
                    c.close();
                } catch (SQLException ignored) {
                    // already failing
                }
            }
            throw new EngineException("ref: table_join: " + options.databaseUrl() + ": " + e.getMessage(), e);
        }
    }

    private void pattern(SeqPattern q) throws EngineException {
        String in = Stream1.STREAM1;
        plan.add(
                in,
                q.label(),
                new PatternOp(
                        q.data().maxId(),
                        field(in, "seq", FieldType.LONG),
                        field(in, "ID", FieldType.INT),
                        field(in, "A1", FieldType.DOUBLE),
                        field(in, "TS", FieldType.LONG),
                        q.k(),
                        q.within().millis(),
                        output(q.outputs().get(0))));
    }

    /** Carries an EngineException out of the visitor. */
    private static final class Unchecked extends RuntimeException {
        final EngineException cause;

        Unchecked(EngineException cause) {
            super(cause);
            this.cause = cause;
        }
    }

    private interface Step {
        void run() throws EngineException;
    }

    private static Void run(Step s) {
        try {
            s.run();
            return null;
        } catch (EngineException e) {
            throw new Unchecked(e);
        }
    }

    private final class Builder implements QuerySpec.Visitor<Void> {
        @Override
        public Void filter(Filter q) {
            return run(() -> SpecPlanner.this.filter(q));
        }

        @Override
        public Void countWindow(CountWindow q) {
            return run(() -> SpecPlanner.this.countWindow(q));
        }

        @Override
        public Void timeWindow(TimeWindow q) {
            return run(() -> SpecPlanner.this.timeWindow(q));
        }

        @Override
        public Void windowJoin(WindowJoin q) {
            return run(() ->
                    joins(q, List.of(new WindowJoinOp.Member(output(q.outputs().get(0)), q.rows(), Double.NaN))));
        }

        @Override
        public Void tableJoin(TableJoin q) {
            return run(() -> SpecPlanner.this.tableJoin(q));
        }

        @Override
        public Void pattern(SeqPattern q) {
            return run(() -> SpecPlanner.this.pattern(q));
        }

        @Override
        public Void multiQuery(MultiQuery q) {
            return run(() -> {
                List<WindowJoinOp.Member> members = new ArrayList<>();
                List<OutputSchema> outs = q.outputs();
                List<MultiQuery.Member> ms = q.members();
                for (int i = 0; i < ms.size(); i++) {
                    MultiQuery.Member m = ms.get(i);
                    members.add(new WindowJoinOp.Member(
                            output(outs.get(i)), m.rows(), m.a1Below() == null ? Double.NaN : m.a1Below()));
                }
                joins(q, members);
            });
        }
    }
}
