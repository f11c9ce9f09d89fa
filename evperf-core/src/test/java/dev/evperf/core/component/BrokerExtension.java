package dev.evperf.core.component;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real Kafka broker for a test class ({@code @RegisterExtension static}): started before
 * its first test, stopped and its directory removed after the last. It starts in the background
 * ({@link Starting}), so that a Flink cluster registered beside it starts at the same time.
 */
public final class BrokerExtension implements BeforeAllCallback, AfterAllCallback {
    private Path dir;
    private Starting<KafkaBroker> broker;

    @Override
    public void beforeAll(ExtensionContext context) throws IOException {
        dir = Files.createTempDirectory("evperf-broker-");
        broker = Starting.start(
                "broker", () -> KafkaBroker.start(dir, KafkaBroker.DEFAULT_JVM, List.of(), KafkaBrokerTest.READY));
    }

    @Override
    public void afterAll(ExtensionContext context) throws IOException {
        if (broker != null) broker.close();
        deleteTree(dir);
    }

    public String bootstrap() {
        return broker().address();
    }

    public KafkaBroker broker() {
        return broker.get();
    }

    static void deleteTree(Path dir) throws IOException {
        if (dir == null || !Files.exists(dir)) return;
        try (Stream<Path> all = Files.walk(dir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
