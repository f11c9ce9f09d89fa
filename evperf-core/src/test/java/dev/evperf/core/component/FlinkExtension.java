package dev.evperf.core.component;

import java.util.List;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real Flink MiniCluster JVM (one TaskManager, two slots) for the test classes of a test JVM
 * ({@code @RegisterExtension static}), stopped when the JVM's tests end ({@link Shared}). Sharing
 * it is safe: closing an engine waits until its job is cancelled, so each class finds both slots
 * free, and no test stops this cluster. It starts in the background, so that a broker registered
 * beside it starts at the same time.
 */
public final class FlinkExtension implements BeforeAllCallback {
    private Shared<FlinkCluster> cluster;

    @Override
    public void beforeAll(ExtensionContext context) {
        cluster = Shared.of(
                context,
                "flink",
                dir -> FlinkCluster.mini(dir, 1, 2, List.of("-Xmx1g"), List.of(), KafkaBrokerTest.READY));
    }

    public String rest() {
        return cluster().address();
    }

    public FlinkCluster cluster() {
        return cluster.get();
    }
}
