package dev.evperf.suites.translate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.StreamSchema;
import dev.evperf.suites.TestSpecs;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Flink SQL of every test goes through Flink 1.20's own parser, validator and planner
 * ({@code explainSql}, no job runs) over input tables made as the flink adapter makes them.
 * Outputs are not run here: the flink adapter (another module) will run them and the suite
 * validates them as it does Siddhi's and Esper's.
 */
class FlinkSqlTranslatorTest {
    static TableEnvironment env;

    @BeforeAll
    static void planner() {
        env = TableEnvironment.create(EnvironmentSettings.inStreamingMode());
    }

    /** A fresh catalog database per query, so views and tables do not collide. */
    private static int plan(QuerySpec spec, Translation.Queries t) {
        String db = "q" + Integer.toHexString(System.identityHashCode(t));
        env.executeSql("CREATE DATABASE " + db);
        env.useDatabase(db);
        for (StreamSchema input : t.inputs()) {
            env.executeSql(FlinkSqlTranslator.inputTable(input, "'connector' = 'datagen', 'number-of-rows' = '10'"));
        }
        for (String statement : t.text().split(";\n")) {
            env.executeSql(statement);
        }
        int planned = 0;
        for (String out : t.outputNames()) {
            String plan = env.explainSql("SELECT * FROM `" + out + "`");
            assertThat(plan).as(spec.label()).contains("== Optimized Physical Plan ==");
            planned++;
        }
        return planned;
    }

    @Test
    void everySupportedTestPlansAndEveryOtherSaysWhy() {
        FlinkSqlTranslator translator = new FlinkSqlTranslator();
        int planned = 0;
        int unsupported = 0;
        for (String yaml : TestSpecs.CHAPTER_4) {
            QuerySpec spec = Specs.read(yaml, "test");
            Translation t = translator.translate(spec);
            if (t instanceof Translation.Unsupported u) {
                assertThat(u.reason()).as(spec.label()).isNotBlank();
                unsupported++;
            } else {
                planned += plan(spec, (Translation.Queries) t);
            }
        }
        assertThat(planned).isEqualTo(4 + 3 + 3 + 1); // filters, projections, time windows, pattern
        assertThat(unsupported).isEqualTo(8 + 3 + 1 + 2); // count windows, window joins, table join, multi-queries
    }

    @Test
    void aTableJoinIsALookupJoinOnTheJdbcConnector() {
        Database db = new Database("jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "postgres");
        QuerySpec spec = Specs.read("{test: table_join, rows: 1000, table: database}", "test");
        Translation.Queries t = (Translation.Queries) new FlinkSqlTranslator(db).translate(spec);
        assertThat(t.text()).contains("FOR SYSTEM_TIME AS OF s.proctime", "'connector' = 'jdbc'");
        // flink-connector-jdbc is the flink adapter's dependency, not this module's: the statements
        // parse and validate, and planning stops exactly at the missing connector
        assertThatThrownBy(() -> plan(spec, t))
                .hasStackTraceContaining("Could not find any factory for identifier 'jdbc'");
        QuerySpec memory = Specs.read("{test: table_join, rows: 1000, table: memory}", "test");
        assertThat(((Translation.Queries) new FlinkSqlTranslator(db).translate(memory)).text())
                .contains("'lookup.cache' = 'FULL'");
    }
}
