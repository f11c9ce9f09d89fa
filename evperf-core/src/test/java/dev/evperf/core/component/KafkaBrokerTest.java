package dev.evperf.core.component;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real Kafka broker (KRaft) from Maven Central's jars, started, timed and stopped. */
public class KafkaBrokerTest {
    static final Duration READY = Duration.ofSeconds(180); // a busy 2-core machine can be slow

    @Test
    void startsOnLoopbackTimesItsStartAndStopsCleanly(@TempDir Path dir) throws Exception {
        KafkaBroker broker = KafkaBroker.start(dir, KafkaBroker.DEFAULT_JVM, List.of("log.retention.hours=1"), READY);
        long pid = broker.pid();
        try {
            assertThat(broker.alive()).isTrue();
            int port =
                    Integer.parseInt(broker.address().substring(broker.address().indexOf(':') + 1));
            assertThat(broker.address()).startsWith("127.0.0.1:");
            // Both listeners (clients and KRaft controller) are bound to loopback, nothing else.
            String props = Files.readString(dir.resolve("server.properties"));
            int controllerPort =
                    Integer.parseInt(props.replaceAll("(?s).*CONTROLLER://127\\.0\\.0\\.1:(\\d+).*", "$1"));
            assertThat(Procs.listening(port, controllerPort))
                    .containsOnly("127.0.0.1:" + port, "127.0.0.1:" + controllerPort);
            assertThat(props).contains("log.retention.hours=1", "auto.create.topics.enable=false");
            assertThat(dir.resolve("data/meta.properties")).exists();

            ComponentTimes t = broker.times().get(0);
            assertThat(t.name()).isEqualTo("kafka-broker");
            assertThat(t.pid()).isEqualTo(pid);
            // launch → main began → serving, in that order; the JVM's own start-up is inside the first step
            assertThat(t.jvmMs()).isPositive();
            assertThat(t.startedMs()).isPositive().isLessThan(t.readyMs());
            assertThat(t.shutdownMs()).isNull();
            Map<String, String> own = broker.startup();
            assertThat(Double.parseDouble(own.get("format_ms"))).isPositive();
            assertThat(Double.parseDouble(own.get("server_ms"))).isPositive().isLessThan(t.readyMs());
        } finally {
            broker.close();
        }
        assertThat(Procs.running(pid)).isFalse();
        ComponentTimes t = broker.times().get(0);
        assertThat(t.shutdownMs()).isPositive();
        assertThat(t.exitCode()).isNotNull();
        // a clean shutdown leaves Kafka's marker that the logs were closed properly
        assertThat(Files.readString(dir.resolve("broker.log"))).contains("shut down completed");
    }

    @Test
    void noBrokerOutlivesAControllerKilledWithSigkill(@TempDir Path dir) throws Exception {
        List<Long> pids = killControllerOf("kafka", dir);
        assertThat(pids).hasSize(1);
        assertThat(Files.readString(dir.resolve("broker.log"))).contains("is gone; exiting");
    }

    /**
     * Starts a stand-in controller that starts a component, SIGKILLs the controller once the
     * component runs, and checks every JVM of the component is gone by pid.
     *
     * @return the component's pids
     */
    static List<Long> killControllerOf(String component, Path dir) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process controller = new ProcessBuilder(
                        java,
                        "-Xmx256m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        OrphanMain.class.getName(),
                        dir.toString(),
                        component)
                .redirectErrorStream(true)
                .start();
        List<Long> pids = new java.util.ArrayList<>();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(controller.getInputStream()))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("pids ")) {
                    for (String p : line.substring(5).trim().split(",")) pids.add(Long.parseLong(p));
                    break;
                }
            }
            assertThat(pids)
                    .as("the stand-in controller printed its component's pids")
                    .isNotEmpty();
            for (long pid : pids) assertThat(Procs.running(pid)).isTrue();
            controller.destroyForcibly(); // SIGKILL: no shutdown hook runs in the controller
            controller.waitFor();
            // each JVM's parent-death watch ends it (gracefully, halted after 20 s at the latest)
            for (long pid : pids)
                assertThat(Procs.awaitGone(pid, Duration.ofSeconds(60)))
                        .as("pid %d gone", pid)
                        .isTrue();
        } finally {
            controller.destroyForcibly();
            for (long pid : pids) ProcessHandle.of(pid).ifPresent(ProcessHandle::destroyForcibly);
        }
        return pids;
    }

    @Test
    void aBrokerThatCannotStartIsReportedInOneLineWithItsLog(@TempDir Path dir) {
        // an override Kafka rejects: the broker exits before it serves, and the failure names it
        org.assertj.core.api.Assertions.assertThatThrownBy(
                        () -> KafkaBroker.start(dir, KafkaBroker.DEFAULT_JVM, List.of("num.partitions=zero"), READY))
                .isInstanceOf(ComponentFailure.class)
                .hasMessageStartingWith("kafka-broker exited with code")
                .hasMessageContaining("num.partitions")
                .hasMessageContaining(dir.resolve("broker.log").toString())
                .message()
                .doesNotContain("\n");
    }
}
