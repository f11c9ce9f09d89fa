package dev.evperf.agent;

/**
 * A Kafka topic a driver part produces to or a sink part consumes, written {@code
 * kafka:BOOTSTRAP/TOPIC} in a {@link PartPlan} (one partition: one driver's events, in order).
 */
record KafkaTopic(String bootstrap, String topic) {
    static final String PREFIX = "kafka:";

    static boolean isTopic(String s) {
        return s != null && s.startsWith(PREFIX);
    }

    /** The plan's text for {@code topic} on the broker at {@code bootstrap}. */
    static String of(String bootstrap, String topic) {
        return PREFIX + bootstrap + "/" + topic;
    }

    static KafkaTopic parse(String s) {
        String rest = s.substring(PREFIX.length());
        int slash = rest.lastIndexOf('/');
        return new KafkaTopic(rest.substring(0, slash), rest.substring(slash + 1));
    }

    /** One line naming {@code field} when {@code s} is not {@code kafka:host:port/topic}, else null. */
    static String problem(String field, String s) {
        if (!isTopic(s)) return field + ": '" + s + "' is not kafka:BOOTSTRAP/TOPIC";
        String rest = s.substring(PREFIX.length());
        int slash = rest.lastIndexOf('/');
        if (slash <= 0 || rest.substring(0, slash).lastIndexOf(':') <= 0 || slash == rest.length() - 1) {
            return field + ": '" + s + "' is not kafka:BOOTSTRAP/TOPIC";
        }
        return null;
    }
}
