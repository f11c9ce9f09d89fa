package dev.evperf.suites.translate;

import dev.evperf.suites.spec.Aggregate;
import dev.evperf.suites.spec.CountWindow;
import dev.evperf.suites.spec.Filter;
import dev.evperf.suites.spec.MultiQuery;
import dev.evperf.suites.spec.SeqPattern;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.spec.TimeWindow;
import dev.evperf.suites.spec.WindowJoin;
import java.util.List;
import java.util.Map;

/**
 * Query specs in EPL (Esper 8). The adapter configures the input streams as object-array types;
 * {@code insert into} makes the output streams. The database table join uses EPL's own
 * {@code sql:} join, with the database given to the adapter as its {@code databases} option.
 */
public final class EsperTranslator extends SpecTranslator {
    public static final String ENGINE = "esper";
    /** The name EPL's sql: join uses for the database, and the adapter's databases option key. */
    public static final String DATABASE = "evperf";

    private final Database database;

    /** @param database where table1 lives for the database table join, or null (that test is then unsupported) */
    public EsperTranslator(Database database) {
        super(ENGINE);
        this.database = database;
    }

    public EsperTranslator() {
        this(null);
    }

    @Override
    public Translation filter(Filter q) {
        return queries(
                q,
                "insert into Out select " + Sql.columns(q.outputs().get(0)) + " from stream1(ID <= " + q.k() + ");\n",
                q.outputs(),
                Map.of());
    }

    @Override
    public Translation countWindow(CountWindow q) {
        String f = function(q.function());
        String text = q.tumbling()
                // fully aggregated and grouped: one row per ID of the closing batch (not of the batch it replaced)
                ? "insert into Out select max(seq) as seq, ID, " + f + " as agg from stream1#length_batch(" + q.rows()
                        + ") group by ID having count(*) > 0;\n"
                // seq is neither aggregated nor grouped: one row per arriving event, for its ID
                : "insert into Out select seq, ID, " + f + " as agg from stream1#length(" + q.rows()
                        + ") group by ID;\n";
        return queries(
                q,
                text,
                q.outputs(),
                Map.of(),
                q.function() == Aggregate.STDDEV
                        ? "Esper's stddev is the sample standard deviation; scaled by sqrt((n-1)/n) to the spec's population one"
                        : "");
    }

    static String function(Aggregate f) {
        return switch (f) {
            case MAX -> "max(A1)";
            case MIN -> "min(A1)";
            case SUM -> "sum(A1)";
            case COUNT -> "count(*)";
            case AVG -> "avg(A1)";
            case STDDEV -> "coalesce(stddev(A1) * Math.sqrt((count(A1) - 1) / count(A1)), 0.0)";
            case MEDIAN -> "median(A1)";
        };
    }

    @Override
    public Translation timeWindow(TimeWindow q) {
        long p = q.slide().millis();
        long w = q.range().millis();
        if (!q.paned()) {
            return queries(
                    q,
                    "insert into Out select seq, " + function(q.function()) + " as agg from stream1#ext_timed(TS, " + w
                            + " milliseconds) output last every " + p + " milliseconds;\n",
                    List.of(q.sampledOutput()),
                    Map.of(),
                    "no event-time hopping window: a sliding ext_timed window with output last every P of Esper's "
                            + "clock; each row is checked against the sliding aggregate at its seq");
        }
        String panes = "insert into Panes select max(TS) - max(TS) % " + p + " as pstart, sum(A1) as s, count(*) as c, "
                + "max(A1) as mx, min(A1) as mn from stream1#ext_timed_batch(TS, " + p
                + " milliseconds, 0L) having count(*) > 0;\n";
        String outer = "insert into Out select max(pstart) + " + p + " as wend, "
                + SiddhiTranslator.paneFunction(q.function()) + " as agg from Panes#length(" + q.panes() + ");\n";
        return queries(
                q,
                panes + outer,
                q.outputs(),
                Map.of(),
                "panes close on the first event of the next pane (ext_timed_batch at reference point 0); the outer "
                        + "window is the last W/P panes, every pane holding an event");
    }

    @Override
    public Translation windowJoin(WindowJoin q) {
        return queries(q, join("Out", q.rows(), null), q.outputs(), Map.of());
    }

    private static String join(String out, int rows, Double a1Below) {
        return "insert into " + out + " select s1.seq as s1seq, s2.seq as s2seq, s1.ID as ID from stream1#length("
                + rows
                + ") as s1, stream2#length(" + rows + ") as s2 where s1.ID = s2.ID"
                + (a1Below == null ? "" : " and s1.A1 < " + a1Below) + ";\n";
    }

    @Override
    public Translation tableJoin(TableJoin q) {
        StringBuilder fields = new StringBuilder();
        StringBuilder select = new StringBuilder("s.seq as seq, s.ID as ID, s.A1 as A1");
        for (int i = 1; i <= TableJoin.TABLE_FIELDS; i++) {
            fields.append(i == 1 ? "" : ", ").append("F").append(i);
            select.append(", t.F").append(i).append(" as F").append(i);
        }
        if (q.table() == TableJoin.Table.DATABASE) {
            // PostgreSQL folds unquoted column names to lower case: the sql: join's columns are f1..f9
            select = new StringBuilder(select.toString().replace("t.F", "t.f"));
            if (database == null) {
                return unsupported("no database given for table1 (a PostgreSQL server or JDBC URL)");
            }
            String text = "insert into Out select " + select + " from stream1 as s, sql:" + DATABASE + " ['select "
                    + fields + " from " + TableJoin.TABLE + " where ID = ${s.ID}'] as t;\n";
            Map<String, Object> db =
                    Map.of("url", database.url(), "user", database.user(), "password", database.password());
            return queries(
                    q,
                    text,
                    q.outputs(),
                    Map.of("databases", Map.of(DATABASE, db)),
                    "EPL's sql: join, one parameterized query per event, no cache (Esper's default)");
        }
        StringBuilder text = new StringBuilder("create table table1 (ID int primary key");
        for (int i = 1; i <= TableJoin.TABLE_FIELDS; i++) {
            text.append(", F").append(i).append(" double");
        }
        text.append(");\ninsert into table1 select * from table1_rows;\n");
        text.append("insert into Out select ")
                .append(select)
                .append(" from stream1 as s unidirectional, table1 as t where s.ID = t.ID;\n");
        return queries(
                q,
                text.toString(),
                q.outputs(),
                Map.of(),
                "table1 has a primary key on ID, so each event's lookup is indexed");
    }

    @Override
    public Translation pattern(SeqPattern q) {
        return queries(
                q,
                "insert into Out select a1.seq as a1seq, a2.seq as a2seq, a1.ID as ID from pattern [every a1=stream1 -> "
                        + "(every a2=stream1(ID = a1.ID and A1 > " + q.k() + " and TS - a1.TS <= "
                        + q.within().millis()
                        + ") where timer:within(" + Sql.engineWithin(q.within()) + " milliseconds))];\n",
                q.outputs(),
                // Esper's clock follows TS: on its wall clock, an engine that falls behind expires due matches.
                Map.of("event_time", "TS"),
                "within is on TS in the filter; timer:within (twice w plus 10 s, on Esper's clock driven by TS: engine "
                        + "option event_time) only bounds the partial matches' life");
    }

    @Override
    public Translation multiQuery(MultiQuery q) {
        StringBuilder text = new StringBuilder();
        for (MultiQuery.Member m : q.members()) {
            text.append(join(m.output(), m.rows(), m.a1Below()));
        }
        return queries(q, text.toString(), q.outputs(), Map.of());
    }
}
