package dev.evperf.agent;

/**
 * What the controller ships an agent for one part of a trial (JSON on the wire).
 *
 * @param role {@code driver} (sends events on an absolute schedule) or {@code sink} (receives them)
 * @param events how many events the driver sends and the sink expects
 * @param target where the driver sends: the sink's {@code host:port}, or a Kafka topic
 *     {@code kafka:BOOTSTRAP/TOPIC} (drivers only)
 * @param source where the sink reads: null to listen for a driver's connection, or a Kafka topic
 *     {@code kafka:BOOTSTRAP/TOPIC} (sinks only)
 * @param schedule the load and this driver's share of it (drivers only); the start comes with the
 *     controller's START request (every driver of a trial starts at one instant of its clock)
 */
public record PartPlan(String role, int events, String target, String source, Schedule schedule) {
    public static final String DRIVER = "driver";
    public static final String SINK = "sink";

    static PartPlan sink(int events, String source) {
        return new PartPlan(SINK, events, null, source, null);
    }

    static PartPlan driver(Schedule share, String target) {
        return new PartPlan(DRIVER, share.count(), target, null, share);
    }

    /** One line naming the field that is wrong, or null when the plan can run. */
    public String problem() {
        if (!DRIVER.equals(role) && !SINK.equals(role)) return "role: '" + role + "' is not driver or sink";
        if (events <= 0) return "events: " + events + " is not positive";
        if (DRIVER.equals(role)) {
            if (schedule == null) return "schedule: missing";
            if (schedule.problem() != null) return schedule.problem();
            if (schedule.count() != events) return "events: " + events + " but the schedule has " + schedule.count();
            if (KafkaTopic.isTopic(target)) return KafkaTopic.problem("target", target);
            if (target == null || target.lastIndexOf(':') <= 0) return "target: '" + target + "' is not host:port";
        }
        if (SINK.equals(role) && source != null) return KafkaTopic.problem("source", source);
        return null;
    }
}
