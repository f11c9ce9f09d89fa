package dev.evperf.core.component;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A stand-in for the evperf controller in {@link KafkaBrokerTest} and {@link FlinkClusterTest}:
 * starts a broker ({@code kafka}) or a standalone Flink cluster ({@code flink}), prints the pids
 * of its JVMs, and waits to be killed.
 */
public final class OrphanMain {
    private OrphanMain() {}

    public static void main(String[] args) throws Exception {
        Path dir = Path.of(args[0]);
        List<Long> pids;
        if (args.length > 1 && args[1].equals("flink")) {
            pids = FlinkCluster.standalone(dir, 1, 1, List.of(), Duration.ofSeconds(180))
                    .pids();
        } else {
            pids = List.of(KafkaBroker.start(dir, KafkaBroker.DEFAULT_JVM, List.of(), Duration.ofSeconds(180))
                    .pid());
        }
        System.out.println(
                "pids " + pids.stream().map(String::valueOf).collect(java.util.stream.Collectors.joining(",")));
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
