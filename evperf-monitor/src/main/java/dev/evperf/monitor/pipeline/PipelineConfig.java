package dev.evperf.monitor.pipeline;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonSetter;
import com.fasterxml.jackson.annotation.Nulls;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.evperf.api.config.Dur;
import dev.evperf.api.config.Suggest;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * One pipeline of a workload's {@code pipelines:} section (see {@link Pipelines} for the form), bound
 * by Jackson: each key is a field here, so an unknown key or stage name, a wrong policy word or a
 * wrong type is Jackson's error, worded by {@link dev.evperf.api.config.BindError}. {@link #check}
 * adds what types cannot say, naming the field; {@link Pipelines} checks tees and files across
 * pipelines.
 */
public final class PipelineConfig {
    static final int DEFAULT_CAPACITY = 65536;
    static final int MAX_CAPACITY = 1 << 24; // the pool holds as many records: 16 M × ~72 bytes
    static final int DEFAULT_SOURCES = 1024;

    public List<StageConfig> stages = new ArrayList<>();
    /** Required; {@code sink: null} (YAML's null) is the null sink. */
    public SinkConfig sink;

    public QueueConfig queue = new QueueConfig();
    public int consumers = 1;
    /** Speed limits keep state for sources 0..sources-1. */
    public int sources = DEFAULT_SOURCES;

    @JsonSetter(value = "sink", nulls = Nulls.SET)
    void sink(SinkConfig s) {
        sink = s != null ? s : new SinkConfig("null", NullNode.getInstance());
    }

    public static final class QueueConfig {
        public int capacity = DEFAULT_CAPACITY;
        public QueuePolicy policy = QueuePolicy.BLOCK;
    }

    /** One stage: exactly one of its keys. */
    public static final class StageConfig {
        public SpeedLimit speedlimit;

        @JsonProperty("initial_drop")
        public Long initialDrop;

        public FilterConfig filter;
        public String tee;

        /** The stage's name, as written. */
        String kind() {
            return speedlimit != null
                    ? "speedlimit"
                    : initialDrop != null ? "initial_drop" : filter != null ? "filter" : "tee";
        }

        void check(String at) {
            int given = (speedlimit != null ? 1 : 0)
                    + (initialDrop != null ? 1 : 0)
                    + (filter != null ? 1 : 0)
                    + (tee != null ? 1 : 0);
            if (given != 1) {
                throw new IllegalArgumentException(
                        at + ": expected one stage as {name: argument}, one of " + String.join(", ", Stage.NAMES));
            }
            String p = at + "." + kind();
            if (speedlimit != null) atLeast(speedlimit.nanos, 0, p);
            if (initialDrop != null) atLeast(initialDrop, 0, p);
            if (tee != null && tee.isEmpty()) {
                throw new IllegalArgumentException(p + ": expected the name of another pipeline");
            }
            if (filter != null) filter.check(p);
        }
    }

    /** A minimum time between two records of one source: nanoseconds, or a duration with its unit. */
    public record SpeedLimit(long nanos) {
        @JsonCreator
        static SpeedLimit of(Object value) {
            if (value instanceof Integer || value instanceof Long || value instanceof BigInteger) {
                return new SpeedLimit(((Number) value).longValue());
            }
            return new SpeedLimit(Dur.parse(value).nanos());
        }
    }

    /** Keeps the records whose {@code field op than} holds. */
    public static final class FilterConfig {
        public String field;
        public String op;
        public Long than;

        void check(String p) {
            if (field == null) throw missing(p + ".field");
            if (op == null) throw missing(p + ".op");
            if (than == null) throw missing(p + ".than");
            if (!MonitorRecord.FIELDS.contains(field)) {
                throw new IllegalArgumentException(p + ".field: unknown field '" + field + "'"
                        + hint(field, MonitorRecord.FIELDS) + "; expected one of "
                        + String.join(", ", MonitorRecord.FIELDS));
            }
            if (!Stage.Filter.OPS.contains(op)) {
                throw new IllegalArgumentException(p + ".op: unknown operator '" + op + "'; expected one of "
                        + String.join(" ", Stage.Filter.OPS));
            }
        }

        private static IllegalArgumentException missing(String field) {
            return new IllegalArgumentException(field + ": missing; expected {field: F, op: OP, than: N}");
        }
    }

    /** {@code {name: argument}}, a name alone, or null: which sink, and what it is given (e.g. its file). */
    public record SinkConfig(String name, JsonNode argument) {
        @JsonCreator(mode = JsonCreator.Mode.DELEGATING)
        static SinkConfig of(JsonNode n) {
            if (n.isTextual()) return new SinkConfig(n.asText(), NullNode.getInstance());
            if (n.isObject() && n.size() == 1) {
                String name = n.fieldNames().next();
                return new SinkConfig(name, n.get(name));
            }
            throw new IllegalArgumentException("expected one sink, e.g. {parquet: FILE}, {csv: FILE} or null");
        }
    }

    /** Checks this pipeline's own fields; {@code p} is its path, e.g. "pipelines.main". */
    void check(String p, Collection<String> sinkNames) {
        for (int i = 0; i < stages.size(); i++) {
            if (stages.get(i) == null) throw new IllegalArgumentException(p + ".stages[" + i + "]: empty stage");
            stages.get(i).check(p + ".stages[" + i + "]");
        }
        String expected = "expected one of "
                + String.join(
                        ", ",
                        sinkNames.stream()
                                .map(s -> Sinks.takesFile(s) ? s + ": FILE" : s)
                                .toList());
        if (sink == null)
            throw new IllegalArgumentException(p + ".sink: missing; every pipeline ends in a sink: " + expected);
        if (!sinkNames.contains(sink.name())) {
            throw new IllegalArgumentException(
                    p + ".sink: unknown sink '" + sink.name() + "'" + hint(sink.name(), sinkNames) + "; " + expected);
        }
        if (Sinks.takesFile(sink.name())
                && (!sink.argument().isTextual() || sink.argument().asText().isBlank())) {
            throw new IllegalArgumentException(p + ".sink." + sink.name() + ": expected a file name");
        }
        range(queue.capacity, 1, MAX_CAPACITY, p + ".queue.capacity");
        range(consumers, 1, 1024, p + ".consumers");
        range(sources, 1, 1 << 24, p + ".sources");
    }

    private static void atLeast(long v, long min, String p) {
        if (v < min) throw new IllegalArgumentException(p + ": expected at least " + min + ", got " + v);
    }

    private static void range(long v, long min, long max, String p) {
        if (v < min || v > max)
            throw new IllegalArgumentException(p + ": expected " + min + " to " + max + ", got " + v);
    }

    static String hint(String word, Collection<String> candidates) {
        String c = Suggest.closest(word, candidates);
        return c == null ? "" : " (did you mean '" + c + "'?)";
    }
}
