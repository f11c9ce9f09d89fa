package dev.evperf.core.component;

import dev.evperf.launch.ModuleClassPath;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A Kafka broker in KRaft mode (broker and controller in one JVM) started from Maven Central's
 * jars: module {@value #MODULE}, main {@code BrokerMain}, which formats the log directory with
 * Kafka's StorageTool and runs {@code kafka.Kafka}. Listens on two free loopback ports; its
 * data, {@code server.properties} and {@code broker.log} are under the directory it is given.
 * Ready when a client's DescribeCluster request is answered.
 */
public final class KafkaBroker implements Component {
    public static final String MODULE = "evperf-kafka-broker";
    static final String MAIN = "dev.evperf.kafkabroker.BrokerMain";
    /** Starts retried with fresh ports when one was taken between choosing and binding it. */
    static final int ATTEMPTS = 3;
    /** A small broker: a trial's topics hold little, and the machine is shared. */
    public static final List<String> DEFAULT_JVM = List.of("-Xms256m", "-Xmx1g", "-XX:+UseG1GC");

    private final ComponentJvm jvm;
    private final String bootstrap;
    private final Map<String, String> startup;

    private KafkaBroker(ComponentJvm jvm, String bootstrap, Map<String, String> startup) {
        this.jvm = jvm;
        this.bootstrap = bootstrap;
        this.startup = startup;
    }

    /**
     * Starts a broker and waits until it serves requests.
     *
     * @param overrides broker settings ({@code key=value}) applied after evperf's own
     * @throws ComponentFailure naming the broker and its log when it does not become ready
     */
    public static KafkaBroker start(Path dir, List<String> jvmOptions, List<String> overrides, Duration readyTimeout) {
        List<Path> classPath = ModuleClassPath.of(MODULE);
        for (int attempt = 1; ; attempt++) {
            int port = Ports.free();
            int controllerPort = Ports.free();
            List<String> args =
                    new ArrayList<>(List.of(dir.toString(), Integer.toString(port), Integer.toString(controllerPort)));
            args.addAll(overrides);
            ComponentJvm jvm = ComponentJvm.start(
                    "kafka-broker", classPath, jvmOptions, MAIN, args, dir, dir.resolve("broker.log"));
            try {
                Map<String, String> up = jvm.await("up", readyTimeout);
                return new KafkaBroker(jvm, up.get("bootstrap"), up);
            } catch (ComponentFailure f) {
                jvm.stop(Duration.ofSeconds(5));
                if (attempt < ATTEMPTS && Ports.inUse(jvm.logTail())) continue;
                throw f;
            }
        }
    }

    @Override
    public String address() {
        return bootstrap;
    }

    /** The broker's own account of its start: {@code format_ms} (StorageTool) and {@code server_ms} (kafka.Kafka until serving). */
    public Map<String, String> startup() {
        return startup;
    }

    public long pid() {
        return jvm.pid();
    }

    @Override
    public List<ComponentTimes> times() {
        return List.of(jvm.times());
    }

    @Override
    public boolean alive() {
        return jvm.alive();
    }

    /** Stops the broker with SIGTERM (Kafka's controlled shutdown), forcibly after 30 s. */
    @Override
    public void close() {
        jvm.stop(Duration.ofSeconds(30));
    }
}
