package dev.evperf.flink;

import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.typeutils.RowTypeInfo;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.types.Row;

/**
 * Where a Flink trial's job planning goes, in a fresh JVM and again in the same JVM: the
 * flink-window-count example's SQL planned as {@link JobPlan} does (a view over a stream, the
 * statement, {@code toChangelogStream}), then the job graph built, each step timed with
 * {@code nanoTime}; no cluster, no broker. Not a test: {@code java -cp <evperf-flink test class
 * path> dev.evperf.flink.PlanningProbe ROUNDS} (docs/benchmarks.md, "Flink trial start-up").
 */
public final class PlanningProbe {
    private PlanningProbe() {}

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 2;
        for (int r = 0; r < rounds; r++) {
            long t0 = System.nanoTime();
            StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
            RowTypeInfo type = new RowTypeInfo(
                    new TypeInformation<?>[] {Types.LONG, Types.STRING, Types.FLOAT, Types.LONG},
                    new String[] {"id", "symbol", "price", "volume"});
            DataStream<Row> rows = env.fromData(type, Row.of(1L, "IBM", 1f, 2L));
            StreamTableEnvironment tables = StreamTableEnvironment.create(env);
            long t1 = System.nanoTime();
            tables.createTemporaryView(
                    "StockStream",
                    rows,
                    Schema.newBuilder()
                            .columnByExpression("rowtime", "CAST(CURRENT_TIMESTAMP AS TIMESTAMP_LTZ(3))")
                            .columnByExpression("proctime", "PROCTIME()")
                            .watermark("rowtime", "rowtime")
                            .build());
            tables.executeSql("CREATE VIEW OutputStream AS SELECT symbol, window_start, COUNT(*) AS n"
                    + " FROM TABLE(TUMBLE(TABLE StockStream, DESCRIPTOR(rowtime), INTERVAL '0.1' SECOND))"
                    + " GROUP BY symbol, window_start, window_end");
            Table t = tables.from("OutputStream");
            long t2 = System.nanoTime();
            tables.toChangelogStream(t).print();
            long t3 = System.nanoTime();
            env.getStreamGraph().getJobGraph();
            long t4 = System.nanoTime();
            System.out.printf(
                    "round %d: environments %.0f ms, view and statement %.0f ms, toChangelogStream (optimised,"
                            + " translated) %.0f ms, job graph %.0f ms, total %.0f ms%n",
                    r, (t1 - t0) / 1e6, (t2 - t1) / 1e6, (t3 - t2) / 1e6, (t4 - t3) / 1e6, (t4 - t0) / 1e6);
        }
    }
}
