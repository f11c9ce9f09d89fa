package dev.evperf.agent;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The temporary directories of brokers whose agent was killed ({@link BrokerPart}): a SIGKILLed agent
 * runs nothing more, its broker ends by its parent-death watch, and the broker's directory stays. Each
 * directory names its agent and broker processes (pid and start time, so a reused pid is not taken
 * for them) in {@value #OWNERS}; the next agent that starts on the host removes every such directory
 * whose two processes are both gone. A directory without the file (being created, or not ours) is
 * left alone.
 */
final class StaleBrokerDirs {
    static final String PREFIX = "evperf-agent-broker-";
    static final String OWNERS = "owners";

    private StaleBrokerDirs() {}

    /** Records in {@code dir} the agent (this process) and its broker {@code broker}. */
    static void own(Path dir, ProcessHandle broker) throws IOException {
        Files.writeString(dir.resolve(OWNERS), id(ProcessHandle.current()) + "\n" + id(broker) + "\n");
    }

    /** Removes the directories under {@code tmp} whose agent and broker are both gone; one line each to {@code err}. */
    static void sweep(Path tmp, PrintStream err, String agent) {
        try (DirectoryStream<Path> dirs = Files.newDirectoryStream(tmp, PREFIX + "*")) {
            for (Path d : dirs) {
                Path owners = d.resolve(OWNERS);
                if (!Files.isRegularFile(owners)) continue;
                List<String> ids = Files.readAllLines(owners, StandardCharsets.UTF_8);
                if (ids.size() < 2 || ids.stream().anyMatch(StaleBrokerDirs::alive)) continue;
                delete(d);
                err.println("agent " + agent + ": removed " + d + " (a broker directory left by a killed agent, "
                        + ids.get(0).split(" ")[0] + ")");
            }
        } catch (IOException | RuntimeException e) {
            // best effort: another agent may be sweeping too, or the directory is not readable
            err.println("agent " + agent + ": could not sweep old broker directories: " + e.getMessage());
        }
    }

    static void delete(Path dir) throws IOException {
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path f : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
        }
    }

    /** "pid start-millis": the start time tells a live process from a later one that reuses the pid. */
    private static String id(ProcessHandle p) {
        return p.pid() + " "
                + p.info().startInstant().map(i -> i.toEpochMilli()).orElse(0L);
    }

    private static boolean alive(String id) {
        String[] f = id.strip().split(" ");
        if (f.length != 2) return true; // not ours to judge
        long start = Long.parseLong(f[1]);
        return ProcessHandle.of(Long.parseLong(f[0]))
                .filter(ProcessHandle::isAlive)
                .map(h -> h.info().startInstant().map(i -> i.toEpochMilli()).orElse(0L) == start)
                .orElse(false);
    }
}
