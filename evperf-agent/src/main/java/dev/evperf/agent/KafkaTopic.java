package dev.evperf.agent;

import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.errors.TopicExistsException;

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

    /**
     * Creates the topic with one partition and one replica (one driver's events, or a query's
     * inputs or outputs, in order), waiting at most 15 s; an existing topic is left as it is.
     *
     * @throws IllegalStateException one line: the broker did not create it
     */
    void create() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        try (Admin admin = Admin.create(p)) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(15, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("kafka: creating topic " + topic + " at " + bootstrap + " failed: "
                        + e.getCause().getMessage());
            }
        } catch (Exception e) {
            throw new IllegalStateException("kafka: creating topic " + topic + " at " + bootstrap + " failed: " + e);
        }
    }
}
