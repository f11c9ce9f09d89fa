package dev.evperf.kafka;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.kafka.io.KafkaSettings;
import dev.evperf.kafka.io.Topics;
import dev.evperf.kafka.io.TrialTopics;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.common.utils.AppInfoParser;

/**
 * The {@code kafka} engine: no engine at all. Each output stream is read, by the sink's
 * consumer, from the topic its input stream is written to: producer → broker → consumer, the
 * baseline every engine behind Kafka adds its own time to. Its "queries" say which input each
 * output reads, one {@code from <input> into <output>} per line; with none, every output reads
 * the only input. Options: {@link KafkaSettings}.
 */
public final class KafkaEngineFactory implements EngineFactory {
    static {
        Logs.quiet();
    }

    @Override
    public String name() {
        return "kafka";
    }

    @Override
    public String version() {
        return "Kafka clients " + AppInfoParser.getVersion();
    }

    @Override
    public Engine open(EngineSpec spec) throws EngineException {
        KafkaSettings settings = KafkaSettings.parse(name(), spec.options(), Set.of());
        Map<String, String> routes = PassThroughQueries.parse(spec);
        return KafkaEngine.open(settings, spec, routes);
    }

    /** Parses the options and queries and checks that the broker answers (and that existing topics exist); creates nothing. */
    @Override
    public void validate(EngineSpec spec) throws EngineException {
        KafkaSettings settings = KafkaSettings.parse(name(), spec.options(), Set.of());
        PassThroughQueries.parse(spec);
        try (Topics topics = Topics.connect(name(), settings.bootstrap, Topics.REACH)) {
            if (!settings.topics.isEmpty()) topics.describe(TrialTopics.existing(settings));
        }
    }
}
