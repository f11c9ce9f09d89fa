package dev.evperf.core.component;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.engine.EngineModules;
import dev.evperf.core.results.Json;
import dev.evperf.core.workload.Components;
import dev.evperf.core.workload.FlinkMode;
import dev.evperf.suites.spec.TableJoin;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The components of one run (a workload's {@code components:} section): started once before the
 * first trial, each waited for until it serves requests, watched while trials run, started again
 * before the next trial when one died, and stopped after the last. Each start and stop is timed
 * ({@link ComponentTimes}) and listed in run.json's {@code components}. Existing clusters (an
 * address instead of {@code start}/{@code mode}) are only passed on.
 */
public final class RunComponents implements AutoCloseable {
    private final Components.ComponentsDef def;
    private final Path dir;
    private Component broker;
    private Component flink;
    /** Whether the run's trials need a PostgreSQL (database table joins), and the one running. */
    private final boolean wantDatabase;

    private RunDatabase database;
    /** Every start, in order, with its times; a restart after a death adds a generation. */
    private final List<Started> started = new ArrayList<>();

    private record Started(String kind, int generation, Component component) {}

    private int generation;

    /** What each engine check before the run recorded ({@code EngineCheck}), for run.json's {@code engine_checks}. */
    private final ArrayNode engineChecks = Json.MAPPER.createArrayNode();

    public ArrayNode engineChecks() {
        return engineChecks;
    }

    private RunComponents(Components.ComponentsDef def, Path dir, boolean database) {
        this.def = def;
        this.dir = dir;
        this.wantDatabase = database;
    }

    /**
     * Starts what {@code def} asks for under {@code dir}/components.
     *
     * @throws ComponentFailure naming the component that did not become ready (what was started is stopped)
     */
    public static RunComponents start(Components.ComponentsDef def, Path dir) {
        return start(def, dir, false);
    }

