package dev.evperf.suites.translate;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import dev.evperf.suites.spec.Aggregate;
import java.util.List;

/**
 * A Kafka Streams topology as data, for the kstreams adapter to build with the DSL: pipelines
 * from an input topic through steps to an output topic. Rows are records whose fields have the
 * spec's names; event time is a field (a {@code TimestampExtractor} reads it).
 *
 * <p>The steps map onto the DSL one to one: {@link Filter} {@code filter}, {@link Project}
 * {@code mapValues}, {@link WindowAggregate} {@code groupBy(constant).windowedBy(TimeWindows
 * .ofSizeWithNoGrace(size).advanceBy(advance)).aggregate(…).suppress(untilWindowCloses).toStream()},
 * {@link Ratio} {@code mapValues}, {@link GlobalTableJoin} {@code join(GlobalKTable, …)}.
 */
public record KafkaStreamsTopology(List<Pipeline> pipelines) {
    public KafkaStreamsTopology {
        pipelines = List.copyOf(pipelines);
    }

    /** From the topic {@code input} through {@code steps} to the topic {@code output}. */
    public record Pipeline(String input, List<Step> steps, String output) {
        public Pipeline {
            steps = List.copyOf(steps);
        }
    }

    @JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "step")
    @JsonSubTypes({
        @JsonSubTypes.Type(value = Filter.class, name = "filter"),
        @JsonSubTypes.Type(value = Project.class, name = "project"),
        @JsonSubTypes.Type(value = WindowAggregate.class, name = "window_aggregate"),
        @JsonSubTypes.Type(value = Ratio.class, name = "ratio"),
        @JsonSubTypes.Type(value = GlobalTableJoin.class, name = "global_table_join")
    })
    public sealed interface Step permits Filter, Project, WindowAggregate, Ratio, GlobalTableJoin {}

    /** Keeps the rows where {@code field op value}; op is {@code <=}, {@code <} or {@code >}. */
    public record Filter(String field, String op, double value) implements Step {}

    /** Keeps these fields, in this order. */
    public record Project(List<String> fields) implements Step {
        public Project {
            fields = List.copyOf(fields);
        }
    }

    /** One aggregate column: {@code name = function(field)} (COUNT counts rows and ignores field). */
    public record Column(String name, Aggregate function, String field) {}

    /**
     * A hopping (advance &lt; size) or tumbling (advance = size) event-time window over all rows, on
     * {@code timeField} in ms, no grace: one row {@code (wstart, wend, columns…)} per window, when it closes.
     */
    public record WindowAggregate(long sizeMs, long advanceMs, String timeField, List<Column> columns) implements Step {
        public WindowAggregate {
            columns = List.copyOf(columns);
        }
    }

    /** Adds {@code name = numerator / denominator}. */
    public record Ratio(String name, String numerator, String denominator) implements Step {}

    /**
     * Joins each row with the row of the global table (filled from the topic {@code table}) whose key
     * is the row's {@code key} field, adding {@code fields}.
     */
    public record GlobalTableJoin(String table, String key, List<String> fields) implements Step {
        public GlobalTableJoin {
            fields = List.copyOf(fields);
        }
    }
}
