package dev.evperf.monitor.channel;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.api.config.Dur;
import dev.evperf.api.config.Keyword;
import java.io.IOException;
import java.util.Locale;

/**
 * One handler of a channel's chain as written in a workload's {@code channels:} section, bound by
 * Jackson: {@code {handler: xoy, x: 1, y: 64, then: {...}}}, or a handler's name alone for its
 * defaults. The {@code handler} key picks the class ({@link Kind}); each class's fields are its keys,
 * so an unknown key, a wrong word or a wrong type is Jackson's error, worded by
 * {@link dev.evperf.api.config.BindError}. {@link #check} adds what types cannot say (ranges,
 * powers of two), naming the field.
 */
@JsonDeserialize(using = HandlerConfig.Binder.class)
public abstract sealed class HandlerConfig {
    static final int DEFAULT_BLOCK_RECORDS = 8192; // 192 KiB of longs per block
    static final int DEFAULT_MAX_BLOCKS = 64;
    static final int DEFAULT_ZSTD_LEVEL = 1;

    /** The handler names, each with the class its keys bind to. */
    public enum Kind implements Keyword {
        IDENTITY(Identity.class),
        BUFFERED(Buffered.class),
        DOWNSAMPLE(Downsample.class),
        XOY(XoY.class),
        FIRST_LAST(FirstLast.class),
        PERIODIC_COUNTER(PeriodicCounter.class),
        NULL(Null.class);

        final Class<? extends HandlerConfig> type;

        Kind(Class<? extends HandlerConfig> type) {
            this.type = type;
        }
    }

    public abstract Kind kind();

    /** Throws IllegalArgumentException "where.field: what is wrong" for a value out of range. */
    abstract void check(String where);

    /** The normalised configuration, defaults filled in (written to the file header). */
    ObjectNode toJson() {
        return JsonNodeFactory.instance.objectNode().put("handler", kind().text());
    }

    /** A handler that passes what it keeps to {@code then} (default: {@link Buffered} with its defaults). */
    public abstract static sealed class Filter extends HandlerConfig {
        @JsonProperty(access = JsonProperty.Access.WRITE_ONLY)
        public HandlerConfig then;

        /** The next handler of the chain. */
        public HandlerConfig next() {
            return then != null ? then : new Buffered();
        }

        @Override
        void check(String where) {
            if (then != null) then.check(where + ".then");
        }

        ObjectNode withThen(ObjectNode o) {
            o.set("then", next().toJson());
            return o;
        }
    }

    @JsonDeserialize(using = JsonDeserializer.None.class)
    public static final class Identity extends Filter {
        @Override
        public Kind kind() {
            return Kind.IDENTITY;
        }

        @Override
        ObjectNode toJson() {
            return withThen(super.toJson());
        }
    }

    @JsonDeserialize(using = JsonDeserializer.None.class)
    public static final class FirstLast extends Filter {
        @Override
        public Kind kind() {
            return Kind.FIRST_LAST;
        }

        @Override
        ObjectNode toJson() {
            return withThen(super.toJson());
        }
    }

    /** Writes blocks of records to a file, compressed. */
    @JsonDeserialize(using = JsonDeserializer.None.class)
    public static final class Buffered extends HandlerConfig {
        public Compression compression = Compression.ZSTD;
        /** zstd's level; only zstd has one. */
        public Integer level;
        /** Relative to the registry's directory; null: {@code <channel><compression suffix>}. */
        public String file;

        @JsonProperty("block_records")
        public int blockRecords = DEFAULT_BLOCK_RECORDS;

        @JsonProperty("max_blocks")
        public int maxBlocks = DEFAULT_MAX_BLOCKS;

        @Override
        public Kind kind() {
            return Kind.BUFFERED;
        }

        int effectiveLevel() {
            return level != null ? level : DEFAULT_ZSTD_LEVEL;
        }

        @Override
        void check(String where) {
            if (level != null) {
                if (compression != Compression.ZSTD) {
                    throw new IllegalArgumentException(where + ".level: only compression zstd has a level");
                }
                range(level, -131072, 22, where + ".level");
            }
            if (file != null && file.isBlank()) throw new IllegalArgumentException(where + ".file: empty");
            range(blockRecords, 1, (Integer.MAX_VALUE - 64) / 24, where + ".block_records");
            range(maxBlocks, 2, 1 << 20, where + ".max_blocks");
        }

        @Override
        ObjectNode toJson() {
            ObjectNode o = super.toJson().put("compression", compression.id());
            if (compression == Compression.ZSTD) o.put("level", effectiveLevel());
            if (file != null) o.put("file", file);
            return o.put("block_records", blockRecords).put("max_blocks", maxBlocks);
        }
    }

    /** Keeps every n-th record, counted or by id. */
    @JsonDeserialize(using = JsonDeserializer.None.class)
    public static final class Downsample extends Filter {
        public enum By implements Keyword {
            COUNT,
            ID
        }

