package dev.evperf.kstreams;

import dev.evperf.api.EngineException;
import dev.evperf.api.StreamSchema;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Function;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;

/**
 * The kafka-streams engine's queries ({@link PipelineLanguage}) as a topology between named topics,
 * for an application evperf runs outside a trial JVM: an agent's engine part between the driver
 * agents' input topic and the sink agent's output topic (issue 13). Same language and same settings
 * as the engine, so a query measured across agents is the one measured in a trial.
 */
public final class QueryTopology {
    static final String ENGINE = "kafka-streams";

    private QueryTopology() {}

    /**
     * @param topicOf stream name (inputs and outputs) → topic
     * @throws EngineException one line: the queries do not parse, or name a stream or field that is not there
     */
    public static Topology build(String queries, List<StreamSchema> inputs, Function<String, String> topicOf)
            throws EngineException {
        Map<String, StreamSchema> in = new LinkedHashMap<>();
        for (StreamSchema s : inputs) in.put(s.name(), s);
        TopologyPlan plan = new TopologyPlan(ENGINE, PipelineLanguage.parse(ENGINE, queries, in), null, in);
        return plan.build(topicOf, new LinkedHashMap<>());
    }

    /**
     * evperf's settings of every Kafka Streams application it runs: commit every 100 ms and no record
     * cache, so every update is emitted at once and the end of input is seen soon; {@code overrides}
     * (the workload's {@code streams} option) go over them.
     */
    public static Properties settings(String appId, String bootstrap, Path stateDir, Map<String, ?> overrides) {
        Properties p = new Properties();
        p.put(StreamsConfig.APPLICATION_ID_CONFIG, appId);
        p.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        p.put(StreamsConfig.STATE_DIR_CONFIG, stateDir.toString());
        p.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, "100");
        p.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, "0");
        overrides.forEach((k, v) -> p.put(k, String.valueOf(v)));
        return p;
    }
}
