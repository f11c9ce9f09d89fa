package dev.evperf.agent;

import java.io.IOException;
import java.util.LinkedHashMap;
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

    /** {@link PartPlan#DRIVER}, {@link PartPlan#SINK}, {@link PartPlan#ENGINE} or {@link PartPlan#BROKER}. */
    abstract String role();

    /** Whether the part is ready for the drivers' first event (an engine that has started); most are at once. */
    boolean ready() {
        return true;
    }

    /** Where other nodes reach what the part serves (a broker's {@code host:port}), or null. */
    String address() {
        return null;
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

    /** A switch as a part records it: what changed, when on the agent's clock, after how many events. */
    static Map<String, Object> switched(String setting, long from, long to, long at, long before) {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("setting", setting);
        r.put("from", from);
        r.put("to", to);
        r.put("at", at);
        r.put("arrivals_before", before);
        return r;
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
