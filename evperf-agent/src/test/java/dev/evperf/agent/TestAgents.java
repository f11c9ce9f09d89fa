package dev.evperf.agent;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Agent JVMs a test starts on loopback, each logging to {@code <dir>/<name>.log}; {@link #close} stops any left. */
final class TestAgents implements AutoCloseable {
    private final Path dir;
    private final List<LocalAgent> started = new ArrayList<>();

    TestAgents(Path dir) {
        this.dir = dir;
    }

    /** Starts an agent on this JVM's class path, with further agent options (e.g. a test clock skew). */
    LocalAgent start(String name, Path secret, String... extra) throws IOException {
        LocalAgent a = LocalAgent.start(
                name,
                System.getProperty("java.class.path"),
                secret,
                dir.resolve(name + ".log"),
                Duration.ofSeconds(90),
                List.of(extra));
        started.add(a);
        return a;
    }

    @Override
    public void close() throws InterruptedException {
        for (LocalAgent a : started) a.close();
    }
}
