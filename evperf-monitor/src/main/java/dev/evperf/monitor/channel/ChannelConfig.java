package dev.evperf.monitor.channel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.api.config.Dur;
import dev.evperf.api.config.Suggest;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Parses and checks handler configurations. Every problem is one {@link IllegalArgumentException}
 * whose message is one line naming the field: {@code channels.trace.handler: unknown handler
 * 'bufferd'; did you mean 'buffered'?}.
 */
final class ChannelConfig {
    static final String IDENTITY = "identity";
    static final String BUFFERED = "buffered";
    static final String DOWNSAMPLE = "downsample";
    static final String XOY = "xoy";
    static final String FIRST_LAST = "first-last";
    static final String COUNTER = "periodic-counter";
    static final String NULL = "null";
    static final List<String> HANDLERS = List.of(IDENTITY, BUFFERED, DOWNSAMPLE, XOY, FIRST_LAST, COUNTER, NULL);

    /** The key of the default entry, for channels the configuration does not name. */
    static final String DEFAULT_KEY = "*";

    static final int DEFAULT_BLOCK_RECORDS = 8192; // 192 KiB of longs per block
    static final int DEFAULT_MAX_BLOCKS = 64;
    static final int DEFAULT_ZSTD_LEVEL = 1;
    static final long DEFAULT_PERIOD_NANOS = 100_000_000L;

    private static final Map<String, List<String>> KEYS = Map.of(
            IDENTITY, List.of("handler", "then"),
            BUFFERED, List.of("handler", "compression", "level", "file", "block_records", "max_blocks"),
            DOWNSAMPLE, List.of("handler", "n", "by", "then"),
            XOY, List.of("handler", "x", "y", "then"),
            FIRST_LAST, List.of("handler", "then"),
            COUNTER, List.of("handler", "period", "threads", "then"),
            NULL, List.of("handler"));

    private ChannelConfig() {}

    /** A checked handler configuration; {@code then} is never null for filters. */
    static final class Spec {
        final String handler;
        final String where;
        Spec then;
        // identity: -; buffered:
        Compression compression = Compression.ZSTD;
        int level = DEFAULT_ZSTD_LEVEL;
        String file; // null: <channel><compression suffix>
        int blockRecords = DEFAULT_BLOCK_RECORDS;
        int maxBlocks = DEFAULT_MAX_BLOCKS;
        // downsample
        long n;
        boolean byId;
        // xoy
        int x;
        int y;
        // periodic counter
        long periodNanos = DEFAULT_PERIOD_NANOS;
        boolean multi = true;

        Spec(String handler, String where) {
            this.handler = handler;
            this.where = where;
        }

        boolean isFilter() {
            return !handler.equals(BUFFERED) && !handler.equals(NULL);
        }

        /** The normalised configuration, defaults filled in (written to the file header). */
        ObjectNode toJson() {
            ObjectNode o = JsonNodeFactory.instance.objectNode();
            o.put("handler", handler);
            switch (handler) {
                case BUFFERED:
                    o.put("compression", compression.id());
                    if (compression == Compression.ZSTD) {
                        o.put("level", level);
                    }
                    if (file != null) {
                        o.put("file", file);
                    }
                    o.put("block_records", blockRecords);
                    o.put("max_blocks", maxBlocks);
                    break;
                case DOWNSAMPLE:
                    o.put("n", n);
                    o.put("by", byId ? "id" : "count");
                    break;
                case XOY:
                    o.put("x", x);
                    o.put("y", y);
                    break;
                case COUNTER:
                    o.put("period", periodNanos / 1_000_000.0 + "ms");
                    o.put("threads", multi ? "multi" : "single");
                    break;
                default:
                    break;
            }
            if (then != null) {
                o.set("then", then.toJson());
            }
            return o;
        }
    }

    /** The terminal a filter gets when its configuration names none. */
    static Spec defaultTerminal(String where) {
        return new Spec(BUFFERED, where);
    }

