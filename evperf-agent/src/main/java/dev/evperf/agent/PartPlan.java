package dev.evperf.agent;

import java.util.Map;

/**
 * What the controller ships an agent for one part of a trial (JSON on the wire).
 *
 * @param role {@code driver} (sends events on an absolute schedule), {@code sink} (receives them),
 *     {@code engine} (a Kafka Streams application between the drivers' topic and the sink's) or
 *     {@code broker} (a Kafka broker on the agent's node, for the trial's topics; no events of its own)
 * @param events how many events the driver sends, the sink expects at most, the engine reads
 * @param target where the driver (or the engine) writes: the sink's {@code host:port}, or a Kafka topic
 *     {@code kafka:BOOTSTRAP/TOPIC}
 * @param source where the sink (or the engine) reads: null to listen for a driver's connection, or a
 *     Kafka topic {@code kafka:BOOTSTRAP/TOPIC}
 * @param schedule the load and this driver's share of it (drivers only); the start comes with the
 *     controller's START request (every driver of a trial starts at one instant of its clock)
 * @param query the engine's query and its input stream, or null: events are raw (sequence number and
 *     send stamp) and the broker passes them through
 */
public record PartPlan(String role, int events, String target, String source, Schedule schedule, Query query) {
    public static final String DRIVER = "driver";
    public static final String SINK = "sink";
    public static final String ENGINE = "engine";
    public static final String BROKER = "broker";

    /**
     * The workload's query between the agents: the drivers write rows of {@code stream} ({@code
     * fields}: name → type, in order; {@code sequence} names the field that carries the event's
     * sequence number), the engine runs {@code queries} (the kafka-streams engine's
     * pipeline language) with the Kafka Streams {@code settings} over evperf's, the sink reads its outputs.
     */
    public record Query(
            String stream, Map<String, String> fields, String sequence, String queries, Map<String, String> settings) {}

    static PartPlan sink(int events, String source, Query query) {
        return new PartPlan(SINK, events, null, source, null, query);
    }

    static PartPlan driver(Schedule share, String target, Query query) {
        return new PartPlan(DRIVER, share.count(), target, null, share, query);
    }

    static PartPlan engine(int events, String source, String target, Query query) {
        return new PartPlan(ENGINE, events, target, source, null, query);
    }

    static PartPlan broker() {
        return new PartPlan(BROKER, 0, null, null, null, null);
    }

    /** One line naming the field that is wrong, or null when the plan can run. */
    public String problem() {
        if (BROKER.equals(role))
            return events == 0 && target == null && source == null ? null : "broker: has no events";
        if (!DRIVER.equals(role) && !SINK.equals(role) && !ENGINE.equals(role))
            return "role: '" + role + "' is not driver, sink, engine or broker";
        if (events <= 0) return "events: " + events + " is not positive";
        if (DRIVER.equals(role)) {
            if (schedule == null) return "schedule: missing";
            if (schedule.problem() != null) return schedule.problem();
            if (schedule.count() != events) return "events: " + events + " but the schedule has " + schedule.count();
            if (KafkaTopic.isTopic(target)) return KafkaTopic.problem("target", target);
            if (query != null) return "target: a query's rows go to a Kafka topic, not '" + target + "'";
            if (target == null || target.lastIndexOf(':') <= 0) return "target: '" + target + "' is not host:port";
        }
        if (SINK.equals(role) && source != null) return KafkaTopic.problem("source", source);
        if (SINK.equals(role) && query != null) return "source: a query's outputs come from a Kafka topic";
        if (ENGINE.equals(role)) {
            if (query == null || query.queries() == null || query.stream() == null || query.fields() == null)
                return "query: the engine needs its queries, input stream and fields";
            String p = KafkaTopic.problem("source", source);
            return p != null ? p : KafkaTopic.problem("target", target);
        }
        return null;
    }
}
