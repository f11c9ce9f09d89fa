package dev.evperf.kafka;

import dev.evperf.api.EngineException;
import dev.evperf.api.EngineSpec;
import dev.evperf.kafka.io.KafkaFedEngine;
import dev.evperf.kafka.io.KafkaInputs;
import dev.evperf.kafka.io.KafkaSettings;
import dev.evperf.kafka.io.OutputConsumer;
import dev.evperf.kafka.io.RowCodec;
import dev.evperf.kafka.io.Topics;
import dev.evperf.kafka.io.TrialTopics;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.TopicPartition;

/**
 * The pass-through: every input stream has a topic (created for this engine and deleted when it
 * closes, or an existing one named in the options), and each output stream is that of its input,
 * read back by the sink's consumer.
 */
final class KafkaEngine extends KafkaFedEngine {

    private KafkaEngine(
            TrialTopics t,
            Topics topics,
            KafkaInputs inputs,
            OutputConsumer outputs,
            Map<String, List<String>> fields,
            Map<String, String> outTopic) {
        super("kafka", t, topics, inputs, outputs, fields, outTopic);
    }

    static KafkaEngine open(KafkaSettings s, EngineSpec spec, Map<String, String> routes) throws EngineException {
        Topics topics = Topics.connect(s.engine, s.bootstrap, Topics.REACH);
        KafkaInputs inputs = null;
        try {
            TrialTopics t = TrialTopics.of(s, spec.inputs(), topics);
            inputs = new KafkaInputs(s, t.schemas(), t.topicOf());
            Map<String, RowCodec> read = new LinkedHashMap<>();
            Map<String, List<String>> fields = new LinkedHashMap<>();
            Map<String, String> outTopic = new LinkedHashMap<>();
            routes.forEach((output, input) -> {
                read.put(
                        t.topicOf().get(input),
                        new RowCodec(t.schemas().get(input).fields()));
                fields.put(output, names(t.schemas().get(input).fields()));
                outTopic.put(output, t.topicOf().get(input));
            });
            return new KafkaEngine(t, topics, inputs, new OutputConsumer(s, read), fields, outTopic);
        } catch (EngineException | RuntimeException e) {
            if (inputs != null) inputs.close();
            topics.close();
            throw e;
        }
    }

    /** Flushes the producer, writes an end marker to every input partition, and waits for each on the outputs. */
    @Override
    public void drain(Duration timeout) throws EngineException {
        inputs.flush();
        inputs.sendEnds(inputPartitions());
        consumer.awaitEnds(timeout);
    }

    /** The pass-through's "engine" is the sink's consumer, which reads the input topics themselves. */
    @Override
    protected Map<TopicPartition, Long> consumed() {
        return consumer.consumed();
    }

    @Override
    public void close() {
        closeTopics();
    }
}
