package dev.evperf.core.component;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A Flink cluster started from Maven Central's jars (module {@value FlinkJvm#MODULE}), its REST
 * endpoint on loopback: either standalone, a JobManager ({@code StandaloneSessionClusterEntrypoint})
 * and N TaskManagers ({@code TaskManagerRunner}) as JVMs of their own, each with the memory
 * settings Flink's scripts would compute; or a MiniCluster in one JVM, for quick runs. The REST
 * API serves job submission and metrics without flink-runtime-web. Ready when its REST overview
 * shows every TaskManager registered with all its slots.
 */
public final class FlinkCluster implements Component {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP =
            HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

    private final String rest;
    private final ComponentJvm jobManager;
    private final List<ComponentJvm> taskManagers;

    private FlinkCluster(String rest, ComponentJvm jobManager, List<ComponentJvm> taskManagers) {
        this.rest = rest;
        this.jobManager = jobManager;
        this.taskManagers = taskManagers;
    }

    /**
     * A MiniCluster: JobManager and {@code taskManagers} TaskManagers in one JVM.
     *
     * @param settings Flink configuration ({@code key=value}) over evperf's
     */
    public static FlinkCluster mini(
            Path dir,
            int taskManagers,
            int slots,
            List<String> jvmOptions,
            List<String> settings,
            Duration readyTimeout) {
        for (int attempt = 1; ; attempt++) {
            List<String> args = new ArrayList<>(List.of(
                    Integer.toString(Ports.free()),
                    Integer.toString(taskManagers),
                    Integer.toString(slots),
                    "io.tmp.dirs=" + dir.resolve("tmp")));
            args.addAll(settings);
            List<String> jvm = new ArrayList<>(FlinkJvm.JDK17_ACCESS);
            jvm.addAll(jvmOptions);
            ComponentJvm mc = ComponentJvm.start(
                    "flink-minicluster",
                    FlinkJvm.classPath(),
                    jvm,
                    "dev.evperf.flinkcluster.MiniClusterMain",
                    args,
                    dir,
                    dir.resolve("minicluster.log"));
            try {
                String rest = mc.await("rest", readyTimeout).get("rest");
                awaitOverview(rest, mc, List.of(), taskManagers, taskManagers * slots, readyTimeout);
                return new FlinkCluster(rest, mc, List.of());
            } catch (ComponentFailure f) {
                mc.stop(Duration.ofSeconds(5));
                if (attempt < KafkaBroker.ATTEMPTS && Ports.inUse(mc.logTail())) continue;
                throw f;
            }
        }
    }

    /**
     * A standalone cluster: a JobManager JVM and {@code taskManagers} TaskManager JVMs with
     * {@code slots} slots each, configured by {@code <dir>/conf/config.yaml}.
     *
     * @param settings Flink configuration ({@code key=value}) over evperf's, e.g. {@code taskmanager.memory.process.size=2g}
     */
    public static FlinkCluster standalone(
            Path dir, int taskManagers, int slots, List<String> settings, Duration readyTimeout) {
        for (int attempt = 1; ; attempt++) {
            int restPort = Ports.free();
            Path conf = dir.resolve("conf");
            writeConfig(conf, dir, restPort, Ports.free(), slots, settings);
            List<List<String>> jm = FlinkJvm.resourceParams("GET_JM_RESOURCE_PARAMS", conf);
            ComponentJvm jobManager = flinkJvm(
                    "flink-jobmanager",
                    jm,
                    "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint",
                    conf,
                    dir,
                    dir.resolve("jobmanager.log"));
            List<ComponentJvm> tms = new ArrayList<>();
            String rest = "127.0.0.1:" + restPort;
            try {
                List<List<String>> tm = FlinkJvm.resourceParams("GET_TM_RESOURCE_PARAMS", conf);
                for (int i = 1; i <= taskManagers; i++) {
                    tms.add(flinkJvm(
                            "flink-taskmanager-" + i,
                            tm,
                            "org.apache.flink.runtime.taskexecutor.TaskManagerRunner",
                            conf,
                            dir,
                            dir.resolve("taskmanager-" + i + ".log")));
                }
                awaitOverview(rest, jobManager, tms, taskManagers, taskManagers * slots, readyTimeout);
                return new FlinkCluster(rest, jobManager, tms);
            } catch (ComponentFailure f) {
                for (ComponentJvm t : tms) t.stop(Duration.ofSeconds(5));
                jobManager.stop(Duration.ofSeconds(5));
                if (attempt < KafkaBroker.ATTEMPTS && Ports.inUse(jobManager.logTail())) continue;
                throw f;
            }
        }
    }

    private static ComponentJvm flinkJvm(
            String name, List<List<String>> params, String main, Path conf, Path dir, Path log) {
        List<String> jvm = new ArrayList<>(FlinkJvm.JDK17_ACCESS);
        jvm.addAll(params.get(0));
        List<String> args = new ArrayList<>(List.of("--configDir", conf.toString()));
        args.addAll(params.get(1));
        return ComponentJvm.start(name, FlinkJvm.classPath(), jvm, main, args, dir, log);
    }

