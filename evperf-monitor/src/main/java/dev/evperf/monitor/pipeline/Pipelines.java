package dev.evperf.monitor.pipeline;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.api.config.BindError;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
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
 * <p>The section is bound by Jackson into {@link PipelineConfig}s (a workload's {@code pipelines:}
 * field is a map of them); {@link #validate} adds the checks across pipelines (tee targets, cycles,
 * one file per sink).
 */
public final class Pipelines implements AutoCloseable {
    public static final List<String> STAGES = Stage.NAMES;
    /** Records a pipeline's pool holds beyond its queue slots and consumers: for producers holding one each. */
    static final int PRODUCER_MARGIN = 64;

    private final Map<String, Pipeline> pipelines;
    private boolean closed;

    private Pipelines(Map<String, Pipeline> pipelines) {
        this.pipelines = pipelines;
    }

    /**
     * Checks a bound {@code pipelines:} section; null (no section) is valid.
     *
     * @throws IllegalArgumentException "where: pipelines.NAME.field: what is wrong"
     */
    public static void validate(Map<String, PipelineConfig> config, String where) {
        check(config, where, Sinks.BUILT_IN.keySet());
    }

    /** {@link #validate(Map, String)} of a section given as JSON (a test's, a benchmark's), bound first. */
    public static void validate(JsonNode config, String where) {
        validate(bind(config, where), where);
    }

    /** Validates, opens the sinks (files relative to dir) and starts every pipeline's consumers. */
    public static Pipelines open(Map<String, PipelineConfig> config, String where, Path dir) throws IOException {
        return open(config, where, dir, Map.of());
    }

    /** {@link #open(Map, String, Path)} of a section given as JSON, bound first. */
    public static Pipelines open(JsonNode config, String where, Path dir) throws IOException {
        return open(bind(config, where), where, dir, Map.of());
    }

    /** As {@link #open(JsonNode, String, Path)}, with more sink types by name. */
    public static Pipelines open(JsonNode config, String where, Path dir, Map<String, Sink.Factory> extraSinks)
            throws IOException {
        return open(bind(config, where), where, dir, extraSinks);
    }

    /** As {@link #open(Map, String, Path)}, with more sink types by name. */
    public static Pipelines open(
            Map<String, PipelineConfig> config, String where, Path dir, Map<String, Sink.Factory> extraSinks)
            throws IOException {
        Map<String, Sink.Factory> sinks = new LinkedHashMap<>(Sinks.BUILT_IN);
        sinks.putAll(extraSinks);
        Map<String, PipelineConfig> defs = config == null ? Map.of() : config;
        check(defs, where, sinks.keySet());
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
            Map<String, PipelineConfig> defs,
            Map<String, Sink.Factory> sinks,
            Path dir,
            Map<String, Pipeline> built,
            List<Sink> opened)
            throws IOException {
        Pipeline p = built.get(name);
        if (p != null) return p;
        PipelineConfig d = defs.get(name);
        Stage[] stages = new Stage[d.stages.size()];
        for (int i = 0; i < stages.length; i++) {
            PipelineConfig.StageConfig s = d.stages.get(i);
            stages[i] = switch (s.kind()) {
                case "speedlimit" -> new Stage.SpeedLimit(s.speedlimit.nanos(), d.sources);
                case "initial_drop" -> new Stage.InitialDrop(s.initialDrop);
                case "filter" -> new Stage.Filter(
                        MonitorRecord.FIELDS.indexOf(s.filter.field),
                        Stage.Filter.OPS.indexOf(s.filter.op),
                        s.filter.than);
                case "tee" -> new Stage.Tee(build(s.tee, defs, sinks, dir, built, opened));
                default -> throw new AssertionError(s.kind());
            };
        }
        int capacity = d.queue.capacity;
        int prefill = Pipeline.effectiveCapacity(capacity, d.consumers) + d.consumers + PRODUCER_MARGIN;
        // One consumer: it alone releases into the free list (Pipeline.close delivers stragglers
        // only after joining it), so the list can be single-producer.
        RecordPool pool = new RecordPool(prefill + 1024, prefill, d.consumers == 1);
        Sink sink = sinks.get(d.sink.name()).open(d.sink.argument(), dir, d.consumers);
        opened.add(sink);
        p = new Pipeline(
                name, stages, pool, sink, d.sink.name(), capacity, d.queue.policy == QueuePolicy.DROP, d.consumers);
        built.put(name, p);
        return p;
    }

