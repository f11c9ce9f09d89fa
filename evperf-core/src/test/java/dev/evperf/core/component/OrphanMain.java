package dev.evperf.core.component;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A stand-in for the evperf controller in {@link KafkaBrokerTest}: starts a broker, prints its
 * pid, and waits to be killed.
 */
public final class OrphanMain {
    private OrphanMain() {
    }

    public static void main(String[] args) throws Exception {
        KafkaBroker broker = KafkaBroker.start(Path.of(args[0]), KafkaBroker.DEFAULT_JVM, List.of(), Duration.ofSeconds(180));
        System.out.println("broker-pid " + broker.pid());
        System.out.flush();
        Thread.sleep(Long.MAX_VALUE);
    }
}
