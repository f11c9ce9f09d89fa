package dev.evperf.agent;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * A driver part's events produced to partition 0 of a Kafka topic: value = sequence number and send
 * stamp (16 bytes, no key), or, for a query between the agents, the event's row with both as
 * headers ({@link QueryRows}). No lingering (each event is sent as soon as the producer's sender
 * thread takes it) and acks from the leader: the latency measured is the broker's pass-through, not
 * a batching delay evperf chose. The topic's metadata is fetched on opening, so the first event does
 * not wait for it.
 */
final class KafkaOut implements EventOut {
    /** A send that cannot get metadata or buffer space blocks at most this long, then fails. */
    static final Duration BLOCK = Duration.ofSeconds(10);

    private final KafkaProducer<byte[], byte[]> producer;
    private final String topic;
    private final QueryRows rows;
    private volatile String failure;

    /** @param rows the query's rows, or null for raw events */
    KafkaOut(KafkaTopic t, QueryRows rows) throws IOException {
        this.topic = t.topic();
        this.rows = rows;
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, t.bootstrap());
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "evperf-agent-driver");
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        p.put(ProducerConfig.ACKS_CONFIG, "1");
        p.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.toString(BLOCK.toMillis()));
        try {
            producer = new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer());
            producer.partitionsFor(topic);
        } catch (RuntimeException e) {
            throw new IOException("kafka producer to " + t.topic() + " at " + t.bootstrap() + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void send(long seq, long stamp) throws IOException {
        ProducerRecord<byte[], byte[]> r;
        if (rows == null) {
            r = new ProducerRecord<>(
                    topic,
                    0,
                    null,
                    ByteBuffer.allocate(16).putLong(seq).putLong(stamp).array());
        } else {
            r = new ProducerRecord<>(topic, 0, null, rows.row(seq, stamp));
            QueryRows.stamp(r.headers(), seq, stamp);
        }
        try {
            producer.send(r, (m, e) -> {
                if (e != null && failure == null)
                    failure = "kafka: event " + seq + " not acknowledged: " + e.getMessage();
            });
        } catch (RuntimeException e) {
            throw new IOException("kafka: " + e.getMessage(), e);
        }
    }

    @Override
    public String failure() {
        return failure;
    }

    /** Waits for the outstanding acknowledgements (at most {@link #BLOCK}), then closes. */
    @Override
    public void close() {
        producer.close(BLOCK);
    }
}
