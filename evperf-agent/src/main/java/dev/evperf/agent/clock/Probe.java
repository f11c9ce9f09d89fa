package dev.evperf.agent.clock;

/**
 * One timestamped round trip between the controller (clock A) and an agent (clock B), seed 004's
 * MinRTT exchange with the agent's hold time measured too: {@code t1} the controller sends (A),
 * {@code t2} the agent receives (B), {@code t3} the agent replies (B), {@code t4} the controller
 * receives the reply (A). All in nanoseconds of the clock named.
 */
public record Probe(long t1, long t2, long t3, long t4) {
    /**
     * How far an agent's clock may run from the controller's, as a rate, while it holds a probe:
     * 1000 ppm, ten times a common crystal's tolerance. It only scales the hold time (microseconds),
     * so it adds nanoseconds to the bound; a clock worse than that is broken, not drifting.
     */
    public static final double MAX_RATE_ERROR = 1e-3;

    public Probe {
        if (t4 < t1) throw new IllegalArgumentException("probe received before it was sent: t1=" + t1 + " t4=" + t4);
        if (t3 < t2) throw new IllegalArgumentException("agent replied before it received: t2=" + t2 + " t3=" + t3);
    }

    /** The network round trip: the controller's wait less the agent's hold time (ns). */
    public long rtt() {
        return Math.max(0, (t4 - t1) - (t3 - t2));
    }

    /**
     * The anchor this probe gives: the agent's midpoint {@code (t2 + t3) / 2} happened, on the
     * controller's clock, within {@code [t1 + hold/2, t4 - hold/2]} (the request left before the
     * agent received it; the reply arrived after the agent sent it). The estimate is that interval's
     * middle, {@code (t1 + t4) / 2}; its half-width, ½ of the network RTT, is the error bound (seed 004,
     * Eq. 3), widened by {@link #MAX_RATE_ERROR} over the hold time and by 1 ns for integer halves.
     */
    public Anchor anchor() {
        long hold = t3 - t2;
        long remote = t2 + hold / 2;
        long controller = t1 + (t4 - t1) / 2;
        long bound = (rtt() + 1) / 2 + (long) Math.ceil(MAX_RATE_ERROR * hold / 2) + 1;
        return new Anchor(remote, controller, bound, rtt());
    }
}
