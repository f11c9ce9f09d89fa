package dev.evperf.ref;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.EngineRun;
import dev.evperf.suites.TestSpecs;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.spec.Specs;
import dev.evperf.suites.translate.RefTranslator;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Verdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every chapter-4 spec on ref, through the engine SPI, validated by evperf-suites' reference model
 * on the same events: every expected row produced, none missing, undue or wrong. Then the same with
 * each of ref's switches (layouts, staging, the grace join), which must not change a single row.
 */
class SpecValidationTest {

    static Stream<Arguments> chapter4() {
        return TestSpecs.CHAPTER_4.stream().map(y -> Arguments.of(y, Map.of()));
    }

    /** ref's options over the specs they concern, at factors where they matter (windows larger than a stage). */
    static Stream<Arguments> switches() {
        List<Arguments> cases = new ArrayList<>();
        for (String f : List.of("avg", "max", "stddev", "median")) {
            String spec = "{test: count_window, function: " + f + ", rows: 2000, stream: {max_id: 10}}";
            for (String layout : List.of("map", "array", "pojo", "columns", "projected")) {
                cases.add(Arguments.of(spec, Map.of("layout", layout)));
            }
            cases.add(Arguments.of(spec, Map.of("layout", "columns", "staging", 100)));
            cases.add(Arguments.of(spec, Map.of("layout", "projected", "staging", 100)));
        }
        cases.add(Arguments.of(
                "{test: count_window, function: avg, rows: 1000, stream: {max_id: 100, attributes: 2}}",
                Map.of("layout", "pojo")));
        cases.add(Arguments.of(
                "{test: count_window, function: min, rows: 300, slide: 300, stream: {max_id: 7}}", Map.of()));
        cases.add(Arguments.of("{test: time_window, function: min, range: 2s, slide: 100ms}", Map.of()));
        cases.add(Arguments.of("{test: time_window, function: count, range: 1s, slide: 250ms, paned: true}", Map.of()));
        cases.add(Arguments.of(
                "{test: time_window, function: sum, range: 3s, slide: 1s, stream: {event_rate: 500}}", Map.of()));
        cases.add(Arguments.of(
                "{test: table_join, rows: 1000}", Map.of("join", "grace", "grace_partitions", 16, "grace_batch", 64)));
        cases.add(Arguments.of(
                "{test: table_join, rows: 1000}", Map.of("join", "grace", "grace_partitions", 1000, "grace_batch", 7)));
        cases.add(Arguments.of("{test: multi_query, queries: 16, kind: similar, rows: 50, max_rows: 500}", Map.of()));
        return cases.stream();
    }

    @ParameterizedTest(name = "{0} {1}")
    @MethodSource({"chapter4", "switches"})
    void refRunsTheSpecAndValidates(String yaml, Map<String, Object> options) throws Exception {
        QuerySpec spec = Specs.read(yaml, "test");
        Translation t = new RefTranslator().translate(spec);
        assertThat(t).as(t.toString()).isInstanceOf(Translation.Queries.class);
        Translation.Queries q = (Translation.Queries) t;
        Map<String, Object> opts = new HashMap<>(q.options());
        opts.putAll(options);
        q = new Translation.Queries(q.engine(), q.inputs(), q.text(), q.outputs(), opts, q.notes());
        for (Verdict v : EngineRun.runAndValidate(spec, q, 5000, 0)) {
            assertThat(v.valid())
                    .as(spec.label() + " " + options + ": " + v.summary() + "\n" + v.examples())
                    .isTrue();
            assertThat(v.expected()).as(v.summary()).isPositive();
            assertThat(v.correct()).as(v.summary()).isEqualTo(v.expected());
        }
    }

    @org.junit.jupiter.api.Test
    void theDatabaseJoinNeedsTheDatabase() {
        QuerySpec spec = Specs.read("{test: table_join, rows: 10, table: database}", "test");
        assertThat(new RefTranslator().translate(spec)).isInstanceOf(Translation.Unsupported.class);
    }
}
