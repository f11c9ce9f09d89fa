package dev.evperf.agent;

import dev.evperf.agent.clock.SkewedClock;
import dev.evperf.kafka.io.RowCodec;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A sink run by an agent that consumes partition 0 of a Kafka topic: one driver's events (the
 * pass-through topic of the broker between the agents), or the outputs of the query an engine part
 * runs between the agents ({@link QueryRows}: each output carries the sequence number and send stamp
 * of the input that caused it, and an end marker follows the last). Per event or output it records
 * that sequence number, the driver's send stamp (on the driver's clock) and its receipt on the
 * agent's clock, read once per poll that returned it (the records of one fetch arrived together). The topic is created on
 * planning and the consumer positioned before the controller starts any driver, so no event waits
 * for the consumer's start. It stops at the expected count (raw events), at the end marker
 * (a query's outputs, at most one per input), on {@link #stop}, or after {@value #SILENCE_MS} ms
 * without a record.
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
        // the pass-through topic is the sink's to make; a query's output topic is its engine part's
        if (plan.query() == null) topic.create();
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
            while (arrivals() < plan.events() && !stop) {
                ConsumerRecords<byte[], byte[]> batch = c.poll(Duration.ofMillis(100));
                long at = clock.now();
                if (batch.isEmpty()) {
                    if (System.nanoTime() - lastRecord > SILENCE_MS * 1_000_000L) {
                        failure = "sink: no record on " + topic.topic() + " for " + SILENCE_MS + " ms after "
                                + arrivals() + " events";
                        return;
                    }
                    continue;
                }
                lastRecord = System.nanoTime();
                for (ConsumerRecord<byte[], byte[]> r : batch) {
                    if (plan.query() == null) {
                        ByteBuffer v = ByteBuffer.wrap(r.value());
                        if (!arrived(v.getLong(), v.getLong(), at)) break;
                    } else if (RowCodec.isEnd(r.value())) {
                        return;
                    } else if (!arrived(QueryRows.seq(r.headers()), QueryRows.sent(r.headers()), at)) {
                        failure = "sink: more outputs than the " + plan.events() + " inputs on " + topic.topic();
                        return;
                    }
                }
            }
        } catch (RuntimeException e) {
            failure = "sink: kafka: " + e.getMessage() + " after " + arrivals() + " events";
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
