package dev.evperf.suites.spec;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.evperf.api.StreamSchema;
import java.util.List;

/**
 * One microbenchmark query of seed 001, chapter 4, defined once and independently of any engine:
 * the operator with its parameters, the data it runs on, and the rows it must output. Translators
 * turn it into each engine's language; the reference model computes its outputs; the validator
 * compares an engine's outputs with them.
 *
 * <p>In YAML the {@code test} key names the kind: {@code filter}, {@code count_window},
 * {@code time_window}, {@code window_join}, {@code table_join}, {@code pattern}, {@code multi_query}.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "test")
@JsonSubTypes({
    @JsonSubTypes.Type(value = Filter.class, name = "filter"),
    @JsonSubTypes.Type(value = CountWindow.class, name = "count_window"),
    @JsonSubTypes.Type(value = TimeWindow.class, name = "time_window"),
    @JsonSubTypes.Type(value = WindowJoin.class, name = "window_join"),
    @JsonSubTypes.Type(value = TableJoin.class, name = "table_join"),
    @JsonSubTypes.Type(value = SeqPattern.class, name = "pattern"),
    @JsonSubTypes.Type(value = MultiQuery.class, name = "multi_query")
})
public sealed interface QuerySpec
        permits Filter, CountWindow, TimeWindow, WindowJoin, TableJoin, SeqPattern, MultiQuery {

    /** The stream1 data set the query runs on, with the parameters the query fixes (e.g. MAX_ID) applied. */
    Stream1 data();

    /** The engine's input streams: stream1, and stream2 or table1's rows where the query has them. */
    default List<StreamSchema> inputs() {
        return List.of(data().schema(Stream1.STREAM1));
    }

    /**
     * The events of the whole input (all streams, in send order) that the query's largest window can
     * span: no window may hold two copies of one data row, so the data's period is at least this
     * ({@link Stream1#periodFor}). 1 for a query without windows.
     */
    default long reach() {
        return 1;
    }

    /** The data's period in events: ID and A1..AN of event seq are those of seq mod period ({@link Stream1}). */
    default long period() {
        return data().periodFor(reach());
    }

    /** The output streams and their rows. */
    List<OutputSchema> outputs();

    /** A short label for tables and file names, e.g. {@code count_window avg rows=1000 slide=1}. */
    String label();

    <R> R accept(Visitor<R> visitor);

    /** One method per kind of query, so that every translator and model handles every kind. */
    interface Visitor<R> {
        R filter(Filter q);

        R countWindow(CountWindow q);

        R timeWindow(TimeWindow q);

        R windowJoin(WindowJoin q);

        R tableJoin(TableJoin q);

        R pattern(SeqPattern q);

        R multiQuery(MultiQuery q);
    }
}
