package dev.evperf.ref;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.EngineSpec;
import dev.evperf.suites.EngineRun;
import dev.evperf.suites.postgres.PostgresServer;
import dev.evperf.suites.postgres.Tables;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.translate.RefTranslator;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Verdict;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Q6 with table1 in a real PostgreSQL that evperf starts and stops (evperf-suites' PostgresServer),
 * on ref: one primary-key lookup per event, and batched (join: grace, one query per batch), both
 * validated row by row against the suites' reference model.
 */
class DatabaseJoinTest {

    @Test
    void refJoinsEveryEventWithItsRowInPostgresPerEventAndPerBatch() throws Exception {
        QuerySpec spec = Specs.read("{test: table_join, rows: 2000, table: database}", "test");
        try (PostgresServer pg = PostgresServer.start()) {
            assertThat(Tables.load(pg.database(), spec.data().seed(), 2000)).isEqualTo(2000);
            Translation.Queries t = (Translation.Queries) new RefTranslator(pg.database()).translate(spec);
            assertThat(t.options()).containsEntry("database_url", pg.database().url());
            for (Map<String, Object> extra :
                    List.of(Map.<String, Object>of(), Map.<String, Object>of("join", "grace", "grace_batch", 64))) {
                Map<String, Object> options = new HashMap<>(t.options());
                options.putAll(extra);
                Translation.Queries q =
                        new Translation.Queries(t.engine(), t.inputs(), t.text(), t.outputs(), options, t.notes());
                // 5 000 events with IDs up to the stream's max_id: those above 2 000 find no row and emit nothing
                List<Verdict> verdicts = EngineRun.runAndValidate(spec, q, 5000, 0);
                for (Verdict v : verdicts) {
                    assertThat(v.valid())
                            .as(extra + ": " + v.summary() + " " + v.examples())
                            .isTrue();
                    assertThat(v.expected()).as(v.summary()).isPositive();
                    assertThat(v.correct()).as(v.summary()).isEqualTo(v.expected());
                }
            }
        }
    }

    @Test
    void withoutADatabaseItIsUnsupportedOrOneLine() {
        QuerySpec spec = Specs.read("{test: table_join, rows: 10, table: database}", "test");
        assertThat(new RefTranslator().translate(spec))
                .isInstanceOfSatisfying(Translation.Unsupported.class, u -> assertThat(u.reason())
                        .contains("PostgreSQL"));
        Translation.Queries q = (Translation.Queries) new RefTranslator(
                        new dev.evperf.suites.translate.Database("jdbc:postgresql://127.0.0.1:1/none", "u", "p"))
                .translate(spec);
        assertThatThrownBy(() ->
                        new RefEngineFactory().open(new EngineSpec(q.inputs(), q.text(), q.outputNames(), q.options())))
                .hasMessageStartingWith("ref: table_join: jdbc:postgresql://127.0.0.1:1/none: ")
                .hasMessageNotContaining("\n");
    }
}
