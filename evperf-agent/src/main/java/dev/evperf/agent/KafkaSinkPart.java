package dev.evperf.agent;

import dev.evperf.agent.clock.SkewedClock;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A sink run by an agent that consumes one driver's events from partition 0 of a Kafka topic (the
 * pass-through topic of the broker between the agents): per event its sequence number, the
 * driver's send stamp (on the driver's clock) and its receipt on the agent's clock, read once per
 * poll that returned it (the records of one fetch arrived together). The topic is created on
 * planning and the consumer positioned before the controller starts any driver, so no event waits
 * for the consumer's start. It stops at the expected count, on {@link #stop}, or after {@value
 * #SILENCE_MS} ms without a record.
 */
final class KafkaSinkPart extends ReceivingPart {
    static final long SILENCE_MS = 30_000;
    private static final Duration TIMEOUT = Duration.ofSeconds(15);

    private final PartPlan plan;
    private final SkewedClock clock;
    private final KafkaTopic topic;
    private volatile boolean stop;
    private KafkaConsumer<byte[], byte[]> consumer;

    KafkaSinkPart(PartPlan plan, SkewedClock clock) {
        super(plan.events());
        this.plan = plan;
        this.clock = clock;
        this.topic = KafkaTopic.parse(plan.source());
        createTopic();
    }

    /** One partition, one replica: one driver's events in their order on the broker evperf started. */
    private void createTopic() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, topic.bootstrap());
        try (Admin admin = Admin.create(p)) {
            admin.createTopics(List.of(new NewTopic(topic.topic(), 1, (short) 1)))
                    .all()
                    .get(TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
        } catch (ExecutionException e) {
            if (!(e.getCause() instanceof TopicExistsException)) {
                throw new IllegalStateException("kafka: creating topic " + topic.topic() + " at " + topic.bootstrap()
                        + " failed: " + e.getCause().getMessage());
            }
        } catch (Exception e) {
            throw new IllegalStateException(
                    "kafka: creating topic " + topic.topic() + " at " + topic.bootstrap() + " failed: " + e);
        }
    }

    @Override
    void start() {
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, topic.bootstrap());
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "evperf-agent-sink");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        // a fetch returns as soon as one record is there: no waiting for a fuller batch
        p.put(ConsumerConfig.FETCH_MIN_BYTES_CONFIG, "1");
        consumer = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        TopicPartition tp = new TopicPartition(topic.topic(), 0);
        consumer.assign(List.of(tp));
        consumer.seekToBeginning(List.of(tp));
        consumer.position(tp, TIMEOUT); // resolved now, before any driver starts
        run(this::receive, "kafka-sink");
    }

    private void receive() {
        try (KafkaConsumer<byte[], byte[]> c = consumer) {
            long lastRecord = System.nanoTime();
            while (count < plan.events() && !stop) {
                ConsumerRecords<byte[], byte[]> batch = c.poll(Duration.ofMillis(100));
                long at = clock.now();
                if (batch.isEmpty()) {
                    if (System.nanoTime() - lastRecord > SILENCE_MS * 1_000_000L) {
                        failure = "sink: no record on " + topic.topic() + " for " + SILENCE_MS + " ms after " + count
                                + " events";
                        return;
                    }
                    continue;
                }
                lastRecord = System.nanoTime();
                for (ConsumerRecord<byte[], byte[]> r : batch) {
                    ByteBuffer v = ByteBuffer.wrap(r.value());
                    if (!arrived(v.getLong(), v.getLong(), at)) break;
                }
            }
        } catch (RuntimeException e) {
            failure = "sink: kafka: " + e.getMessage() + " after " + count + " events";
        } finally {
            finished = true;
        }
    }

    @Override
    void stop() throws InterruptedException {
        stop = true;
        if (thread != null) thread.join(5_000);
        else if (consumer != null) consumer.close(Duration.ZERO);
    }
}