    /** evperf's cluster: loopback only, random ports inside, small memory (the machine is shared), then the user's settings. */
    private static void writeConfig(Path conf, Path dir, int restPort, int rpcPort, int slots, List<String> settings) {
        Map<String, String> c = new LinkedHashMap<>();
        c.put("jobmanager.rpc.address", "127.0.0.1");
        c.put("jobmanager.rpc.port", Integer.toString(rpcPort));
        c.put("jobmanager.bind-host", "127.0.0.1");
        c.put("rest.address", "127.0.0.1");
        c.put("rest.bind-address", "127.0.0.1");
        c.put("rest.port", Integer.toString(restPort));
        c.put("taskmanager.host", "127.0.0.1");
        c.put("taskmanager.bind-host", "127.0.0.1");
        c.put("taskmanager.numberOfTaskSlots", Integer.toString(slots));
        c.put("jobmanager.memory.process.size", "768m");
        c.put("taskmanager.memory.process.size", "1280m");
        c.put("parallelism.default", "1");
        // The REST metrics evperf samples into each trial's series: fetched from the TaskManagers every 1 s, not 10 s.
        c.put("metrics.fetcher.update-interval", "1000");
        c.put("io.tmp.dirs", dir.resolve("tmp").toString());
        for (String s : settings) {
            int eq = s.indexOf('=');
            if (eq <= 0) throw new ComponentFailure("flink: setting '" + s + "' is not key=value");
            c.put(s.substring(0, eq), s.substring(eq + 1));
        }
        StringBuilder yaml = new StringBuilder("# written by evperf (FlinkCluster)\n");
        c.forEach((k, v) -> yaml.append(k).append(": ").append(v).append('\n'));
        try {
            Files.createDirectories(conf);
            Files.createDirectories(dir.resolve("tmp"));
            Files.writeString(conf.resolve("config.yaml"), yaml, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new ComponentFailure("flink: cannot write " + conf + ": " + e.getMessage(), e);
        }
    }

    /**
     * Waits until the REST overview shows every TaskManager with all its slots (a TaskManager
     * registers first and reports its slots after). A standalone JobManager is ready when REST
     * first answers, its TaskManagers when all slots are there; a MiniCluster (no TaskManager
     * JVMs) when all slots are there.
     */
    private static void awaitOverview(
            String rest, ComponentJvm jm, List<ComponentJvm> tms, int taskManagers, int slots, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            if (!jm.alive()) {
                jm.await("up", Duration.ZERO); // throws, naming the JobManager's error
            }
            for (ComponentJvm tm : tms) {
                if (!tm.alive()) tm.await("up", Duration.ZERO);
            }
            JsonNode o = overview(rest);
            if (o != null) {
                if (!tms.isEmpty()) jm.readyNow("up");
                if (o.path("taskmanagers").asInt() >= taskManagers
                        && o.path("slots-total").asInt() >= slots) {
                    jm.readyNow("up");
                    for (ComponentJvm tm : tms) tm.readyNow("up");
                    return;
                }
            }
            if (System.nanoTime() > deadline) {
                throw new ComponentFailure(
                        "flink cluster at " + rest + " was not ready after " + timeout.toSeconds() + " s: "
                                + (o == null
                                        ? "REST did not answer"
                                        : o.path("taskmanagers").asInt() + " of " + taskManagers + " TaskManagers and "
                                                + o.path("slots-total").asInt() + " of " + slots + " slots registered")
                                + " (logs: " + jm.log().getParent() + ")");
            }
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new ComponentFailure("flink: interrupted while waiting for the cluster");
            }
        }
    }

    /** The cluster's REST {@code /overview} (taskmanagers, slots-total, slots-available, jobs-running …), or null when it does not answer. */
    public static JsonNode overview(String rest) {
        try {
            HttpResponse<String> r = HTTP.send(
                    HttpRequest.newBuilder(URI.create("http://" + rest + "/overview"))
                            .timeout(Duration.ofSeconds(10))
                            .GET()
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            return r.statusCode() == 200 ? JSON.readTree(r.body()) : null;
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }

    @Override
    public String address() {
        return rest;
    }

    /** The pids of every JVM of the cluster, JobManager (or MiniCluster) first. */
    public List<Long> pids() {
        List<Long> out = new ArrayList<>(List.of(jobManager.pid()));
        for (ComponentJvm tm : taskManagers) out.add(tm.pid());
        return out;
    }

    @Override
    public List<ComponentTimes> times() {
        List<ComponentTimes> out = new ArrayList<>(List.of(jobManager.times()));
        for (ComponentJvm tm : taskManagers) out.add(tm.times());
        return out;
    }

    @Override
    public boolean alive() {
        return jobManager.alive() && taskManagers.stream().allMatch(ComponentJvm::alive);
    }

    /** Stops the TaskManagers, then the JobManager, each with SIGTERM, forcibly after 30 s. */
    @Override
    public void close() {
        for (ComponentJvm tm : taskManagers) tm.stop(Duration.ofSeconds(30));
        jobManager.stop(Duration.ofSeconds(30));
    }
}
