package dev.evperf.flinkcluster;

import dev.evperf.launch.ChildMain;
import dev.evperf.launch.Ready;
import java.net.URI;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.runtime.minicluster.MiniCluster;
import org.apache.flink.runtime.minicluster.MiniClusterConfiguration;

/**
 * A Flink MiniCluster (JobManager and TaskManagers in one JVM) with its REST endpoint on loopback,
 * for quick runs: {@code MiniClusterMain <rest port> <task managers> <slots each> [key=value …]}.
 * Announces {@code rest rest=127.0.0.1:<port>} once the cluster has started (its starter then waits
 * until REST shows every slot); SIGTERM closes it.
 * Run under {@link dev.evperf.launch.ChildMain}, which ends it when its starter dies.
 */
public final class MiniClusterMain {
    private MiniClusterMain() {}

    public static void main(String[] args) throws Exception {
        int restPort = Integer.parseInt(args[0]);
        int taskManagers = Integer.parseInt(args[1]);
        int slots = Integer.parseInt(args[2]);
        Map<String, String> settings = new HashMap<>();
        settings.put("rest.port", Integer.toString(restPort));
        settings.put("rest.address", "127.0.0.1");
        settings.put("rest.bind-address", "127.0.0.1");
        settings.put("jobmanager.rpc.address", "127.0.0.1");
        settings.put("jobmanager.bind-host", "127.0.0.1");
        settings.put("taskmanager.host", "127.0.0.1");
        settings.put("taskmanager.bind-host", "127.0.0.1");
        // The REST metrics evperf samples into each trial's series: fetched from the TaskManagers every 1 s, not 10 s.
        settings.put("metrics.fetcher.update-interval", "1000");
        ChildMain.settings(args, 3, settings);
        long t0 = System.nanoTime();
        MiniCluster cluster = new MiniCluster(new MiniClusterConfiguration.Builder()
                .setConfiguration(Configuration.fromMap(settings))
                .setNumTaskManagers(taskManagers)
                .setNumSlotsPerTaskManager(slots)
                .build());
        cluster.start();
        URI rest = cluster.getRestAddress().get(60, TimeUnit.SECONDS);
        CountDownLatch closed = new CountDownLatch(1);
        Runtime.getRuntime()
                .addShutdownHook(new Thread(
                        () -> {
                            try {
                                cluster.closeAsync().get(30, TimeUnit.SECONDS);
                            } catch (Exception e) {
                                System.err.println("evperf minicluster: close failed: " + e);
                            }
                            closed.countDown();
                        },
                        "evperf-minicluster-close"));
        Ready.announce(
                "rest",
                "rest",
                rest.getHost() + ":" + rest.getPort(),
                "cluster_ms",
                String.format(Locale.ROOT, "%.1f", (System.nanoTime() - t0) / 1e6));
        closed.await();
    }
}
