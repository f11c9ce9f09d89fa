package dev.evperf.kstreams;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.StreamSchema;
import dev.evperf.kafka.Logs;
import dev.evperf.kafka.io.KafkaSettings;
import dev.evperf.kafka.io.Topics;
import dev.evperf.kafka.io.TrialTopics;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.utils.AppInfoParser;

/**
 * The {@code kafka-streams} engine: a Kafka Streams application (in the trial's JVM, as Kafka
 * Streams always runs inside its application) between evperf's input topics and its output
 * topics. Its topology comes from the queries ({@link PipelineLanguage}) and/or a class named by
 * option {@code topology} ({@link KafkaStreamsTopology}). Options: {@link KafkaSettings}, plus
 * {@code topology} and {@code streams} (Kafka Streams settings, over evperf's defaults: commit
 * every 100 ms, no record cache, so every update is emitted and the end of input is seen soon).
 */
public final class KafkaStreamsEngineFactory implements EngineFactory {
    static final Set<String> OWN = Set.of("topology", "streams");

    static {
        Logs.quiet();
    }

    @Override
    public String name() {
        return "kafka-streams";
    }

    @Override
    public String version() {
        return "Kafka Streams " + AppInfoParser.getVersion();
    }

    @Override
    public Engine open(EngineSpec spec) throws EngineException {
        KafkaSettings settings = KafkaSettings.parse(name(), spec.options(), OWN);
        return KafkaStreamsEngine.open(settings, spec, topology(settings, spec));
    }

    /** Builds the topology (so queries and the class are checked) and checks the broker; starts nothing. */
    @Override
    public void validate(EngineSpec spec) throws EngineException {
        KafkaSettings settings = KafkaSettings.parse(name(), spec.options(), OWN);
        TopologyPlan plan = topology(settings, spec);
        plan.check(spec);
        try (Topics topics = Topics.connect(name(), settings.bootstrap, Topics.REACH)) {
            if (!settings.topics.isEmpty()) topics.describe(TrialTopics.existing(settings));
        }
    }

    private TopologyPlan topology(KafkaSettings settings, EngineSpec spec) throws EngineException {
        Map<String, StreamSchema> inputs = new LinkedHashMap<>();
        for (StreamSchema s : spec.inputs()) inputs.put(s.name(), s);
        Object cls = spec.options().get("topology");
        KafkaStreamsTopology user = cls == null ? null : TopologyPlan.instantiate(name(), cls.toString());
        return new TopologyPlan(name(), PipelineLanguage.parse(name(), spec.queries(), inputs), user, inputs);
    }
}
