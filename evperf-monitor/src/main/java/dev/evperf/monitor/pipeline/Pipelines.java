package dev.evperf.monitor.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.NullNode;
import dev.evperf.api.config.Dur;
import dev.evperf.api.config.Suggest;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The named monitoring pipelines of a workload (JPMF), opened from its {@code pipelines:} section:
 * <pre>
 * pipelines:
 *   main:
 *     stages:
 *       - speedlimit: 1000000          # ns (or a duration: 1ms), per source
 *       - initial_drop: 1000
 *       - filter: {field: value, op: ">", than: 100}
 *       - filter: {field: source, op: "==", than: 0}   # several filters: AND
 *       - tee: other                   # a copy goes through pipeline other as well
 *     sink: {parquet: monitor.parquet} # or {csv: FILE}, {null: {}}, null
 *     queue: {capacity: 65536, policy: block}   # policy block | drop
 *     consumers: 1
 *     sources: 1024                    # speedlimit keeps state for sources 0..sources-1
 *   other: {sink: {csv: other.csv}}
 * </pre>
 * Defaults: no stages, capacity 65536, policy block, 1 consumer, 1024 sources; the sink is
 * required. Filter fields are {@link MonitorRecord#FIELDS}; ops {@code < <= > >= == !=}; {@code than}
 * is an integer.
 *
 * <p>Use: {@code Pipelines p = Pipelines.open(config, "workload.yaml", trialDir)} (validates,
 * starts the consumers); {@code p.get("main").submit(...)} on the hot path; {@code p.close()}
 * drains every queue and closes every sink; {@code p.stats()} reports per pipeline.
 *
 * <p>Over 400 lines (since formatting at 120 columns): the {@code pipelines:} section is still
 * parsed here by hand, with its one-line errors, beside the registry it builds. Binding it with
 * Jackson into typed classes (issue 11, §4) would move the parsing out and bring this under 400.
 */
public final class Pipelines implements AutoCloseable {
    public static final List<String> STAGES = Stage.NAMES;
    public static final List<String> POLICIES =
            Arrays.stream(QueuePolicy.values()).map(QueuePolicy::text).toList();
    static final List<String> KEYS = List.of("stages", "sink", "queue", "consumers", "sources");
    static final List<String> QUEUE_KEYS = List.of("capacity", "policy");
    static final List<String> FILTER_KEYS = List.of("field", "op", "than");
    static final int DEFAULT_CAPACITY = 65536;
    static final int MAX_CAPACITY = 1 << 24; // the pool holds as many records: 16 M × ~72 bytes
    static final int DEFAULT_SOURCES = 1024;
    /** Records a pipeline's pool holds beyond its queue slots and consumers: for producers holding one each. */
    static final int PRODUCER_MARGIN = 64;

    private final Map<String, Pipeline> pipelines;
    private boolean closed;

    private Pipelines(Map<String, Pipeline> pipelines) {
        this.pipelines = pipelines;
    }

    /** Checks a {@code pipelines:} section; a null or missing one is valid (no pipelines). */
    public static void validate(JsonNode config, String where) {
        parse(config, where, Sinks.BUILT_IN.keySet());
    }

    /** Validates, opens the sinks (files relative to dir) and starts every pipeline's consumers. */
    public static Pipelines open(JsonNode config, String where, Path dir) throws IOException {
        return open(config, where, dir, Map.of());
    }

    /** As {@link #open(JsonNode, String, Path)}, with more sink types by name. */
    public static Pipelines open(JsonNode config, String where, Path dir, Map<String, Sink.Factory> extraSinks)
            throws IOException {
        Map<String, Sink.Factory> sinks = new LinkedHashMap<>(Sinks.BUILT_IN);
        sinks.putAll(extraSinks);
        Map<String, Def> defs = parse(config, where, sinks.keySet());
        Map<String, Pipeline> built = new LinkedHashMap<>();
        List<Sink> opened = new ArrayList<>();
        try {
            for (String name : defs.keySet()) build(name, defs, sinks, dir, built, opened);
        } catch (IOException | RuntimeException e) {
            for (Sink s : opened) {
                try {
                    s.close();
                } catch (IOException | RuntimeException ignored) {
                    // the first failure is the one to report
                }
            }
            throw e;
        }
        Map<String, Pipeline> ordered = new LinkedHashMap<>();
        for (String name : defs.keySet()) ordered.put(name, built.get(name));
        for (Pipeline p : ordered.values()) p.start();
        return new Pipelines(Collections.unmodifiableMap(ordered));
    }

    /** Builds tee targets first (the graph is acyclic after validation). */
    private static Pipeline build(
            String name,
            Map<String, Def> defs,
            Map<String, Sink.Factory> sinks,
            Path dir,
            Map<String, Pipeline> built,
            List<Sink> opened)
            throws IOException {
        Pipeline p = built.get(name);
        if (p != null) return p;
        Def d = defs.get(name);
        Stage[] stages = new Stage[d.stages.size()];
        for (int i = 0; i < stages.length; i++) {
            StageDef s = d.stages.get(i);
            stages[i] = switch (s.kind) {
                case "speedlimit" -> new Stage.SpeedLimit(s.number, d.sources);
                case "initial_drop" -> new Stage.InitialDrop(s.number);
                case "filter" -> new Stage.Filter(s.field, s.op, s.number);
                case "tee" -> new Stage.Tee(build(s.target, defs, sinks, dir, built, opened));
                default -> throw new AssertionError(s.kind);
            };
        }
        int prefill = Pipeline.effectiveCapacity(d.capacity, d.consumers) + d.consumers + PRODUCER_MARGIN;
        // One consumer: it alone releases into the free list (Pipeline.close delivers stragglers
        // only after joining it), so the list can be single-producer.
        RecordPool pool = new RecordPool(prefill + 1024, prefill, d.consumers == 1);
        Sink sink = sinks.get(d.sink).open(d.sinkArg, dir, d.consumers);
        opened.add(sink);
        p = new Pipeline(name, stages, pool, sink, d.sink, d.capacity, d.policy == QueuePolicy.DROP, d.consumers);
        built.put(name, p);
        return p;
    }

    /** @throws IllegalArgumentException naming the pipelines known, with a suggestion */
    public Pipeline get(String name) {
        Pipeline p = pipelines.get(name);
        if (p == null) {
            throw new IllegalArgumentException("no pipeline '" + name + "'" + hint(name, pipelines.keySet())
                    + "; pipelines: " + pipelines.keySet());
        }
        return p;
    }

    public Set<String> names() {
        return pipelines.keySet();
    }

    /** Per pipeline, in configuration order. */
    public Map<String, PipelineStats> stats() {
        Map<String, PipelineStats> m = new LinkedHashMap<>();
        pipelines.forEach((n, p) -> m.put(n, p.stats()));
        return m;
    }

    /**
     * Drains every queue into its sink, stops the consumers and closes every sink (Parquet files
     * are written now). Call it after the producers have stopped. Idempotent.
     *
     * @throws UncheckedIOException with the first sink failure, after closing all of them
     */
    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        IOException first = null;
        for (Pipeline p : pipelines.values()) {
            try {
                p.close();
            } catch (IOException e) {
                if (first == null) first = e;
            }
        }
        if (first != null) throw new UncheckedIOException(first.getMessage(), first);
    }

    // ---------------------------------------------------------------- configuration

    static final class Def {
        final List<StageDef> stages = new ArrayList<>();
        String sink;
        JsonNode sinkArg;
        int capacity = DEFAULT_CAPACITY;
        QueuePolicy policy = QueuePolicy.BLOCK;
        int consumers = 1;
        int sources = DEFAULT_SOURCES;
    }

    static final class StageDef {
        String kind;
        long number;
        int field;
        int op;
        String target;
        String path;
    }

    private static Map<String, Def> parse(JsonNode config, String where, Collection<String> sinkNames) {
        Map<String, Def> defs = new LinkedHashMap<>();
        if (config == null || config.isMissingNode() || config.isNull()) return defs;
        if (!config.isObject()) {
            fail(where, "pipelines", "expected a mapping of pipeline name to {stages, sink, queue, consumers}");
        }
        Iterator<Map.Entry<String, JsonNode>> it = config.fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> e = it.next();
            defs.put(e.getKey(), parsePipeline(e.getKey(), e.getValue(), where, sinkNames));
        }
        Map<String, String> files = new HashMap<>();
        defs.forEach((name, d) -> {
            for (StageDef s : d.stages) {
                if (s.kind.equals("tee") && !defs.containsKey(s.target)) {
                    fail(
                            where,
                            s.path,
                            "no pipeline '" + s.target + "'" + hint(s.target, defs.keySet()) + "; pipelines: "
                                    + defs.keySet());
                }
            }
            if (Sinks.takesFile(d.sink)) {
                String other = files.putIfAbsent(d.sinkArg.asText(), name);
                if (other != null) {
                    fail(
                            where,
                            "pipelines." + name + ".sink." + d.sink,
                            "file " + d.sinkArg.asText() + " is also pipeline " + other + "'s sink");
                }
            }
        });
        checkCycles(defs, where);
        return defs;
    }

    private static Def parsePipeline(String name, JsonNode n, String where, Collection<String> sinkNames) {
        String p = "pipelines." + name;
        if (n == null || !n.isObject()) fail(where, p, "expected a mapping with stages, sink, queue, consumers");
        Def d = new Def();
        n.fieldNames().forEachRemaining(k -> {
            if (!KEYS.contains(k))
                fail(where, p + "." + k, "unknown key" + hint(k, KEYS) + "; expected " + String.join(", ", KEYS));
        });
        JsonNode stages = n.get("stages");
        if (stages != null && !stages.isNull()) {
            if (!stages.isArray())
                fail(where, p + ".stages", "expected a list of stages, e.g. [{speedlimit: 1000}, {tee: other}]");
            for (int i = 0; i < stages.size(); i++)
                d.stages.add(parseStage(stages.get(i), p + ".stages[" + i + "]", where));
        }
        parseSink(d, n.get("sink"), p + ".sink", where, sinkNames);
        JsonNode q = n.get("queue");
        if (q != null && !q.isNull()) {
            if (!q.isObject()) fail(where, p + ".queue", "expected {capacity: N, policy: block|drop}");
            q.fieldNames().forEachRemaining(k -> {
                if (!QUEUE_KEYS.contains(k))
                    fail(where, p + ".queue." + k, "unknown key" + hint(k, QUEUE_KEYS) + "; expected capacity, policy");
            });
            if (q.has("capacity"))
                d.capacity = (int) integer(q.get("capacity"), p + ".queue.capacity", where, 1, MAX_CAPACITY);
            if (q.has("policy")) {
                JsonNode pol = q.get("policy");
                String s = pol.isTextual() ? pol.asText() : pol.toString();
                if (!POLICIES.contains(s)) {
                    fail(
                            where,
                            p + ".queue.policy",
                            "unknown policy '" + s + "'" + hint(s, POLICIES) + "; expected block or drop");
                }
                d.policy = QueuePolicy.valueOf(s.toUpperCase(Locale.ROOT));
            }
        }
        if (n.has("consumers")) d.consumers = (int) integer(n.get("consumers"), p + ".consumers", where, 1, 1024);
        if (n.has("sources")) d.sources = (int) integer(n.get("sources"), p + ".sources", where, 1, 1 << 24);
        return d;
    }

    private static StageDef parseStage(JsonNode n, String p, String where) {
        if (n == null || !n.isObject() || n.size() != 1) {
            fail(where, p, "expected one stage as {name: argument}, one of " + String.join(", ", STAGES));
        }
        StageDef s = new StageDef();
        s.kind = n.fieldNames().next();
        JsonNode arg = n.get(s.kind);
        if (!STAGES.contains(s.kind)) {
            fail(
                    where,
                    p,
                    "unknown stage '" + s.kind + "'" + hint(s.kind, STAGES) + "; expected one of "
                            + String.join(", ", STAGES));
        }
        s.path = p + "." + s.kind;
        switch (s.kind) {
            case "speedlimit" -> {
                if (arg.isTextual()) {
                    try {
                        s.number = Dur.parse(arg.asText()).nanos();
                    } catch (IllegalArgumentException e) {
                        fail(where, s.path, e.getMessage());
                    }
                } else {
                    s.number = integer(arg, s.path, where, 0, Long.MAX_VALUE);
                }
            }
            case "initial_drop" -> s.number = integer(arg, s.path, where, 0, Long.MAX_VALUE);
            case "filter" -> {
                if (!arg.isObject()) fail(where, s.path, "expected {field: F, op: OP, than: N}");
                arg.fieldNames().forEachRemaining(k -> {
                    if (!FILTER_KEYS.contains(k))
                        fail(
                                where,
                                s.path + "." + k,
                                "unknown key" + hint(k, FILTER_KEYS) + "; expected field, op, than");
                });
                for (String k : FILTER_KEYS) {
                    if (!arg.has(k)) fail(where, s.path + "." + k, "missing; expected {field: F, op: OP, than: N}");
                }
                String field = arg.get("field").asText();
                s.field = MonitorRecord.FIELDS.indexOf(field);
                if (s.field < 0) {
                    fail(
                            where,
                            s.path + ".field",
                            "unknown field '" + field + "'" + hint(field, MonitorRecord.FIELDS) + "; expected one of "
                                    + String.join(", ", MonitorRecord.FIELDS));
                }
                String op = arg.get("op").asText();
                s.op = Stage.Filter.OPS.indexOf(op);
                if (s.op < 0)
                    fail(
                            where,
                            s.path + ".op",
                            "unknown operator '" + op + "'; expected one of " + String.join(" ", Stage.Filter.OPS));
                s.number = integer(arg.get("than"), s.path + ".than", where, Long.MIN_VALUE, Long.MAX_VALUE);
            }
            case "tee" -> {
                if (!arg.isTextual() || arg.asText().isEmpty())
                    fail(where, s.path, "expected the name of another pipeline");
                s.target = arg.asText();
            }
            default -> throw new AssertionError(s.kind);
        }
        return s;
    }

    private static void parseSink(Def d, JsonNode n, String p, String where, Collection<String> sinkNames) {
        String expected = "expected one of "
                + String.join(
                        ", ",
                        sinkNames.stream()
                                .map(s -> Sinks.takesFile(s) ? s + ": FILE" : s)
                                .toList());
        if (n == null) fail(where, p, "missing; every pipeline ends in a sink: " + expected);
        if (n.isNull() && sinkNames.contains("null")) {
            d.sink = "null"; // YAML "sink: null"
            d.sinkArg = n;
            return;
        }
        if (n.isTextual()) {
            d.sink = n.asText();
            d.sinkArg = NullNode.getInstance();
        } else if (n.isObject() && n.size() == 1) {
            d.sink = n.fieldNames().next();
            d.sinkArg = n.get(d.sink);
        } else {
            fail(where, p, expected);
        }
        if (!sinkNames.contains(d.sink)) {
            fail(where, p, "unknown sink '" + d.sink + "'" + hint(d.sink, sinkNames) + "; " + expected);
        }
        if (Sinks.takesFile(d.sink)
                && (!d.sinkArg.isTextual() || d.sinkArg.asText().isBlank())) {
            fail(where, p + "." + d.sink, "expected a file name");
        }
    }

    /** Depth-first search over tee edges; the first cycle found is reported with its path. */
    private static void checkCycles(Map<String, Def> defs, String where) {
        Map<String, Integer> state = new HashMap<>(); // 1 on the path, 2 done
        for (String start : defs.keySet()) {
            visit(start, defs, state, new ArrayList<>(), where);
        }
    }

    private static void visit(
            String name, Map<String, Def> defs, Map<String, Integer> state, List<String> path, String where) {
        Integer st = state.get(name);
        if (st != null && st == 2) return;
        path.add(name);
        state.put(name, 1);
        for (StageDef s : defs.get(name).stages) {
            if (!s.kind.equals("tee")) continue;
            if (Integer.valueOf(1).equals(state.get(s.target))) {
                List<String> cycle = new ArrayList<>(path.subList(path.indexOf(s.target), path.size()));
                cycle.add(s.target);
                fail(
                        where,
                        s.path,
                        "tees form a cycle " + String.join(" -> ", cycle) + "; a record would circulate forever");
            }
            visit(s.target, defs, state, path, where);
        }
        state.put(name, 2);
        path.remove(path.size() - 1);
    }

    private static long integer(JsonNode n, String p, String where, long min, long max) {
        if (n == null || !n.isIntegralNumber() || !n.canConvertToLong()) {
            fail(where, p, "expected an integer" + (min > Long.MIN_VALUE ? " >= " + min : "") + ", got " + n);
        }
        long v = n.asLong();
        if (v < min || v > max) {
            fail(
                    where,
                    p,
                    "expected " + (max == Long.MAX_VALUE ? "at least " + min : min + " to " + max) + ", got " + v);
        }
        return v;
    }

    private static String hint(String word, Collection<String> candidates) {
        String c = Suggest.closest(word, candidates);
        return c == null ? "" : " (did you mean '" + c + "'?)";
    }

    private static void fail(String where, String field, String what) {
        throw new IllegalArgumentException(where + ": " + field + ": " + what);
    }
}
