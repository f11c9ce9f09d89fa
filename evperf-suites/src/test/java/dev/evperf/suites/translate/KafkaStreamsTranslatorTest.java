package dev.evperf.suites.translate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.TestSpecs;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import org.junit.jupiter.api.Test;

/**
 * The Kafka Streams topologies: what each test becomes, and that the description survives JSON
 * (the form a workload or the kstreams adapter may carry it in). Building and running them is the
 * kstreams adapter's (another module); the suite then validates their outputs as it does Siddhi's.
 */
class KafkaStreamsTranslatorTest {
    final KafkaStreamsTranslator translator = new KafkaStreamsTranslator();

    Translation translate(String yaml) {
        return translator.translate(Specs.read(yaml, "test"));
    }

    @Test
    void aSelectionIsAPipelineTheAdapterBuilds() {
        var t = (Translation.Queries) translate("{test: filter, selectivity: 5}");
        assertThat(t.text()).isEqualTo("from stream1 where ID <= 5 select seq, ID, A1, A2, A3, A4, A5, TS into Out\n");
        assertThat(t.outputNames()).containsExactly("Out");
    }

    @Test
    void aDirectTimeWindowIsAHoppingWindowOnTsWhenTheDataStartsLateEnough() {
        var t = (Translation.Queries)
                translate("{test: time_window, function: max, range: 2s, slide: 100ms, stream: {start: 1900}}");
        assertThat(t.text()).isEqualTo("from stream1 window 2000ms advance 100ms aggregate max(A1) as agg into Out\n");
        assertThat(t.options()).containsEntry("timestamp", "TS");
        var count = (Translation.Queries)
                translate("{test: time_window, function: count, range: 2s, slide: 100ms, stream: {start: 3600000}}");
        assertThat(count.text()).contains("aggregate count(*) as agg");
        // windows ending before W would start before the epoch, where Kafka Streams has none
        var early = (Translation.Unsupported) translate("{test: time_window, function: avg, range: 2s, slide: 100ms}");
        assertThat(early.reason()).contains("before the epoch").contains("1900 ms");
    }

    @Test
    void aPatternIsASelfJoinByIdWithinW() {
        var t = (Translation.Queries) translate("{test: pattern, within: 100ms, selectivity: 10}");
        assertThat(t.text())
                .isEqualTo("from stream1 select seq as a1seq, ID as id1, TS as ts1 into First;\n"
                        + "from stream1 where A1 > 90.1 select seq as a2seq, ID, TS into Second;\n"
                        + "from First join Second on id1 = ID within 100ms grace 10s where a1seq < a2seq select a1seq,"
                        + " a2seq, ID"
                        + " into Out\n");
        assertThat(t.options()).containsEntry("timestamp", "TS");
    }

    @Test
    void theMemoryTableJoinIsAStreamTableJoinAndTheDatabaseOneIsUnsupported() {
        var t = (Translation.Queries) translate("{test: table_join, rows: 1000}");
        assertThat(t.text())
                .isEqualTo(
                        "from stream1 join table table1_rows on ID = ID select seq, ID, A1, F1, F2, F3, F4, F5, F6, F7,"
                                + " F8, F9 into Out\n");
        var db = (Translation.Unsupported) translate("{test: table_join, rows: 1000, table: database}");
        assertThat(db.reason()).contains("no database lookup");
    }

    @Test
    void countWindowsAndTheirJoinsAreUnsupportedWithTheirOwnReasons() {
        assertThat(((Translation.Unsupported) translate("{test: count_window, function: max, rows: 500}")).reason())
                .contains("time-based", "a count window is a Processor API state store");
        assertThat(((Translation.Unsupported) translate("{test: window_join, rows: 100, matches: 1}")).reason())
                .contains("JoinWindows", "not the last S rows");
        assertThat(((Translation.Unsupported) translate("{test: multi_query, queries: 4, kind: identical, rows: 100}"))
                        .reason())
                .contains("window joins of the last S rows", "JoinWindows");
    }

    @Test
    void aPanedTimeWindowIsUnsupportedWithTheReason() {
        var t = (Translation.Unsupported) translate(
                "{test: time_window, function: avg, range: 10m, slide: 1s, paned: true, stream: {start: 3600000}}");
        assertThat(t.reason()).contains("last window would never close");
    }

    @Test
    void everyTestIsAPipelineOrSaysWhyNot() {
        int pipelines = 0;
        for (String yaml : TestSpecs.CHAPTER_4) {
            QuerySpec spec = Specs.read(yaml, "test");
            Translation t = translator.translate(spec);
            if (t instanceof Translation.Queries) {
                pipelines++;
            } else {
                assertThat(((Translation.Unsupported) t).reason())
                        .as(spec.label())
                        .isNotBlank();
            }
        }
        // filters, projections, the in-memory table join, the pattern (the direct time window starts at TS 0 there:
        // unsupported)
        assertThat(pipelines).isEqualTo(4 + 3 + 1 + 1);
    }
}