    /** @throws IllegalArgumentException naming the pipelines known, with a suggestion */
    public Pipeline get(String name) {
        Pipeline p = pipelines.get(name);
        if (p == null) {
            throw new IllegalArgumentException("no pipeline '" + name + "'"
                    + PipelineConfig.hint(name, pipelines.keySet()) + "; pipelines: " + pipelines.keySet());
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

    private static Map<String, PipelineConfig> bind(JsonNode config, String where) {
        if (config == null || config.isMissingNode() || config.isNull()) return null;
        try {
            return BindError.bind(config, new TypeReference<LinkedHashMap<String, PipelineConfig>>() {}, "pipelines");
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
        }
    }

    /** Each pipeline's own fields, then what spans pipelines: tee targets, one file per sink, no cycle. */
    private static void check(Map<String, PipelineConfig> defs, String where, Collection<String> sinkNames) {
        if (defs == null) return;
        Map<String, String> files = new HashMap<>();
        defs.forEach((name, d) -> {
            String p = "pipelines." + name;
            try {
                if (d == null)
                    throw new IllegalArgumentException(p + ": expected a mapping with stages, sink, queue, consumers");
                d.check(p, sinkNames);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(where + ": " + e.getMessage(), e);
            }
            for (int i = 0; i < d.stages.size(); i++) {
                String target = d.stages.get(i).tee;
                if (target != null && !defs.containsKey(target)) {
                    fail(
                            where,
                            p + ".stages[" + i + "].tee",
                            "no pipeline '" + target + "'" + PipelineConfig.hint(target, defs.keySet())
                                    + "; pipelines: " + defs.keySet());
                }
            }
            if (Sinks.takesFile(d.sink.name())) {
                String file = d.sink.argument().asText();
                String other = files.putIfAbsent(file, name);
                if (other != null) {
                    fail(
                            where,
                            p + ".sink." + d.sink.name(),
                            "file " + file + " is also pipeline " + other + "'s sink");
                }
            }
        });
        checkCycles(defs, where);
    }

    /** Depth-first search over tee edges; the first cycle found is reported with its path. */
    private static void checkCycles(Map<String, PipelineConfig> defs, String where) {
        Map<String, Integer> state = new HashMap<>(); // 1 on the path, 2 done
        for (String start : defs.keySet()) {
            visit(start, defs, state, new ArrayList<>(), where);
        }
    }

    private static void visit(
            String name,
            Map<String, PipelineConfig> defs,
            Map<String, Integer> state,
            List<String> path,
            String where) {
        Integer st = state.get(name);
        if (st != null && st == 2) return;
        path.add(name);
        state.put(name, 1);
        List<PipelineConfig.StageConfig> stages = defs.get(name).stages;
        for (int i = 0; i < stages.size(); i++) {
            String target = stages.get(i).tee;
            if (target == null) continue;
            if (Integer.valueOf(1).equals(state.get(target))) {
                List<String> cycle = new ArrayList<>(path.subList(path.indexOf(target), path.size()));
                cycle.add(target);
                fail(
                        where,
                        "pipelines." + name + ".stages[" + i + "].tee",
                        "tees form a cycle " + String.join(" -> ", cycle) + "; a record would circulate forever");
            }
            visit(target, defs, state, path, where);
        }
        state.put(name, 2);
        path.remove(path.size() - 1);
    }

    private static void fail(String where, String field, String what) {
        throw new IllegalArgumentException(where + ": " + field + ": " + what);
    }
}
