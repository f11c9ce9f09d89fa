package dev.evperf.core.trial;

import dev.evperf.results.Layout;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Where a trial JVM's JFR keeps its chunks while it records: the trial's own directory ({@value Layout#JFR_REPOSITORY}),
 * not the JDK's default, a directory per JVM in the system's temporary directory that only a JVM ending normally
 * deletes. A trial JVM killed at trial.timeout, stopped because a component was lost, or crashed would leave that
 * directory behind with no owner, once per such trial. Here it stays beside the trial's other results instead,
 * readable by the JDK's {@code jfr} tool up to the JVM's last flush before its end (what the JVM did just before it
 * was killed), and is removed when it holds no chunk (the JVM ended normally, or recorded nothing).
 */
final class JfrRepository {
    private JfrRepository() {}

    /** The trial JVM's option; the workload's own {@code trial.jvm} comes after it, so a user's choice wins. */
    static String option(Path trialDir) {
        return "-XX:FlightRecorderOptions:repository="
                + trialDir.resolve(Layout.JFR_REPOSITORY).toAbsolutePath();
    }

    /**
     * After the trial JVM is gone: keeps the repository if the JVM left a chunk in it, else removes it.
     *
     * @return whether a chunk was kept
     */
    static boolean settle(Path trialDir) throws IOException {
        Path repo = trialDir.resolve(Layout.JFR_REPOSITORY);
        if (!Files.isDirectory(repo)) return false;
        try (Stream<Path> files = Files.walk(repo)) {
            if (files.anyMatch(f -> f.getFileName().toString().endsWith(".jfr"))) return true;
        }
        try (Stream<Path> all = Files.walk(repo)) {
            for (Path f : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
        }
        return false;
    }
}
