package dev.evperf.agent;

import java.io.IOException;

/** A driver or a sink an agent runs for its controller, on a thread of its own. */
abstract class Part {
    /** Events sent (driver) or received (sink) so far. */
    protected volatile int count;
    /** Why the part failed, or null. */
    protected volatile String failure;

    protected Thread thread;
    /** Set when the controller started it: a later START (for parts planned after it) leaves it alone. */
    boolean started;

    abstract void start() throws IOException;

    /** {@link PartPlan#DRIVER} or {@link PartPlan#SINK}. */
    abstract String role();

    /** Whether the part has finished its plan, failed or stopped. */
    abstract boolean done();

    /** Its records as columns of {@link #count()} rows, timestamps on the agent's clock. */
    abstract long[][] records();

    abstract void stop() throws InterruptedException;

    final int count() {
        return count;
    }

    final String failure() {
        return failure;
    }

    /** Runs {@code body} on the part's (daemon) thread. */
    final void run(Runnable body, String name) {
        thread = new Thread(body, "evperf-agent-" + name);
        thread.setDaemon(true);
        thread.start();
    }
}
