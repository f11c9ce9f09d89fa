package dev.evperf.core.component;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real Flink MiniCluster JVM (one TaskManager, two slots) for a test class
 * ({@code @RegisterExtension static}), stopped after the last test. It starts in the background
 * ({@link Starting}), so that a broker registered beside it starts at the same time.
 */
public final class FlinkExtension implements BeforeAllCallback, AfterAllCallback {
    private Path dir;
    private Starting<FlinkCluster> cluster;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("evperf-flink-");
        cluster = Starting.start(
                "Flink cluster",
                () -> FlinkCluster.mini(dir, 1, 2, List.of("-Xmx1g"), List.of(), KafkaBrokerTest.READY));
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        if (cluster != null) cluster.close();
        BrokerExtension.deleteTree(dir);
    }

    public String rest() {
        return cluster().address();
    }

    public FlinkCluster cluster() {
        return cluster.get();
    }
}
