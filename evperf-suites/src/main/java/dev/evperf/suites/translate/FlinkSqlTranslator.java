package dev.evperf.suites.translate;

import dev.evperf.api.Field;
import dev.evperf.api.StreamSchema;
import dev.evperf.suites.spec.Aggregate;
import dev.evperf.suites.spec.CountWindow;
import dev.evperf.suites.spec.Filter;
import dev.evperf.suites.spec.MultiQuery;
import dev.evperf.suites.spec.SeqPattern;
import dev.evperf.suites.spec.Span;
import dev.evperf.suites.spec.TableJoin;
import dev.evperf.suites.spec.TimeWindow;
import dev.evperf.suites.spec.WindowJoin;
import java.util.Map;

/**
 * Query specs in Flink SQL (Flink 1.20). The text is a script of {@code CREATE TEMPORARY VIEW
 * `<output>` AS SELECT …} statements (names quoted: {@code OUT} is a keyword), one view per output stream, over input tables the flink
 * adapter creates with {@link #inputTable}: the schema's columns, {@code rowtime} (TS as a
 * TIMESTAMP_LTZ) with a watermark 1 ms behind it, and {@code proctime}. Window ends ({@code wend})
 * are TIMESTAMP(3) columns in UTC; the adapter gives them to evperf as epoch milliseconds.
 */
public final class FlinkSqlTranslator extends SpecTranslator {
    public static final String ENGINE = "flink";

    private final Database database;

    /** @param database where table1 lives for the table joins, or null (they are then unsupported) */
    public FlinkSqlTranslator(Database database) {
        super(ENGINE);
        this.database = database;
    }

    public FlinkSqlTranslator() {
        this(null);
    }

    /**
     * An input table: the schema's columns, event time from TS with a watermark 1 ms behind the
     * largest TS seen (so events sharing a millisecond are not late), and processing time.
     *
     * @param with the connector options, e.g. {@code 'connector' = 'datagen'}
     */
    public static String inputTable(StreamSchema schema, String with) {
        StringBuilder ddl =
                new StringBuilder("CREATE TABLE ").append(schema.name()).append(" (\n");
        for (Field f : schema.fields()) {
            ddl.append("  ").append(f.name()).append(' ').append(sqlType(f)).append(",\n");
        }
        if (schema.indexOf("TS") >= 0) {
            ddl.append("  rowtime AS TO_TIMESTAMP_LTZ(TS, 3),\n");
            ddl.append("  WATERMARK FOR rowtime AS rowtime - INTERVAL '0.001' SECOND,\n");
        }
        return ddl.append("  proctime AS PROCTIME()\n) WITH (")
                .append(with)
                .append(")")
                .toString();
    }

    private static String sqlType(Field f) {
        return switch (f.type()) {
            case INT -> "INT";
            case LONG -> "BIGINT";
            case FLOAT -> "FLOAT";
            case DOUBLE -> "DOUBLE";
            case STRING -> "STRING";
            case BOOL -> "BOOLEAN";
        };
    }

    /**
     * An interval literal of whole milliseconds, {@code INTERVAL 'h:mm:ss.fff' HOUR TO SECOND}: the
     * planner takes only default precisions, and two hour digits cover every window (to 99 h).
     */
    static String interval(Span span) {
        long ms = span.millis();
        if (ms >= 100 * 3_600_000L) {
            throw new IllegalArgumentException(span + " is longer than Flink's default interval precision (99 h)");
        }
        return String.format(
                "INTERVAL '%d:%02d:%02d.%03d' HOUR TO SECOND",
                ms / 3_600_000, ms / 60_000 % 60, ms / 1000 % 60, ms % 1000);
    }

    /**
     * The flink adapter's options for event time: each record's Kafka timestamp is its TS, so
     * {@code rowtime} is TS (watermarked 1 ms behind the largest), and window ends are UTC.
     */
    static final Map<String, Object> EVENT_TIME =
            Map.of("timestamp", "TS", "flink", Map.of("table.local-time-zone", "UTC"));

    private static String view(String name, String select) {
        return "CREATE TEMPORARY VIEW `" + name + "` AS\n" + select + ";\n"; // quoted: OUT is a keyword
    }

    @Override
    public Translation filter(Filter q) {
        return queries(
                q,
                view("Out", "SELECT " + Sql.columns(q.outputs().get(0)) + " FROM stream1 WHERE ID <= " + q.k()),
                q.outputs(),
                Map.of());
    }

    @Override
    public Translation countWindow(CountWindow q) {
        return unsupported(
                "Flink SQL has no count window over a whole stream: its ROWS windows are OVER windows, which "
                        + "with PARTITION BY ID hold the last R rows of each ID (not of the stream) and without it cannot restrict "
                        + "the aggregate to the current row's ID; count-based tumbling windows do not exist");
    }

