package dev.evperf.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineContract;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import dev.evperf.core.component.BrokerExtension;
import dev.evperf.core.component.Ports;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.common.utils.AppInfoParser;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The kafka pass-through against a real broker started once for the module's test classes. */
class KafkaEngineFactoryTest extends EngineContract {
    @RegisterExtension
    static final BrokerExtension BROKER = new BrokerExtension();

    @Override
    public EngineFactory factory() {
        return new KafkaEngineFactory();
    }

    @Override
    protected String name() {
        return "kafka";
    }

    @Override
    protected String version() {
        return "Kafka clients " + AppInfoParser.getVersion();
    }

    @Override
    protected Map<String, Object> options() {
        return Map.of("bootstrap_servers", BROKER.bootstrap());
    }

    @Override
    protected String passThrough() {
        return "from StockStream into OutputStream";
    }

    @Override
    protected String tradesPassThrough() {
        return "from TradeStream into OutputStream";
    }

    @Override
    protected String intoOther() {
        return "from StockStream into Other";
    }

    @Override
    protected String syntaxError() {
        return "select * from StockStream";
    }

    private static Admin admin() {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, BROKER.bootstrap());
        return Admin.create(p);
    }

    @Test
    void everyEventIsAcknowledgedAndReceivedWithTheBrokersAppendTime() throws Exception {
        try (Engine engine = factory().open(specOf(passThrough(), Map.of("producer", Map.of("linger.ms", 1))))) {
            int n = 500;
            long[] ackAt = new long[n];
            long[] ackAppend = new long[n];
            long[] received = new long[n];
            long[] outAppend = new long[n];
            engine.subscribeAcks((seq, ackNanos, appendMillis, error) -> {
                assertThat(error).isNull();
                ackAt[(int) seq] = ackNanos;
                ackAppend[(int) seq] = appendMillis;
            });
            engine.subscribe("OutputStream", new dev.evperf.api.OutputListener() {
                public void onOutput(Object[] row) {
                    throw new AssertionError("outputs from the broker come with their receipt time");
                }

                public void onOutput(Object[] row, long receiptNanos, long appendMillis) {
                    int id = (int) (long) (Long) row[0];
                    received[id] = receiptNanos;
                    outAppend[id] = appendMillis;
                }
            });
            InputHandle in = engine.input("StockStream");
            long wallBefore = Instant.now().toEpochMilli();
            long[] sent = new long[n];
            for (int i = 0; i < n; i++) {
                sent[i] = System.nanoTime();
                in.send(stock(i, "S", i), i, sent[i]);
            }
            engine.drain(DRAIN);
            long wallAfter = Instant.now().toEpochMilli();
            for (int i = 0; i < n; i++) {
                assertThat(ackAt[i]).as("ack of %d", i).isGreaterThan(sent[i]);
                assertThat(received[i]).as("receipt of %d", i).isGreaterThan(sent[i]);
                // LogAppendTime: the broker's clock (this machine's), between the first send and the drain
                assertThat(ackAppend[i]).isBetween(wallBefore, wallAfter);
                // pass-through: the output record is the input record, appended once
                assertThat(outAppend[i]).isEqualTo(ackAppend[i]);
            }
        }
    }

    @Test
    void topicsAreCreatedPerEngineWithTheAskedPartitionsAndDeletedAfter() throws Exception {
        Set<String> before;
        try (Admin admin = admin()) {
            before = admin.listTopics().names().get(30, TimeUnit.SECONDS);
        }
        List<Long> ids = EngineContract.rows();
        Set<String> during;
        try (Engine engine = factory().open(specOf(passThrough(), Map.of("partitions", 3, "key", "symbol")))) {
            engine.subscribe("OutputStream", row -> ids.add((Long) row[0]));
            InputHandle in = engine.input("StockStream");
            for (int i = 0; i < 300; i++) in.send(stock(i, "S" + (i % 11), i));
            try (Admin admin = admin()) {
                during = new TreeSet<>(admin.listTopics().names().get(30, TimeUnit.SECONDS));
                during.removeAll(before);
                assertThat(during).singleElement().asString().matches("evperf-[0-9a-f]{8}-StockStream");
                assertThat(admin.describeTopics(during)
                                .allTopicNames()
                                .get(30, TimeUnit.SECONDS)
                                .get(during.iterator().next())
                                .partitions())
                        .hasSize(3);
            }
            engine.drain(DRAIN); // one end marker per partition, each awaited
        }
        // keyed by symbol over 3 partitions: every event once, in no global order
        List<Long> expected = new ArrayList<>();
        for (long i = 0; i < 300; i++) expected.add(i);
        assertThat(ids).containsExactlyInAnyOrderElementsOf(expected);
        try (Admin admin = admin()) {
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).doesNotContainAnyElementsOf(during);
        }
    }

    @Test
    void anExistingTopicIsUsedAsItIsAndAMissingOneNamed() throws Exception {
        String topic = "existing-" + System.nanoTime();
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic(topic, 2, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        Map<String, Object> existing = Map.of("topics", Map.of("StockStream", topic));
        List<Long> ids = EngineContract.rows();
        try (Engine engine = factory().open(specOf(passThrough(), existing))) {
            engine.subscribe("OutputStream", row -> ids.add((Long) row[0]));
            for (int i = 0; i < 10; i++) engine.input("StockStream").send(stock(i, "S", i));
            engine.drain(DRAIN);
        }
        assertThat(ids).hasSize(10);
        try (Admin admin = admin()) {
            assertThat(admin.listTopics().names().get(30, TimeUnit.SECONDS)).contains(topic); // not ours to delete
        }
        assertThatThrownBy(() -> factory()
                        .validate(specOf(passThrough(), Map.of("topics", Map.of("StockStream", "no-such-topic")))))
                .isInstanceOf(EngineException.class)
                .hasMessage("kafka: topic 'no-such-topic' (engine.options.topics.StockStream) does not exist on "
                        + BROKER.bootstrap());
    }

    /** Option timestamp: each record's time is the event's own (epoch ms), kept by the topic as CreateTime. */
    @Test
    void recordsCarryTheirEventTimeFromTheTimestampField() throws Exception {
        String topic = "event-time-" + System.nanoTime();
        try (Admin admin = admin()) {
            admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get(30, TimeUnit.SECONDS);
        }
        long base = 1_704_067_200_000L;
        try (Engine engine = factory()
                .open(specOf(passThrough(), Map.of("topics", Map.of("StockStream", topic), "timestamp", "id")))) {
            for (int i = 0; i < 5; i++) engine.input("StockStream").send(stock(base + 1000L * i, "S", i));
            engine.drain(DRAIN);
        }
        Properties p = new Properties();
        p.put("bootstrap.servers", BROKER.bootstrap());
        List<Long> times = new ArrayList<>();
        try (var consumer = new org.apache.kafka.clients.consumer.KafkaConsumer<byte[], byte[]>(
                p,
                new org.apache.kafka.common.serialization.ByteArrayDeserializer(),
                new org.apache.kafka.common.serialization.ByteArrayDeserializer())) {
            consumer.assign(List.of(new org.apache.kafka.common.TopicPartition(topic, 0)));
            consumer.seekToBeginning(consumer.assignment());
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (times.size() < 6 && System.nanoTime() < deadline) { // 5 events and the end marker
                for (var r : consumer.poll(java.time.Duration.ofMillis(200))) {
                    assertThat(r.timestampType()).isEqualTo(org.apache.kafka.common.record.TimestampType.CREATE_TIME);
                    times.add(r.timestamp());
                }
            }
        }
        assertThat(times.subList(0, 5)).containsExactly(base, base + 1000, base + 2000, base + 3000, base + 4000);
        assertThatThrownBy(() -> factory().open(specOf(passThrough(), Map.of("timestamp", "id", "append_time", true))))
                .hasMessage(
                        "kafka: option timestamp needs append_time false: the broker's LogAppendTime would replace the time "
                                + "taken from field id");
        assertThatThrownBy(() -> factory().open(specOf(passThrough(), Map.of("timestamp", "symbol"))))
                .hasMessage(
                        "kafka: option timestamp: input stream 'StockStream' has no long field 'symbol' (epoch ms)");
    }

    @Test
    void anUnreachableBrokerIsOneLine() {
        String nobody = "127.0.0.1:" + Ports.free();
        assertThatThrownBy(() -> factory()
                        .validate(new EngineSpec(
                                List.of(STOCK),
                                passThrough(),
                                List.of("OutputStream"),
                                Map.of("bootstrap_servers", nobody))))
                .isInstanceOf(EngineException.class)
                .hasMessage("kafka: no Kafka broker listens at " + nobody + " (connection refused)");
    }

    @Test
    void badQueriesAndOptionsSayWhere() {
        assertThatThrownBy(() -> factory().validate(specOf("from StockStream into OutputStream\n  selec x", Map.of())))
                .hasMessage("kafka: line 2 column 3: expected 'from <input> into <output>', found 'selec x'");
        assertThatThrownBy(() -> factory().validate(specOf("from Nope into OutputStream", Map.of())))
                .hasMessage("kafka: line 1 column 1: no input stream 'Nope'; input streams: StockStream");
        assertThatThrownBy(() -> factory().open(specOf(passThrough(), Map.of("partitions", "many"))))
                .hasMessage("kafka: option partitions must be a whole number, not 'many'");
        assertThatThrownBy(() -> factory().open(specOf(passThrough(), Map.of("linger", 5))))
                .hasMessageStartingWith(
                        "kafka: unknown option 'linger'; known options: append_time, bootstrap_servers");
        assertThatThrownBy(() -> factory().open(specOf(passThrough(), Map.of("producer", Map.of("acks", "some")))))
                .hasMessageStartingWith("kafka: option producer: ")
                .hasMessageContaining("acks")
                .message()
                .doesNotContain("\n");
    }
}