    /**
     * Checks a map of channel name → handler configuration (an object; null or missing: no channels).
     * The key {@value #DEFAULT_KEY} configures the channels the map does not name.
     */
    static Map<String, Spec> parseChannels(JsonNode channels, String where) {
        Map<String, Spec> out = new LinkedHashMap<>();
        if (channels == null || channels.isNull() || channels.isMissingNode()) {
            return out;
        }
        if (!channels.isObject()) {
            throw new IllegalArgumentException(
                    where + ": expected a map of channel name to handler, got " + kind(channels));
        }
        Map<String, String> files = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = channels.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            String name = e.getKey();
            String w = where.isEmpty() ? name : where + "." + name;
            if (name.isBlank()) {
                throw new IllegalArgumentException(where + ": a channel name is empty");
            }
            Spec s = parse(e.getValue(), w);
            if (!name.equals(DEFAULT_KEY)) {
                Spec t = terminal(s);
                if (t != null) {
                    String file = t.file != null ? t.file : name + t.compression.suffix();
                    String other = files.put(file, name);
                    if (other != null) {
                        throw new IllegalArgumentException(
                                t.where + ".file: '" + file + "' is also the file of channel '" + other + "'");
                    }
                }
            }
            out.put(name, s);
        }
        return out;
    }

    /** The buffered handler a chain ends in, or null if it ends in null. */
    static Spec terminal(Spec s) {
        while (s != null && !s.handler.equals(BUFFERED)) {
            s = s.then;
        }
        return s;
    }

    /** Checks one handler configuration (an object, or a handler name alone). */
    static Spec parse(JsonNode node, String where) {
        if (node == null || node.isNull() || node.isMissingNode()) {
            throw new IllegalArgumentException(where + ": missing handler configuration");
        }
        if (node.isTextual()) { // a handler name alone: its defaults
            node = JsonNodeFactory.instance.objectNode().put("handler", node.asText());
        }
        if (!node.isObject()) {
            throw new IllegalArgumentException(
                    where + ": expected a handler configuration (an object with 'handler'), got " + kind(node));
        }
        JsonNode h = node.get("handler");
        if (h == null || h.isNull()) {
            throw new IllegalArgumentException(where + ".handler: missing; one of " + String.join(", ", HANDLERS));
        }
        if (!h.isTextual()) {
            throw new IllegalArgumentException(where + ".handler: expected a handler name, got " + kind(h));
        }
        Spec s = new Spec(handlerName(h.asText(), where + ".handler"), where);
        List<String> allowed = KEYS.get(s.handler);
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String key = it.next();
            if (!allowed.contains(key)) {
                String guess = Suggest.closest(key, allowed);
                throw new IllegalArgumentException(where + "." + key + ": unknown key for handler '" + s.handler + "'"
                        + (guess != null
                                ? "; did you mean '" + guess + "'?"
                                : "; allowed: " + String.join(", ", allowed)));
            }
        }
        switch (s.handler) {
            case BUFFERED: {
                JsonNode c = node.get("compression");
                if (c != null) {
                    String name = text(c, where + ".compression");
                    Compression comp = Compression.of(name.toLowerCase(Locale.ROOT));
                    if (comp == null) {
                        String guess = Suggest.closest(name, Compression.NAMES);
                        throw new IllegalArgumentException(where + ".compression: unknown compression '" + name + "'"
                                + (guess != null ? "; did you mean '" + guess + "'?" : "; one of none, zstd, lz4"));
                    }
                    s.compression = comp;
                }
                if (node.has("level")) {
                    if (s.compression != Compression.ZSTD) {
                        throw new IllegalArgumentException(where + ".level: only compression zstd has a level");
                    }
                    s.level = (int) integer(node.get("level"), where + ".level", -131072, 22);
                }
                if (node.has("file")) {
                    s.file = text(node.get("file"), where + ".file");
                    if (s.file.isBlank()) {
                        throw new IllegalArgumentException(where + ".file: empty");
                    }
                }
                if (node.has("block_records")) {
                    s.blockRecords = (int) integer(
                            node.get("block_records"), where + ".block_records", 1, (Integer.MAX_VALUE - 64) / 24);
                }
                if (node.has("max_blocks")) {
                    s.maxBlocks = (int) integer(node.get("max_blocks"), where + ".max_blocks", 2, 1 << 20);
                }
                break;
            }
            case DOWNSAMPLE: {
                if (!node.has("n")) {
                    throw new IllegalArgumentException(where + ".n: missing (keep every n-th record, n ≥ 1)");
                }
                s.n = integer(node.get("n"), where + ".n", 1, Long.MAX_VALUE);
                if (node.has("by")) {
                    String by = text(node.get("by"), where + ".by");
                    if (!by.equals("count") && !by.equals("id")) {
                        throw new IllegalArgumentException(where + ".by: unknown '" + by + "'; one of count, id");
                    }
                    s.byId = by.equals("id");
                }
                break;
            }
            case XOY: {
                if (!node.has("y")) {
                    throw new IllegalArgumentException(
                            where + ".y: missing (log the first x of every y ids, y a power of two)");
                }
                if (!node.has("x")) {
                    throw new IllegalArgumentException(
                            where + ".x: missing (log the first x of every y ids, 1 ≤ x ≤ y)");
                }
                long y = integer(node.get("y"), where + ".y", 1, 1L << 30);
                if (Long.bitCount(y) != 1) {
                    throw new IllegalArgumentException(where + ".y: " + y
                            + " is not a power of two (XoY keeps ids with id & (y - 1) < x); nearest: "
                            + Long.highestOneBit(y) + " or " + (Long.highestOneBit(y) << 1));
                }
                long x = integer(node.get("x"), where + ".x", 1, Long.MAX_VALUE);
                if (x > y) {
                    throw new IllegalArgumentException(
                            where + ".x: " + x + " is greater than y (" + y + "); need 1 ≤ x ≤ y");
                }
                s.x = (int) x;
                s.y = (int) y;
                break;
            }
            case COUNTER: {
                if (node.has("period")) {
                    s.periodNanos = duration(node.get("period"), where + ".period");
                    if (s.periodNanos < 1_000_000L) {
                        throw new IllegalArgumentException(where + ".period: must be at least 1ms");
                    }
                }
                if (node.has("threads")) {
                    String t = text(node.get("threads"), where + ".threads");
                    if (!t.equals("single") && !t.equals("multi")) {
                        String guess = Suggest.closest(t, List.of("single", "multi"));
                        throw new IllegalArgumentException(where + ".threads: unknown '" + t + "'"
                                + (guess != null ? "; did you mean '" + guess + "'?" : "; one of single, multi"));
                    }
                    s.multi = t.equals("multi");
                }
                break;
            }
            default:
                break;
        }
        if (s.isFilter()) {
            JsonNode then = node.get("then");
            s.then = then == null || then.isNull() ? defaultTerminal(where + ".then") : parse(then, where + ".then");
        }
        return s;
    }

    private static String handlerName(String name, String field) {
        String n = name.trim().toLowerCase(Locale.ROOT);
        if (!HANDLERS.contains(n)) {
            String guess = Suggest.closest(n, HANDLERS);
            throw new IllegalArgumentException(field + ": unknown handler '" + name + "'"
                    + (guess != null ? "; did you mean '" + guess + "'?" : "; one of " + String.join(", ", HANDLERS)));
        }
        return n;
    }

    private static String text(JsonNode v, String field) {
        if (!v.isTextual()) {
            throw new IllegalArgumentException(field + ": expected a string, got " + kind(v));
        }
        return v.asText();
    }

    private static long integer(JsonNode v, String field, long min, long max) {
        long value;
        if (v.isIntegralNumber() && v.canConvertToLong()) {
            value = v.asLong();
        } else if (v.isTextual() && v.asText().trim().matches("-?[0-9][0-9_]*")) {
            try {
                value = Long.parseLong(v.asText().trim().replace("_", ""));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(field + ": " + v.asText() + " is too large");
            }
        } else {
            throw new IllegalArgumentException(field + ": expected an integer, got " + kind(v));
        }
        if (value < min) {
            throw new IllegalArgumentException(field + ": must be ≥ " + min + ", got " + value);
        }
        if (value > max) {
            throw new IllegalArgumentException(field + ": must be ≤ " + max + ", got " + value);
        }
        return value;
    }

    /** A duration: a number of milliseconds, or a {@link Dur} with its unit such as "100ms", "1s", "250us". */
    static long duration(JsonNode v, String field) {
        if (v.isNumber()) {
            double ms = v.asDouble();
            if (ms <= 0) {
                throw new IllegalArgumentException(field + ": must be positive, got " + v.asText());
            }
            return Math.round(ms * 1e6);
        }
        if (v.isTextual()) {
            try {
                return Dur.parse(v.asText()).nanos();
            } catch (IllegalArgumentException notADuration) {
                // reported below in this parser's words
            }
        }
        throw new IllegalArgumentException(field + ": expected a duration such as 100ms or 1s, got " + kind(v));
    }

    private static String kind(JsonNode v) {
        if (v.isTextual()) {
            return "'" + v.asText() + "'";
        }
        if (v.isObject()) {
            return "a map";
        }
        if (v.isArray()) {
            return "a list";
        }
        return v.toString();
    }
}
