package dev.evperf.kafka;

import dev.evperf.api.AckListener;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.Field;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import dev.evperf.api.StreamSchema;
import dev.evperf.kafka.io.KafkaInputs;
import dev.evperf.kafka.io.KafkaSettings;
import dev.evperf.kafka.io.OutputConsumer;
import dev.evperf.kafka.io.RowCodec;
import dev.evperf.kafka.io.Topics;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The pass-through: every input stream has a topic (created for this engine and deleted when it
 * closes, or an existing one named in the options), and each output stream is that of its input,
 * read back by the sink's consumer.
 */
final class KafkaEngine implements Engine {
    private final EngineSpec spec;
    private final Map<String, String> routes;
    private final Map<String, String> topicOf;
    private final Map<String, Integer> partitions;
    private final Topics topics;
    private final KafkaInputs inputs;
    private final OutputConsumer outputs;

    private KafkaEngine(EngineSpec spec, Map<String, String> routes, Map<String, String> topicOf, Map<String, Integer> partitions,
                        Topics topics, KafkaInputs inputs, OutputConsumer outputs) {
        this.spec = spec;
        this.routes = routes;
        this.topicOf = topicOf;
        this.partitions = partitions;
        this.topics = topics;
        this.inputs = inputs;
        this.outputs = outputs;
    }

    static KafkaEngine open(KafkaSettings s, EngineSpec spec, Map<String, String> routes) throws EngineException {
        Topics topics = Topics.connect(s.engine, s.bootstrap, Topics.REACH);
        KafkaInputs inputs = null;
        try {
            TrialTopics t = TrialTopics.of(s, spec.inputs(), topics);
            inputs = new KafkaInputs(s, t.schemas(), t.topicOf());
            Map<String, RowCodec> read = new LinkedHashMap<>();
            for (String input : routes.values()) {
                read.put(t.topicOf().get(input), new RowCodec(t.schemas().get(input).fields()));
            }
            OutputConsumer outputs = new OutputConsumer(s, read);
            return new KafkaEngine(spec, routes, t.topicOf(), t.partitions(), topics, inputs, outputs);
        } catch (EngineException | RuntimeException e) {
            if (inputs != null) inputs.close();
            topics.close();
            throw e;
        }
    }

    @Override
    public InputHandle input(String stream) throws EngineException {
        InputHandle h = inputs.input(stream);
        if (h == null) {
            throw new EngineException("kafka: no input stream named '" + stream + "'; input streams: "
                    + String.join(", ", topicOf.keySet()));
        }
        return h;
    }

    @Override
    public void subscribe(String outputStream, OutputListener listener) throws EngineException {
        outputFields(outputStream);
        outputs.subscribe(topicOf.get(routes.get(outputStream)), listener);
    }

    @Override
    public List<String> outputFields(String outputStream) throws EngineException {
        String input = routes.get(outputStream);
        if (input == null || !spec.outputs().contains(outputStream)) {
            throw new EngineException("kafka: no output stream named '" + outputStream + "'; output streams: "
                    + String.join(", ", spec.outputs()) + " (input streams: " + String.join(", ", topicOf.keySet()) + ")");
        }
        for (StreamSchema schema : spec.inputs()) {
            if (schema.name().equals(input)) return schema.fields().stream().map(Field::name).toList();
        }
        throw new AssertionError(input);
    }

    /** Flushes the producer, writes an end marker to every input partition, and waits for each on the outputs. */
    @Override
    public void drain(Duration timeout) throws EngineException {
        inputs.flush();
        Map<String, Integer> byTopic = new LinkedHashMap<>();
        topicOf.forEach((stream, topic) -> byTopic.put(topic, partitions.get(stream)));
        inputs.sendEnds(byTopic);
        outputs.awaitEnds(timeout);
    }

    @Override
    public void subscribeAcks(AckListener listener) {
        inputs.subscribeAcks(listener);
    }

    @Override
    public void close() {
        outputs.close();
        inputs.close();
        topics.close();
    }
}
