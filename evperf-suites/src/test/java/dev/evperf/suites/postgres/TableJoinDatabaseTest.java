package dev.evperf.suites.postgres;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.suites.EngineRun;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.translate.EsperTranslator;
import dev.evperf.suites.translate.SiddhiTranslator;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Verdict;
import java.sql.Connection;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.Test;

/** J3 on a real PostgreSQL that evperf starts and stops: table1 loaded, Esper's sql: join validated. */
class TableJoinDatabaseTest {

    @Test
    void esperJoinsEveryEventWithItsRowInPostgres() throws Exception {
        QuerySpec spec = Specs.read("{test: table_join, rows: 2000, table: database}", "test");
        String url;
        try (PostgresServer pg = PostgresServer.start()) {
            url = pg.database().url();
            assertThat(url).startsWith("jdbc:postgresql://127.0.0.1:");
            assertThat(pg.version()).startsWith("PostgreSQL ");
            assertThat(Tables.load(pg.database(), spec.data().seed(), 2000)).isEqualTo(2000);
            try (Connection c = Tables.connect(pg.database());
                    ResultSet r = c.createStatement()
                            .executeQuery(
                                    "select current_setting('listen_addresses'), F1, F9 from table1 where ID = 1234")) {
                r.next();
                assertThat(r.getString(1)).isEqualTo("127.0.0.1"); // loopback only
                Object[] row = Inputs.tableRow(spec.data().seed(), 1234);
                assertThat(List.of(r.getDouble(2), r.getDouble(3))).containsExactly((Double) row[1], (Double) row[9]);
            }

            Translation.Queries esper = (Translation.Queries) new EsperTranslator(pg.database()).translate(spec);
            assertThat(esper.text()).contains("sql:evperf ['select F1, F2");
            List<Verdict> verdicts = EngineRun.runAndValidate(spec, esper, 5000, 0);
            Verdict v = verdicts.get(0);
            assertThat(v.valid()).as(v.summary() + " " + v.examples()).isTrue();
            assertThat(v.correct()).isEqualTo(5000);
        }
        // stopped: nothing listens there any more
        assertThatThrownBy(() -> Tables.connect(new dev.evperf.suites.translate.Database(url, "postgres", "postgres")))
                .hasMessageContaining("Connection");
    }

    @Test
    void siddhiSaysWhatItLacks() {
        QuerySpec spec = Specs.read("{test: table_join, rows: 1000, table: database}", "test");
        assertThat(new SiddhiTranslator().translate(spec))
                .isInstanceOfSatisfying(Translation.Unsupported.class, u -> assertThat(u.reason())
                        .contains("siddhi-store-rdbms", "not Maven Central"));
        assertThat(new EsperTranslator().translate(spec)).isInstanceOf(Translation.Unsupported.class);
    }
}