    private static String function(Aggregate f) {
        return switch (f) {
            case COUNT -> "COUNT(*)";
            case STDDEV -> "STDDEV_POP(A1)";
            default -> f.name() + "(A1)";
        };
    }

    @Override
    public Translation timeWindow(TimeWindow q) {
        String p = interval(q.slide());
        String w = interval(q.range());
        if (!q.paned()) {
            return queries(
                    q,
                    view(
                            "Out",
                            "SELECT window_end AS wend, " + function(q.function()) + " AS agg\n"
                                    + "FROM TABLE(HOP(TABLE stream1, DESCRIPTOR(rowtime), " + p + ", " + w + "))\n"
                                    + "GROUP BY window_start, window_end"),
                    q.outputs(),
                    EVENT_TIME,
                    "Flink's window TVF aggregation slices a HOP window into P-long slices itself: the direct form is paned by the engine");
        }
        String panes = view(
                "Panes",
                "SELECT window_time AS ptime, SUM(A1) AS s, COUNT(*) AS c, MAX(A1) AS mx, MIN(A1) AS mn\n"
                        + "FROM TABLE(TUMBLE(TABLE stream1, DESCRIPTOR(rowtime), " + p + "))\n"
                        + "GROUP BY window_start, window_end, window_time");
        String out = view(
                "Out",
                "SELECT window_end AS wend, " + SiddhiTranslator.paneFunction(q.function())
                        + " AS agg\nFROM TABLE(HOP(TABLE `Panes`, DESCRIPTOR(ptime), " + p + ", " + w + "))\n"
                        + "GROUP BY window_start, window_end");
        return queries(
                q,
                panes + out,
                q.outputs(),
                EVENT_TIME,
                "panes are a TUMBLE window; the outer HOP window runs on their window_time");
    }

    @Override
    public Translation windowJoin(WindowJoin q) {
        return unsupported(ROWS_JOIN);
    }

    private static final String ROWS_JOIN = "Flink SQL joins streams over time intervals (interval joins) or without "
            + "windows (regular joins, which keep every row); a join of the last S rows of each stream has no Flink SQL form";

    @Override
    public Translation tableJoin(TableJoin q) {
        if (database == null) {
            return unsupported(
                    "Flink SQL looks rows up per event only in a lookup source; evperf gives it table1 through "
                            + "the JDBC connector (flink-connector-jdbc), so the table joins need a database");
        }
        StringBuilder columns = new StringBuilder("ID INT");
        StringBuilder select = new StringBuilder("s.seq AS seq, s.ID AS ID, s.A1 AS A1");
        for (int i = 1; i <= TableJoin.TABLE_FIELDS; i++) {
            columns.append(", F").append(i).append(" DOUBLE");
            select.append(", t.F").append(i).append(" AS F").append(i);
        }
        boolean memory = q.table() == TableJoin.Table.MEMORY;
        String table = "CREATE TEMPORARY TABLE " + TableJoin.TABLE + " (" + columns
                + ", PRIMARY KEY (ID) NOT ENFORCED) WITH (\n"
                + "  'connector' = 'jdbc', 'url' = '" + database.url() + "', 'table-name' = '" + TableJoin.TABLE
                + "',\n"
                + "  'username' = '" + database.user() + "', 'password' = '" + database.password() + "'"
                + (memory ? ",\n  'lookup.cache' = 'FULL'" : "") + ");\n";
        return queries(
                q,
                table
                        + view(
                                "Out",
                                "SELECT " + select + "\nFROM stream1 AS s JOIN " + TableJoin.TABLE
                                        + " FOR SYSTEM_TIME AS OF s.proctime AS t ON s.ID = t.ID"),
                q.outputs(),
                Map.of(),
                memory
                        ? "in memory: the JDBC lookup source with a FULL cache loads all of table1 into Flink's memory"
                        : "a lookup join: one query to the database per event (no cache)");
    }

    @Override
    public Translation pattern(SeqPattern q) {
        return queries(
                q,
                view(
                        "Out",
                        "SELECT a1.seq AS a1seq, a2.seq AS a2seq, a1.ID AS ID\nFROM stream1 AS a1, stream1 AS a2\n"
                                + "WHERE a1.ID = a2.ID AND a2.A1 > " + q.k()
                                + " AND a1.seq < a2.seq AND a2.TS - a1.TS <= "
                                + q.within().millis()
                                + "\n  AND a1.rowtime BETWEEN a2.rowtime - " + interval(q.within())
                                + " AND a2.rowtime"),
                q.outputs(),
                EVENT_TIME,
                "MATCH_RECOGNIZE emits one match per starting row, never every pair: all-to-all is an interval self-join");
    }

    @Override
    public Translation multiQuery(MultiQuery q) {
        return unsupported("the multi-query test runs window joins: " + ROWS_JOIN);
    }
}
