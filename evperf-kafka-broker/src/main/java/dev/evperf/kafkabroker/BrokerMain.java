package dev.evperf.kafkabroker;

import dev.evperf.launch.ChildMain;
import dev.evperf.launch.Ready;
import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.DescribeClusterOptions;
import org.apache.kafka.common.Uuid;

/**
 * One Kafka broker in KRaft mode, broker and controller in one process, listening on loopback
 * only: {@code BrokerMain <dir> <port> <controller port> [key=value …]}. It writes
 * {@code <dir>/server.properties} (evperf's settings, then the overrides), formats
 * {@code <dir>/data} with Kafka's {@code StorageTool}, starts {@code kafka.Kafka} on that file,
 * and announces {@code up} once a client's DescribeCluster request is answered: the broker then
 * serves requests, since Kafka opens its request processing only after start-up completes.
 * Run under {@link dev.evperf.launch.ChildMain}, which ends it when its starter dies.
 */
public final class BrokerMain {
    private BrokerMain() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        int port = Integer.parseInt(args[1]);
        int controllerPort = Integer.parseInt(args[2]);
        Map<String, String> props = ChildMain.settings(args, 3, settings(dir, port, controllerPort));
        Path file = dir.resolve("server.properties");
        write(props, file);

        long t0 = System.nanoTime();
        int formatted = kafka.tools.StorageTool.execute(
                new String[] {"format", "-t", Uuid.randomUuid().toString(), "-c", file.toString(), "--ignore-formatted"
                },
                System.out);
        if (formatted != 0) {
            System.err.println("evperf broker: formatting " + props.get("log.dirs") + " failed (StorageTool exit "
                    + formatted + ")");
            System.exit(1);
        }
        long t1 = System.nanoTime();
        // kafka.Kafka blocks until shutdown and exits the JVM itself; it installs the shutdown hook
        // that closes the broker cleanly on SIGTERM.
        Thread server = new Thread(() -> kafka.Kafka.main(new String[] {file.toString()}), "kafka-main");
        server.start();
        // where clients reach it: loopback, or the address an agent's broker was told to listen on
        String advertised = props.get("advertised.listeners");
        String bootstrap = advertised.substring(advertised.indexOf("//") + 2);
        awaitServing(bootstrap, server);
        long t2 = System.nanoTime();
        Ready.announce("up", "bootstrap", bootstrap, "format_ms", ms(t1 - t0), "server_ms", ms(t2 - t1));
        server.join();
    }

    /** evperf's broker: one node, loopback only, no automatic topics, quick group start-up. */
    static Map<String, String> settings(Path dir, int port, int controllerPort) {
        Map<String, String> p = new TreeMap<>();
        p.put("process.roles", "broker,controller");
        p.put("node.id", "1");
        p.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
        p.put("listeners", "PLAINTEXT://127.0.0.1:" + port + ",CONTROLLER://127.0.0.1:" + controllerPort);
        p.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + port);
        p.put("controller.listener.names", "CONTROLLER");
        p.put("inter.broker.listener.name", "PLAINTEXT");
        p.put("listener.security.protocol.map", "CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT");
        p.put("log.dirs", dir.resolve("data").toString());
        // Topics are created per trial with the partitions the workload asks for; a misspelt topic
        // must fail, not appear.
        p.put("auto.create.topics.enable", "false");
        p.put("num.partitions", "1");
        // One node: every internal topic has one replica, and few partitions so groups start fast.
        p.put("offsets.topic.replication.factor", "1");
        p.put("offsets.topic.num.partitions", "1");
        p.put("transaction.state.log.replication.factor", "1");
        p.put("transaction.state.log.min.isr", "1");
        p.put("transaction.state.log.num.partitions", "1");
        p.put("group.initial.rebalance.delay.ms", "0");
        return p;
    }

    private static void write(Map<String, String> props, Path file) throws IOException {
        Files.createDirectories(file.getParent());
        try (Writer w = Files.newBufferedWriter(file)) {
            w.write("# written by evperf (BrokerMain)\n");
            for (var e : props.entrySet()) w.write(e.getKey() + "=" + e.getValue() + "\n");
        }
    }

    /** Polls DescribeCluster until it is answered; gives up when the server thread has died. */
    private static void awaitServing(String bootstrap, Thread server) throws InterruptedException {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, "2000");
        p.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, "2000");
        p.put(AdminClientConfig.RECONNECT_BACKOFF_MS_CONFIG, "20");
        p.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, "100");
        try (Admin admin = Admin.create(p)) {
            while (server.isAlive()) {
                try {
                    if (!admin.describeCluster(new DescribeClusterOptions().timeoutMs(2000))
                            .nodes()
                            .get(3, TimeUnit.SECONDS)
                            .isEmpty()) {
                        return;
                    }
                } catch (Exception notYet) {
                    Thread.sleep(20);
                }
            }
        }
        System.err.println("evperf broker: kafka.Kafka stopped before it served requests");
        System.exit(1);
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.1f", nanos / 1e6);
    }
}
