package dev.evperf.agent.clock;

/**
 * One point of the relation between an agent's clock and the controller's: the agent's reading
 * {@code remote} happened at {@code controller ± bound} on the controller's clock (ns). {@code rtt}
 * is the network round trip of the probe it came from.
 */
public record Anchor(long remote, long controller, long bound, long rtt) {
    /** The controller's clock minus the agent's at this point (ns). */
    public long offset() {
        return controller - remote;
    }
}
