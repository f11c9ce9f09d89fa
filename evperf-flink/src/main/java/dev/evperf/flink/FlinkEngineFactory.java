package dev.evperf.flink;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.kafka.Logs;
import dev.evperf.kafka.io.KafkaSettings;
import dev.evperf.kafka.io.Topics;
import dev.evperf.kafka.io.TrialTopics;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.flink.runtime.util.EnvironmentInformation;

/**
 * The {@code flink} engine: Flink SQL from the workload (statements that define a view or table
 * named after each output stream, over views named after the input streams) and/or a
 * {@link FlinkJob} class, between evperf's Kafka topics, on the Flink cluster at option
 * {@code rest}. Options: {@link KafkaSettings} and {@link FlinkSettings}.
 */
public final class FlinkEngineFactory implements EngineFactory {
    static {
        Logs.quiet();
    }

    @Override
    public String name() {
        return "flink";
    }

    @Override
    public String version() {
        return "Flink " + EnvironmentInformation.getVersion();
    }

    @Override
    public Engine open(EngineSpec spec) throws EngineException {
        KafkaSettings s = KafkaSettings.parse(name(), spec.options(), FlinkSettings.KEYS);
        return FlinkEngine.open(new FlinkSettings(s), s, spec);
    }

    /** Plans the job against placeholder topics (so the SQL is compiled and the outputs checked) and checks broker and cluster answer; runs nothing. */
    @Override
    public void validate(EngineSpec spec) throws EngineException {
        KafkaSettings s = KafkaSettings.parse(name(), spec.options(), FlinkSettings.KEYS);
        FlinkSettings f = new FlinkSettings(s);
        Map<String, String> topicOf = new LinkedHashMap<>();
        Map<String, Integer> partitions = new HashMap<>();
        spec.inputs().forEach(i -> {
            topicOf.put(i.name(), "evperf-check-" + i.name());
            partitions.put(i.name(), s.partitions);
        });
        JobPlan plan = JobPlan.plan(
                name(),
                f.environment(),
                spec,
                s,
                topicOf,
                stream -> false,
                partitions,
                "evperf-check",
                f.outOfOrderness,
                f.job());
        Map<String, String> outTopic = new LinkedHashMap<>();
        plan.fields().keySet().forEach(o -> outTopic.put(o, "evperf-check-out-" + o));
        plan.sinks(s, outTopic);
        f.requireCluster();
        try (Topics topics = Topics.connect(name(), s.bootstrap, Topics.REACH)) {
            if (!s.topics.isEmpty()) topics.describe(TrialTopics.existing(s));
        }
    }
}
