package dev.evperf.agent;

/**
 * What the controller ships an agent for one part of a trial (JSON on the wire).
 *
 * @param role {@code driver} (sends events on an absolute schedule) or {@code sink} (receives them)
 * @param events how many events the driver sends and the sink expects
 * @param rate the driver's events per second (each event's intended time is start + i / rate)
 * @param target the sink's {@code host:port} the driver sends to (drivers only)
 * @param first the driver's first sequence number (drivers sharing a load take disjoint ranges)
 */
public record PartPlan(String role, int events, double rate, String target, long first) {
    public static final String DRIVER = "driver";
    public static final String SINK = "sink";

    /** One line naming the field that is wrong, or null when the plan can run. */
    public String problem() {
        if (!DRIVER.equals(role) && !SINK.equals(role)) return "role: '" + role + "' is not driver or sink";
        if (events <= 0) return "events: " + events + " is not positive";
        if (DRIVER.equals(role)) {
            if (!(rate > 0) || Double.isInfinite(rate)) return "rate: " + rate + " is not a positive number";
            if (target == null || target.lastIndexOf(':') <= 0) return "target: '" + target + "' is not host:port";
        }
        return null;
    }
}
