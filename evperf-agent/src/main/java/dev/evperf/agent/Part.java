package dev.evperf.agent;

import java.io.IOException;
import java.util.Map;
import java.util.function.LongSupplier;

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

    /** Whether the part is ready for the drivers' first event (an engine that has started); most are at once. */
    boolean ready() {
        return true;
    }

    /** Whether the part has finished its plan, failed or stopped. */
    abstract boolean done();

    /** Its records as columns of {@link #count()} rows, timestamps on the agent's clock. */
    abstract long[][] records();

    abstract void stop() throws InterruptedException;

    /**
     * Switches one of the part's handler settings while it runs (the controller's {@code CONFIGURE}).
     *
     * @param clock the agent's clock, read when the switch takes effect
     * @return the switch as recorded
     * @throws IllegalArgumentException one line: the part has no such setting, or the value is out of range
     */
    Map<String, Object> configure(String setting, long value, LongSupplier clock) {
        throw new IllegalArgumentException("configure: a " + role() + " part has no setting '" + setting + "'");
    }

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
