package dev.evperf.kafka.io;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.core.component.KafkaBroker;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.junit.jupiter.api.Test;

/**
 * A trial's topics keep records stamped with old event time through the broker's retention
 * checks; a topic with the broker's default retention, beside it, loses them (so the check did
 * run). The checks run every second here instead of 30 s after start and then every 5 min.
 */
class TopicsRetentionTest {
    static final long EVENT_TIME = 1_704_067_200_000L; // Nexmark's base_time, 2024-01-01

    @Test
    void recordsWithOldTimestampsSurviveRetentionChecks() throws Exception {
        Path dir = Files.createTempDirectory("evperf-broker-");
        try (KafkaBroker broker = KafkaBroker.start(
                        dir,
                        KafkaBroker.DEFAULT_JVM,
                        List.of("log.initial.task.delay.ms=500", "log.retention.check.interval.ms=1000"),
                        Duration.ofSeconds(180));
                Topics topics = Topics.connect("kafka", broker.address(), Topics.TIMEOUT)) {
            Properties p = new Properties();
            p.put("bootstrap.servers", broker.address());
            try (Admin admin = Admin.create(p);
                    KafkaProducer<byte[], byte[]> producer =
                            new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
                topics.create(List.of("trial"), 1, false);
                admin.createTopics(List.of(new NewTopic("plain", 1, (short) 1)))
                        .all()
                        .get();
                for (int i = 0; i < 100; i++) {
                    for (String t : List.of("trial", "plain"))
                        producer.send(new ProducerRecord<>(t, null, EVENT_TIME + i, null, new byte[8]));
                }
                producer.flush();
                long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
                // A check may run while the records are still being written and delete only those already
                // there; the next one (a second later) takes the rest.
                while (start(admin, "plain") < 100 && System.nanoTime() < deadline) Thread.sleep(200);
                assertThat(start(admin, "plain"))
                        .as("the default retention deleted the old records")
                        .isEqualTo(100);
                assertThat(start(admin, "trial"))
                        .as("the trial's topic kept them")
                        .isZero();
            }
        } finally {
            try (var all = Files.walk(dir)) {
                all.sorted(java.util.Comparator.reverseOrder())
                        .forEach(f -> f.toFile().delete());
            }
        }
    }

    private static long start(Admin admin, String topic) throws Exception {
        TopicPartition tp = new TopicPartition(topic, 0);
        return admin.listOffsets(Map.of(tp, OffsetSpec.earliest()))
                .all()
                .get()
                .get(tp)
                .offset();
    }
}