        /** Required: keep every n-th record. */
        public Long n;

        public By by = By.COUNT;

        @Override
        public Kind kind() {
            return Kind.DOWNSAMPLE;
        }

        @Override
        void check(String where) {
            if (n == null) throw new IllegalArgumentException(where + ".n: missing (keep every n-th record, n ≥ 1)");
            range(n, 1, Long.MAX_VALUE, where + ".n");
            super.check(where);
        }

        @Override
        ObjectNode toJson() {
            return withThen(super.toJson().put("n", n).put("by", by.text()));
        }
    }

    /** Keeps the records whose id has {@code id & (y - 1) < x}. */
    @JsonDeserialize(using = JsonDeserializer.None.class)
    public static final class XoY extends Filter {
        /** Both required. */
        public Long x;

        public Long y;

        @Override
        public Kind kind() {
            return Kind.XOY;
        }

        @Override
        void check(String where) {
            if (y == null) {
                throw new IllegalArgumentException(
                        where + ".y: missing (log the first x of every y ids, y a power of two)");
            }
            if (x == null) {
                throw new IllegalArgumentException(where + ".x: missing (log the first x of every y ids, 1 ≤ x ≤ y)");
            }
            range(y, 1, 1L << 30, where + ".y");
            if (Long.bitCount(y) != 1) {
                throw new IllegalArgumentException(where + ".y: " + y
                        + " is not a power of two (XoY keeps ids with id & (y - 1) < x); nearest: "
                        + Long.highestOneBit(y) + " or " + (Long.highestOneBit(y) << 1));
            }
            range(x, 1, Long.MAX_VALUE, where + ".x");
            if (x > y) {
                throw new IllegalArgumentException(
                        where + ".x: " + x + " is greater than y (" + y + "); need 1 ≤ x ≤ y");
            }
            super.check(where);
        }

        @Override
        ObjectNode toJson() {
            return withThen(super.toJson().put("x", x).put("y", y));
        }
    }

    /** Counts records and logs the count every period, from one thread's counter or all threads'. */
    @JsonDeserialize(using = JsonDeserializer.None.class)
    public static final class PeriodicCounter extends Filter {
        public enum Threads implements Keyword {
            SINGLE,
            MULTI
        }

        public Dur period = Dur.parse("100ms");
        public Threads threads = Threads.MULTI;

        @Override
        public Kind kind() {
            return Kind.PERIODIC_COUNTER;
        }

        @Override
        void check(String where) {
            if (period.nanos() < 1_000_000L) {
                throw new IllegalArgumentException(where + ".period: must be at least 1ms, got " + period);
            }
            super.check(where);
        }

        @Override
        ObjectNode toJson() {
            return withThen(super.toJson().put("period", period.text()).put("threads", threads.text()));
        }
    }

    /** Drops every record. */
    @JsonDeserialize(using = JsonDeserializer.None.class)
    public static final class Null extends HandlerConfig {
        @Override
        public Kind kind() {
            return Kind.NULL;
        }

        @Override
        void check(String where) {}
    }

    static void range(long value, long min, long max, String field) {
        if (value < min) throw new IllegalArgumentException(field + ": must be ≥ " + min + ", got " + value);
        if (value > max) throw new IllegalArgumentException(field + ": must be ≤ " + max + ", got " + value);
    }

    /**
     * Picks the class by the {@code handler} key (a bare name stands for {@code {handler: name}}) and
     * lets Jackson bind the other keys to it. Jackson's own type ids would not take the bare name.
     */
    static final class Binder extends JsonDeserializer<HandlerConfig> {
        @Override
        public HandlerConfig deserialize(JsonParser p, DeserializationContext ctxt) throws IOException {
            JsonNode node = ctxt.readTree(p);
            ObjectNode keys;
            if (node.isTextual()) {
                keys = JsonNodeFactory.instance.objectNode().put("handler", node.asText());
            } else if (node.isObject()) {
                keys = ((ObjectNode) node).deepCopy();
            } else {
                throw JsonMappingException.from(
                        p,
                        "expected a handler name or a mapping with 'handler' (e.g. {handler: buffered}), got " + node);
            }
            JsonNode name = keys.remove("handler");
            Kind kind = null;
            for (Kind k : Kind.values()) {
                if (name != null && k.text().equals(name.asText().trim().toLowerCase(Locale.ROOT))) kind = k;
            }
            if (kind == null) {
                String expected = Keyword.expected(Kind.class, name == null ? null : name.asText());
                throw JsonMappingException.wrapWithPath(
                        JsonMappingException.from(
                                p,
                                name == null
                                        ? "missing; " + expected.substring(0, expected.indexOf(", got"))
                                        : expected),
                        keys,
                        "handler");
            }
            return ctxt.readTreeAsValue(keys, kind.type);
        }
    }
}
