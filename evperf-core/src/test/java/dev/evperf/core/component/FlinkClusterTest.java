package dev.evperf.core.component;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Real Flink clusters from Maven Central's jars: standalone JVMs and a MiniCluster. */
class FlinkClusterTest {

    @Test
    void aStandaloneClusterRegistersItsTaskManagersWithTheirSlots(@TempDir Path dir) throws Exception {
        FlinkCluster cluster = FlinkCluster.standalone(
                dir, 2, 2, List.of("taskmanager.memory.process.size=1100m"), KafkaBrokerTest.READY);
        List<Long> pids = cluster.pids();
        try {
            assertThat(pids).hasSize(3).doesNotHaveDuplicates();
            JsonNode o = FlinkCluster.overview(cluster.address());
            assertThat(o.path("taskmanagers").asInt()).isEqualTo(2);
            assertThat(o.path("slots-total").asInt()).isEqualTo(4);
            int restPort = Integer.parseInt(
                    cluster.address().substring(cluster.address().indexOf(':') + 1));
            assertThat(Procs.listening(restPort)).containsOnly("127.0.0.1:" + restPort);
            assertThat(Files.readString(dir.resolve("conf/config.yaml")))
                    .contains("taskmanager.memory.process.size: 1100m");
            List<ComponentTimes> times = cluster.times();
            assertThat(times)
                    .extracting(ComponentTimes::name)
                    .containsExactly("flink-jobmanager", "flink-taskmanager-1", "flink-taskmanager-2");
            for (ComponentTimes t : times) {
                assertThat(t.startedMs()).isPositive().isLessThan(t.readyMs());
            }
        } finally {
            cluster.close();
        }
        for (long pid : pids) assertThat(Procs.running(pid)).isFalse();
        assertThat(cluster.times()).allSatisfy(t -> assertThat(t.shutdownMs()).isPositive());
    }

    @Test
    void aMiniClusterServesRestFromOneJvm(@TempDir Path dir) throws Exception {
        FlinkCluster cluster = FlinkCluster.mini(dir, 1, 2, List.of("-Xmx768m"), List.of(), KafkaBrokerTest.READY);
        try {
            assertThat(cluster.pids()).hasSize(1);
            assertThat(FlinkCluster.overview(cluster.address())
                            .path("slots-total")
                            .asInt())
                    .isEqualTo(2);
            assertThat(cluster.times().get(0).readyMs()).isPositive();
        } finally {
            cluster.close();
        }
        assertThat(Procs.running(cluster.pids().get(0))).isFalse();
    }

    @Test
    void noClusterJvmOutlivesAControllerKilledWithSigkill(@TempDir Path dir) throws Exception {
        assertThat(KafkaBrokerTest.killControllerOf("flink", dir)).hasSize(2);
    }
}
