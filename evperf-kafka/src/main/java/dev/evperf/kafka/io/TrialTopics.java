package dev.evperf.kafka.io;

import dev.evperf.api.EngineException;
import dev.evperf.api.StreamSchema;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;

/**
 * The input topics of one opened engine: an existing topic where the options name one, else a
 * new topic {@code evperf-<8 hex>-<stream>} with the partitions asked for, which the engine's
 * {@link Topics} deletes when it closes.
 *
 * @param schemas    input stream → its schema
 * @param topicOf    input stream → its topic
 * @param partitions input stream → its topic's partitions
 */
public record TrialTopics(
        Map<String, StreamSchema> schemas, Map<String, String> topicOf, Map<String, Integer> partitions) {

    /** The prefix of every topic this engine creates: unique, so trials on one cluster never share a topic. */
    public static String uniquePrefix() {
        return "evperf-" + UUID.randomUUID().toString().substring(0, 8) + "-";
    }

    /** Each existing topic the options name, with the option that names it (for messages). */
    public static Map<String, String> existing(KafkaSettings s) {
        Map<String, String> origin = new LinkedHashMap<>();
        s.topics.forEach((stream, topic) -> origin.put(topic, "engine.options.topics." + stream));
        return origin;
    }

    public static TrialTopics of(KafkaSettings s, List<StreamSchema> inputs, Topics topics) throws EngineException {
        return of(s, inputs, topics, uniquePrefix());
    }

    public static TrialTopics of(KafkaSettings s, List<StreamSchema> inputs, Topics topics, String prefix)
            throws EngineException {
        Map<String, StreamSchema> schemas = new LinkedHashMap<>();
        Map<String, String> topicOf = new LinkedHashMap<>();
        Map<String, Integer> partitions = new LinkedHashMap<>();
        List<String> create = new ArrayList<>();
        for (StreamSchema schema : inputs) {
            schemas.put(schema.name(), schema);
            String named = s.topics.get(schema.name());
            if (named != null) {
                topicOf.put(schema.name(), named);
            } else {
                topicOf.put(schema.name(), prefix + schema.name());
                create.add(prefix + schema.name());
                partitions.put(schema.name(), s.partitions);
            }
        }
        if (!s.topics.isEmpty()) {
            Map<String, Integer> described = topics.describe(existing(s));
            topicOf.forEach((stream, topic) -> partitions.putIfAbsent(stream, described.get(topic)));
        }
        if (!create.isEmpty()) topics.create(create, s.partitions, s.appendTime);
        return new TrialTopics(schemas, topicOf, partitions);
    }
}