    /**
     * As {@link #start(Components.ComponentsDef, Path)}, and with {@code database} a PostgreSQL for the
     * database table join ({@link RunDatabase}) under {@code dir}/components/postgres.
     */
    public static RunComponents start(Components.ComponentsDef def, Path dir, boolean database) {
        RunComponents c = new RunComponents(def, dir.resolve("components"), database);
        try {
            c.startAll();
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        return c;
    }

    private void startAll() {
        generation++;
        String suffix = generation == 1 ? "" : "-" + generation;
        if (wantDatabase) database = RunDatabase.start(dir.resolve("postgres" + suffix));
        if (def == null) return;
        // A Flink cluster starts while the broker does: each is a JVM of its own that needs nothing of the other.
        CompletableFuture<Component> flinkStart = null;
        if (def.flink != null) {
            Components.FlinkDef f = def.flink;
            flinkStart = new CompletableFuture<>();
            CompletableFuture<Component> done = flinkStart;
            Thread t = new Thread(
                    () -> {
                        try {
                            done.complete(startFlink(f, suffix));
                        } catch (Throwable e) {
                            done.completeExceptionally(e);
                        }
                    },
                    "evperf-flink-start");
            t.setDaemon(true);
            t.start();
        }
        RuntimeException failed = null;
        if (def.broker != null) {
            try {
                broker = def.broker.bootstrapServers != null
                        ? Component.existing(def.broker.bootstrapServers)
                        : KafkaBroker.start(
                                dir.resolve("broker" + suffix),
                                def.broker.jvm != null ? def.broker.jvm : KafkaBroker.DEFAULT_JVM,
                                settings(def.broker.settings),
                                Duration.ofNanos(def.broker.readyTimeout.nanos()));
                started.add(new Started("broker", generation, broker));
            } catch (RuntimeException e) {
                failed = e;
            }
        }
        if (flinkStart != null) {
            try {
                flink = flinkStart.join();
                started.add(new Started("flink", generation, flink));
            } catch (CompletionException e) {
                // the cluster's own failure, as it was thrown; the broker's, when both failed, comes first
                RuntimeException cause = e.getCause() instanceof RuntimeException r ? r : e;
                if (failed == null) failed = cause;
                else failed.addSuppressed(cause);
            }
        }
        // what did start is in started: the caller's close() stops it
        if (failed != null) throw failed;
    }

    private Component startFlink(Components.FlinkDef f, String suffix) {
        Duration ready = Duration.ofNanos(f.readyTimeout.nanos());
        return f.rest != null
                ? Component.existing(f.rest)
                : f.mode == FlinkMode.MINICLUSTER
                        ? FlinkCluster.mini(
                                dir.resolve("flink" + suffix),
                                f.taskmanagers,
                                f.slots,
                                f.jvm == null ? List.of() : f.jvm,
                                settings(f.settings),
                                ready)
                        : FlinkCluster.standalone(
                                dir.resolve("flink" + suffix), f.taskmanagers, f.slots, settings(f.settings), ready);
    }

    private static List<String> settings(Map<String, String> m) {
        List<String> out = new ArrayList<>();
        if (m != null) m.forEach((k, v) -> out.add(k + "=" + v));
        return out;
    }

    /** The broker's bootstrap.servers, or null when the run has no broker component. */
    public String bootstrap() {
        return broker == null ? null : broker.address();
    }

    /** The Flink cluster's REST host:port, or null. */
    public String rest() {
        return flink == null ? null : flink.address();
    }

    /**
     * A trial's workload tree with the components' addresses set as the engine's options
     * {@code bootstrap_servers} and (for flink) {@code rest}, which the adapters read. The tree itself is not changed.
     */
    public JsonNode inject(JsonNode tree) {
        ObjectNode copy = tree.deepCopy();
        ObjectNode engine = copy.has("engine") && copy.get("engine").isObject()
                ? (ObjectNode) copy.get("engine")
                : copy.putObject("engine");
        ObjectNode options = engine.has("options") && engine.get("options").isObject()
                ? (ObjectNode) engine.get("options")
                : engine.putObject("options");
        if (bootstrap() != null) options.put("bootstrap_servers", bootstrap());
        // Only Flink's adapter takes the cluster's address: a matrix may also sweep kafka-streams, which runs in the
        // trial JVM.
        var ext = EngineModules.external(engine.path("name").asText(""));
        if (rest() != null && ext != null && ext.flink()) options.put("rest", rest());
        return copy;
    }

    /** The run's PostgreSQL's JDBC URL, or null when the run has none. */
    public String databaseUrl() {
        return database == null ? null : database.database().url();
    }

    /**
     * For a trial of the database table join ({@code join} not null): table1 loaded for its spec, and its
     * tree with the server's address as the engine's database options; any other trial's tree as it is.
     *
     * @throws IOException when table1 cannot be loaded
     */
    public JsonNode withDatabase(JsonNode tree, TableJoin join) throws IOException {
        return database == null || join == null ? tree : database.prepare(tree, join);
    }

    /** The first component JVM that died since it was started, named; null while all run. */
    public String died() {
        for (Component c : Arrays.asList(flink, broker)) {
            if (c == null) continue;
            String d = c.died();
            if (d != null) return d;
        }
        return database == null ? null : database.died();
    }

    /**
     * Before a trial: when a component died, stops what is left of the components and starts them
     * all again (a fresh broker loses the topics, which trials create anew anyway), so that one
     * lost component fails one trial, not the rest of the run.
     *
     * @return what died, or null when nothing had to be restarted
     */
    public String restartIfDied() {
        String d = died();
        if (d == null) return null;
        stopAll();
        startAll();
        return d;
    }

    /** Every running JVM of the components by name (kafka-broker, flink-jobmanager, flink-taskmanager-1 …), for per-process CPU. */
    public Map<String, Long> pids() {
        Map<String, Long> out = new LinkedHashMap<>();
        for (Component c : Arrays.asList(broker, flink)) {
            if (c == null) continue;
            for (ComponentTimes t : c.times()) if (t.exitCode() == null) out.put(t.name(), t.pid());
        }
        if (database != null && database.pid() > 0) out.put("postgres", database.pid());
        return out;
    }

    /** run.json's {@code components}: per start, every JVM with its times (ms), or the existing cluster's address. */
    public ArrayNode describe() {
        ArrayNode out = Json.MAPPER.createArrayNode();
        for (Started s : started) {
            Component c = s.component();
            ObjectNode o = out.addObject();
            o.put("kind", s.kind());
            o.put("start", s.generation());
            o.put("address", c.address());
            o.put("started_by_evperf", !c.times().isEmpty());
            o.set("jvms", Json.MAPPER.valueToTree(c.times()));
            if (c instanceof KafkaBroker k) o.set("broker_startup", Json.MAPPER.valueToTree(k.startup()));
        }
        if (database != null) out.add(database.describe());
        return out;
    }

    private void stopAll() {
        // Flink first: its jobs read from the broker.
        if (flink != null) flink.close();
        if (broker != null) broker.close();
        if (database != null) database.close();
    }

    /** Stops every component evperf started (each with SIGTERM, forcibly after its grace). */
    @Override
    public void close() {
        stopAll();
    }
}
