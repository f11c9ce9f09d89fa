package dev.evperf.kstreams;

import dev.evperf.api.EngineException;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.Field;
import dev.evperf.api.StreamSchema;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.Produced;

/**
 * What the application computes: the queries' pipelines and the user's topology class, built
 * onto one {@link StreamsBuilder} whose inputs and outputs are evperf's topics. Building it
 * also tells each output stream's fields, which the sink needs before anything runs.
 */
final class TopologyPlan {
    private final String engine;
    private final List<Pipeline> pipelines;
    private final KafkaStreamsTopology user;
    private final Map<String, StreamSchema> inputs;

    TopologyPlan(String engine, List<Pipeline> pipelines, KafkaStreamsTopology user, Map<String, StreamSchema> inputs) {
        this.engine = engine;
        this.pipelines = pipelines;
        this.user = user;
        this.inputs = inputs;
    }

    static KafkaStreamsTopology instantiate(String engine, String className) throws EngineException {
        try {
            Object o = Class.forName(className).getDeclaredConstructor().newInstance();
            if (!(o instanceof KafkaStreamsTopology t)) {
                throw new EngineException(engine + ": option topology: " + className + " does not implement "
                        + KafkaStreamsTopology.class.getName());
            }
            return t;
        } catch (ReflectiveOperationException | LinkageError e) {
            throw new EngineException(engine + ": option topology: cannot create " + className + ": " + e, e);
        }
    }

    /**
     * Builds the topology.
     *
     * @param topicOf stream name → topic (inputs and outputs)
     * @return the topology, and each output stream's fields in {@code outputs}
     */
    Topology build(Function<String, String> topicOf, Map<String, List<Field>> outputs) throws EngineException {
        StreamsBuilder sb = new StreamsBuilder();
        Map<String, KStream<String, Object[]>> read = new LinkedHashMap<>();
        KafkaStreamsTopology.Builder b = new KafkaStreamsTopology.Builder() {
            public StreamsBuilder streams() {
                return sb;
            }

            public KStream<String, Object[]> input(String stream) {
                StreamSchema schema = inputs.get(stream);
                if (schema == null)
                    throw new IllegalArgumentException(
                            "no input stream '" + stream + "'; input streams: " + inputs.keySet());
                // one source per input topic, shared by every pipeline that reads it
                return read.computeIfAbsent(stream, s -> sb.stream(
                                topicOf.apply(s), Consumed.with(Serdes.String(), RowSerde.of(schema.fields())))
                        .filter((k, row) -> row != null));
            }

            public void output(String stream, List<Field> fields, KStream<String, Object[]> rows) {
                if (outputs.put(stream, List.copyOf(fields)) != null) {
                    throw new IllegalArgumentException("output stream '" + stream + "' is written twice");
                }
                rows.to(topicOf.apply(stream), Produced.with(Serdes.String(), RowSerde.of(fields)));
            }
        };
        try {
            Map<String, KStream<String, Object[]>> views = new LinkedHashMap<>();
            for (Pipeline p : pipelines) p.build(b, views);
            if (user != null) user.build(b);
            return sb.build();
        } catch (Exception e) {
            throw new EngineException(
                    engine + ": "
                            + (user != null ? "topology " + user.getClass().getName() + ": " : "")
                            + String.valueOf(e.getMessage()).replaceAll("\\s*\\R\\s*", " "),
                    e);
        }
    }

    /** Builds the topology against placeholder topics and checks that it writes every declared output. */
    Map<String, List<Field>> check(EngineSpec spec) throws EngineException {
        Map<String, List<Field>> outputs = new LinkedHashMap<>();
        build(s -> "evperf-check-" + s, outputs);
        for (String o : spec.outputs()) {
            if (!outputs.containsKey(o)) {
                throw new EngineException(engine + ": no query writes output stream '" + o + "'; the queries write "
                        + (outputs.isEmpty() ? "nothing" : String.join(", ", outputs.keySet())));
            }
        }
        return outputs;
    }
}
