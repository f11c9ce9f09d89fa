package dev.evperf.kafka.io;

import dev.evperf.api.AckListener;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.ErrorListener;
import dev.evperf.api.Field;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.DoubleSupplier;
import org.apache.kafka.common.TopicPartition;

/**
 * What every engine between evperf's Kafka topics shares: the input topics and the driver's
 * producer, the output topics and the sink's consumer; the engine in between is the subclass's.
 */
public abstract class KafkaFedEngine implements Engine {
    protected final String engine;
    protected final TrialTopics in;
    protected final Topics topics;
    protected final KafkaInputs inputs;
    protected final OutputConsumer consumer;
    private final Map<String, List<String>> outputFields;
    private final Map<String, String> outTopic;

    /**
     * @param outputFields output stream → its field names
     * @param outTopic     output stream → the topic it is read from
     */
    protected KafkaFedEngine(
            String engine,
            TrialTopics in,
            Topics topics,
            KafkaInputs inputs,
            OutputConsumer consumer,
            Map<String, List<String>> outputFields,
            Map<String, String> outTopic) {
        this.engine = engine;
        this.in = in;
        this.topics = topics;
        this.inputs = inputs;
        this.consumer = consumer;
        this.outputFields = outputFields;
        this.outTopic = outTopic;
    }

    @Override
    public InputHandle input(String stream) throws EngineException {
        InputHandle h = inputs.input(stream);
        if (h == null) {
            throw new EngineException(engine + ": no input stream named '" + stream + "'; input streams: "
                    + String.join(", ", in.topicOf().keySet()));
        }
        return h;
    }

    @Override
    public void subscribe(String outputStream, OutputListener listener) throws EngineException {
        outputFields(outputStream);
        consumer.subscribe(outTopic.get(outputStream), listener);
    }

    @Override
    public List<String> outputFields(String outputStream) throws EngineException {
        List<String> f = outputFields.get(outputStream);
        if (f == null) {
            throw new EngineException(engine + ": no output stream named '" + outputStream + "'; output streams: "
                    + String.join(", ", outputFields.keySet()) + " (input streams: "
                    + String.join(", ", in.topicOf().keySet()) + ")");
        }
        return f;
    }

    @Override
    public void onError(ErrorListener listener) {
        inputs.onError(listener);
    }

    @Override
    public void subscribeAcks(AckListener listener) {
        inputs.subscribeAcks(listener);
    }

    /**
     * The consumer lag on the input topics ({@code kafka/consumer_lag}: records appended to them and
     * not yet consumed by the engine, summed over partitions; Theodolite's criterion), where the
     * subclass knows how far the engine consumed ({@link #consumed()}), and the subclass's own
     * figures ({@link #engineGauges()}).
     */
    @Override
    public Map<String, DoubleSupplier> gauges() {
        Map<String, DoubleSupplier> m = new LinkedHashMap<>();
        m.put("kafka/consumer_lag", this::consumerLag);
        m.putAll(engineGauges());
        return m;
    }

    /** The engine's own figures beside the consumer lag; none by default. */
    protected Map<String, DoubleSupplier> engineGauges() {
        return Map.of();
    }

    /**
     * How far the engine consumed each input partition (the next offset it will read), or null
     * when this cannot be known; a partition absent from the map has not been consumed from yet
     * and counts from offset 0 (the trial's topics are new).
     */
    protected Map<TopicPartition, Long> consumed() throws EngineException {
        return null;
    }

    /** End offsets minus consumed offsets over every input partition; NaN when either cannot be read now. */
    protected double consumerLag() {
        try {
            Map<TopicPartition, Long> done = consumed();
            if (done == null) return Double.NaN;
            List<TopicPartition> all = new ArrayList<>();
            inputPartitions().forEach((topic, n) -> {
                for (int p = 0; p < n; p++) all.add(new TopicPartition(topic, p));
            });
            long lag = 0;
            for (var e : topics.endOffsets(all).entrySet()) {
                lag += Math.max(0, e.getValue() - done.getOrDefault(e.getKey(), 0L));
            }
            return lag;
        } catch (EngineException | RuntimeException e) {
            return Double.NaN;
        }
    }

    /** Each input topic with its partitions, for end markers. */
    protected Map<String, Integer> inputPartitions() {
        Map<String, Integer> byTopic = new LinkedHashMap<>();
        in.topicOf()
                .forEach((stream, topic) -> byTopic.put(topic, in.partitions().get(stream)));
        return byTopic;
    }

    /** Closes the consumer and the producer, and deletes the topics this engine created. */
    protected void closeTopics() {
        consumer.close();
        inputs.close();
        topics.close();
    }

    /** Field names of a list of fields. */
    public static List<String> names(List<Field> fields) {
        return fields.stream().map(Field::name).toList();
    }
}
