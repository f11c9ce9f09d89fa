package dev.evperf.core.component;

import java.util.List;

/**
 * A system under test that runs outside the trial JVM: a Kafka broker or a Flink cluster that
 * evperf started, or an existing one it was pointed at. Closing stops what evperf started and
 * leaves an existing cluster alone.
 */
public interface Component extends AutoCloseable {

    /** What clients connect to: Kafka's {@code bootstrap.servers}, Flink's REST {@code host:port}. */
    String address();

    /** The timings of every JVM evperf started for it; empty for an existing cluster. */
    List<ComponentTimes> times();

    /** Whether every JVM evperf started for it still runs (true for an existing cluster). */
    boolean alive();

    @Override
    void close();

    /**
     * The first JVM of this component that exited without being stopped, e.g. {@code
     * flink-taskmanager-1 (pid 4242) was ended by SIGKILL}; null while all run (or for an existing cluster).
     */
    default String died() {
        for (ComponentTimes t : times()) {
            if (t.exitCode() != null && t.shutdownMs() == null) {
                int c = t.exitCode();
                String how = c > 128 && c - 128 == 9
                        ? "was ended by SIGKILL"
                        : c > 128 && c - 128 == 15 ? "was ended by SIGTERM" : "exited with code " + c;
                return t.name() + " (pid " + t.pid() + ") " + how;
            }
        }
        return null;
    }

    /** A cluster evperf did not start: only its address. */
    static Component existing(String address) {
        return new Component() {
            public String address() {
                return address;
            }

            public List<ComponentTimes> times() {
                return List.of();
            }

            public boolean alive() {
                return true;
            }

            public void close() {}
        };
    }
}
