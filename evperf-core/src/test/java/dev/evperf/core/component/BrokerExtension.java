package dev.evperf.core.component;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real Kafka broker for the test classes of a test JVM ({@code @RegisterExtension static}):
 * started before the first such class's first test, stopped and its directory removed when the
 * JVM's tests end ({@link Shared}). Sharing it is safe: every engine makes its topics under a
 * unique prefix (TrialTopics), and no test stops or reconfigures this broker. It starts in the
 * background, so that a Flink cluster registered beside it starts at the same time.
 */
public final class BrokerExtension implements BeforeAllCallback {
    private Shared<KafkaBroker> broker;

    @Override
    public void beforeAll(ExtensionContext context) {
        broker = Shared.of(
                context,
                "broker",
                dir -> KafkaBroker.start(dir, KafkaBroker.DEFAULT_JVM, List.of(), KafkaBrokerTest.READY));
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
