package dev.evperf.kafka.io;

import dev.evperf.api.AckListener;
import dev.evperf.api.EngineException;
import dev.evperf.api.ErrorListener;
import dev.evperf.api.FieldType;
import dev.evperf.api.InputHandle;
import dev.evperf.api.StreamSchema;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The driver's side of Kafka: one producer for every input stream of a trial, a handle per
 * stream that writes each event as a {@link RowCodec} record to the stream's topic, and the end
 * markers that close the input. {@code send} returns when the producer has taken the record into
 * its buffer (it blocks while that buffer is full: Kafka's back-pressure shows as a late send
 * end); the broker's acknowledgement comes later, on the producer's thread, to the
 * {@link AckListener}.
 */
public final class KafkaInputs implements AutoCloseable {
    private final String engine;
    private final KafkaProducer<byte[], byte[]> producer;
    private final boolean appendTime;
    private final Map<String, InputHandle> handles = new HashMap<>();
    private volatile AckListener acks;
    /** Where a record the broker refused is reported: the trial counts it as an engine error. */
    private volatile ErrorListener errors;

    private volatile Exception failure;

    /**
     * @param streams the input streams, each with its topic ({@code topics})
     */
    public KafkaInputs(KafkaSettings settings, Map<String, StreamSchema> streams, Map<String, String> topics)
            throws EngineException {
        this.engine = settings.engine;
        this.appendTime = settings.appendTime;
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrap);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "evperf-driver");
        settings.producer.forEach((k, v) -> p.put(k, String.valueOf(v)));
        try {
            this.producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
        } catch (RuntimeException e) {
            throw new EngineException(engine + ": option producer: " + Topics.message(e), e);
        }
        for (var e : streams.entrySet()) {
            StreamSchema schema = e.getValue();
            int keyIndex = settings.key == null ? -1 : schema.indexOf(settings.key);
            handles.put(
                    e.getKey(),
                    new Handle(
                            topics.get(e.getKey()),
                            new RowCodec(schema.fields()),
                            keyIndex,
                            timeIndex(settings, schema)));
        }
    }

    /** The position of option timestamp's field in the stream, or -1 without the option. */
    private static int timeIndex(KafkaSettings settings, StreamSchema schema) throws EngineException {
        if (settings.timestamp == null) return -1;
        int i = schema.indexOf(settings.timestamp);
        if (i < 0 || schema.fields().get(i).type() != FieldType.LONG) {
            throw new EngineException(settings.engine + ": option timestamp: input stream '" + schema.name()
                    + "' has no long field '" + settings.timestamp + "' (epoch ms)");
        }
        return i;
    }

    /** The handle of one input stream, or null when the stream is not an input. */
    public InputHandle input(String stream) {
        return handles.get(stream);
    }

    public void subscribeAcks(AckListener listener) {
        this.acks = listener;
    }

    /** Reports each record the broker did not accept (after the producer's own retries). */
    public void onError(ErrorListener listener) {
        this.errors = listener;
    }

    /** Sends what the producer still buffers and waits for the broker's acknowledgements. */
    public void flush() throws EngineException {
        producer.flush();
        Exception f = failure;
        if (f != null) throw new EngineException(engine + ": the broker refused an event: " + Topics.message(f), f);
    }

    /** Writes an end marker (sender 0 of 1) behind the last event of every partition of the topics, and flushes. */
    public void sendEnds(Map<String, Integer> partitionsByTopic) throws EngineException {
        byte[] end = RowCodec.end(0, 1);
        partitionsByTopic.forEach((topic, partitions) -> {
            for (int p = 0; p < partitions; p++) producer.send(new ProducerRecord<>(topic, p, null, end));
        });
        flush();
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(10));
    }

    private final class Handle implements InputHandle {
        private final String topic;
        private final RowCodec codec;
        private final int keyIndex;
        private final int timeIndex;

        Handle(String topic, RowCodec codec, int keyIndex, int timeIndex) {
            this.topic = topic;
            this.codec = codec;
            this.keyIndex = keyIndex;
            this.timeIndex = timeIndex;
        }

        @Override
        public void send(Object[] event) {
            send(event, RowCodec.NO_SEQ, RowCodec.NO_TIME);
        }

        /** A micro-batch: each event with its own sequence number and intended time, as a single send writes them. */
        @Override
        public void sendBatch(Object batch, long firstSeq, long[] intended, int from, long base) {
            Object[][] rows = (Object[][]) batch;
            for (int i = 0; i < rows.length; i++) send(rows[i], firstSeq + i, base + intended[from + i]);
        }

        @Override
        public void send(Object[] event, long seq, long intendedNanos) {
            byte[] key = keyIndex < 0 || event[keyIndex] == null
                    ? null
                    : event[keyIndex].toString().getBytes(StandardCharsets.UTF_8);
            Long time = timeIndex < 0 ? null : (Long) event[timeIndex];
            producer.send(
                    new ProducerRecord<>(topic, null, time, key, codec.encode(event, seq, intendedNanos)),
                    (meta, error) -> {
                        long now = System.nanoTime();
                        if (error != null && failure == null) failure = error;
                        ErrorListener e = errors;
                        if (error != null && e != null) e.onError("producer to " + topic, error);
                        AckListener a = acks;
                        if (a != null) a.onAck(seq, now, appendTime && meta != null ? meta.timestamp() : -1, error);
                    });
        }
    }
}
