package dev.evperf.agent;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Agent JVMs a test starts on loopback ({@code @RegisterExtension final TestAgents agents = new
 * TestAgents();}), each logging to {@link #log}; after each test every one left is stopped and the
 * logs are removed.
 */
final class TestAgents implements AfterEachCallback {
    private final List<LocalAgent> started = new ArrayList<>();
    private Path dir;

    /** Starts an agent on this JVM's class path, with further agent options (e.g. a test clock skew). */
    LocalAgent start(String name, Path secret, String... extra) throws IOException {
        LocalAgent a = LocalAgent.start(
                name, System.getProperty("java.class.path"), secret, log(name), Duration.ofSeconds(90), List.of(extra));
        started.add(a);
        return a;
    }

    /** Where agent {@code name} logs (its stderr). */
    Path log(String name) {
        try {
            if (dir == null) dir = Files.createTempDirectory("evperf-test-agents");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return dir.resolve(name + ".log");
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        for (LocalAgent a : started) a.close();
        started.clear();
        if (dir != null) {
            try (Stream<Path> files = Files.walk(dir)) {
                for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.delete(p);
            }
            dir = null;
        }
    }
}
