package dev.evperf.agent;

/**
 * What the controller ships an agent for one part of a trial (JSON on the wire).
 *
 * @param role {@code driver} (sends events on an absolute schedule) or {@code sink} (receives them)
 * @param events how many events the driver sends and the sink expects
 * @param rate the driver's events per second (each event's intended time is start + i / rate)
 * @param target where the driver sends: the sink's {@code host:port}, or a Kafka topic
 *     {@code kafka:BOOTSTRAP/TOPIC} (drivers only)
 * @param first the driver's first sequence number (drivers sharing a load take disjoint ranges)
 * @param source where the sink reads: null to listen for a driver's connection, or a Kafka topic
 *     {@code kafka:BOOTSTRAP/TOPIC} (sinks only)
 */
public record PartPlan(String role, int events, double rate, String target, long first, String source) {
    public static final String DRIVER = "driver";
    public static final String SINK = "sink";

    /** One line naming the field that is wrong, or null when the plan can run. */
    public String problem() {
        if (!DRIVER.equals(role) && !SINK.equals(role)) return "role: '" + role + "' is not driver or sink";
        if (events <= 0) return "events: " + events + " is not positive";
        if (DRIVER.equals(role)) {
            if (!(rate > 0) || Double.isInfinite(rate)) return "rate: " + rate + " is not a positive number";
            if (KafkaTopic.isTopic(target)) return KafkaTopic.problem("target", target);
            if (target == null || target.lastIndexOf(':') <= 0) return "target: '" + target + "' is not host:port";
        }
        if (SINK.equals(role) && source != null) return KafkaTopic.problem("source", source);
        return null;
    }
}
