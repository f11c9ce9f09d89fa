package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.agent.wire.Secret;
import dev.evperf.core.component.KafkaBroker;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.common.TopicPartition;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Kafka broker (KRaft, a JVM of its own, loopback) between real agent JVMs with known
 * test-only clock skews: driver agents produce to the broker, sink agents consume from it (or the
 * outputs of a Kafka Streams query run on the sink's agent: seed 004's "the engine and sink on
 * another node"), and every event's latency across the two clocks is within its stated bound of the truth.
 */
class AgentKafkaTest {
    @TempDir
    static Path brokerDir;

    @TempDir
    Path dir;

    @RegisterExtension
    final TestAgents agents = new TestAgents();

    private static KafkaBroker broker;

    @BeforeAll
    static void startBroker() {
        broker = KafkaBroker.start(brokerDir, KafkaBroker.DEFAULT_JVM, List.of(), Duration.ofSeconds(180));
    }

    @AfterAll
    static void stopBroker() {
        if (broker != null) broker.close();
    }

    private LocalAgent agent(String name, Path secret) throws IOException {
        return agents.start(name, secret);
    }

    private static AgentTrial.Plan plan(List<AgentAddress> agents, List<String> drivers, int events, double rate) {
        return plan(agents, drivers, events, rate, null);
    }

    /** As above, with {@code engine} between the drivers and the sink (null: the broker passes events through). */
    private static AgentTrial.Plan plan(
            List<AgentAddress> agents, List<String> drivers, int events, double rate, AgentTrial.Engine engine) {
        Schedule load = new Schedule(List.of(Schedule.constant(events, rate)), Schedule.BY_RATE, 1, drivers.size(), 0);
        return new AgentTrial.Plan(
                agents, drivers, List.of("sink-1"), load, 32, 8, 200, 15_000, broker.address(), engine);
    }

    /** The events on the broker's topics the trial made: how many each topic holds. */
    private static Map<String, Long> topicEnds(String... before) throws Exception {
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, broker.address());
        try (Admin admin = Admin.create(p)) {
            List<String> topics = admin.listTopics().names().get(30, TimeUnit.SECONDS).stream()
                    .filter(t ->
                            t.startsWith("evperf-agents-") && !List.of(before).contains(t))
                    .toList();
            Map<TopicPartition, OffsetSpec> ask =
                    topics.stream().collect(Collectors.toMap(t -> new TopicPartition(t, 0), t -> OffsetSpec.latest()));
            return admin.listOffsets(ask).all().get(30, TimeUnit.SECONDS).entrySet().stream()
                    .collect(Collectors.toMap(
                            e -> e.getKey().topic(), e -> e.getValue().offset()));
        }
    }

    @Test
    void aDriverAndASinkOnSkewedClocksAroundKafka() throws Exception {
        String[] before = topicEnds().keySet().toArray(new String[0]);
        SkewedAgents a = SkewedAgents.driverAndSink(agents, dir);
        AgentFigures f = new AgentTrial(plan(a.addresses(), a.driverNames(), 2_000, 1_000), a.secret()).run();

        assertThat(f.received()).isEqualTo(2_000);
        a.assertWithinBounds(f);
        // the events went through the broker: one topic of the trial holds all of them
        assertThat(topicEnds(before).values()).containsExactly(2_000L);
        System.out.println("kafka between agents:\n" + String.join("\n", f.summary()));
        a.assertAllExit(Duration.ofSeconds(20));
    }

    /** Seed 004's "two drivers and one sink", around Kafka: each driver its own topic, one sink agent reads both. */
    @Test
    void twoDriverAgentsAndOneSinkAgentAroundKafka() throws Exception {
        String[] before = topicEnds().keySet().toArray(new String[0]);
        SkewedAgents a = SkewedAgents.twoDriversAndSink(agents, dir);
        AgentFigures f = new AgentTrial(plan(a.addresses(), a.driverNames(), 1_001, 1_000), a.secret()).run();
        assertThat(f.received()).isEqualTo(1_001);
        // split by rate: driver-1 sent the even events, driver-2 the odd ones
        for (int i = 0; i < 1_001; i++) assertThat(f.driverOf(i)).isEqualTo(i % 2 == 0 ? "driver-1" : "driver-2");
        a.assertWithinBounds(f);
        assertThat(topicEnds(before).values()).containsExactlyInAnyOrder(501L, 500L);
        assertThat(String.join("\n", f.summary())).contains("clock driver-1:", "clock driver-2:", "clock sink-1:");
    }

    static PartPlan.Query query(String queries) {
        Map<String, String> fields = new LinkedHashMap<>();
        fields.put("seq", "long");
        fields.put("k", "string");
        fields.put("v", "double");
        return new PartPlan.Query("S", fields, "seq", queries, Map.of());
    }

    @Test
    void aKafkaStreamsQueryOnTheSinksNodeBetweenSkewedAgents() throws Exception {
        SkewedAgents a = SkewedAgents.driverAndSink(agents, dir);
        // a filter (v = (g mod 1000) / 1000 keeps g mod 1000 < 500) and a running average per key, which
        // goes through a repartition topic: each output still knows the input that caused it
        AgentFigures f = new AgentTrial(
                        plan(
                                a.addresses(),
                                a.driverNames(),
                                1_200,
                                600,
                                new AgentTrial.Engine(
                                        "sink-1", query("from S where v < 0.5 avg v as a by k into Out"))),
                        a.secret())
                .run();

        int outputs = 0;
        for (int g = 0; g < 1_200; g++) {
            boolean kept = g % 1000 < 500;
            assertThat(f.receipt(g) >= 0).as("output of event %d", g).isEqualTo(kept);
            if (!kept) continue;
            outputs++;
            assertThat(f.latency(g)).as("latency %d", g).isPositive();
        }
        assertThat(f.received()).isEqualTo(outputs).isEqualTo(700);
        a.assertWithinBounds(f);
        String summary = String.join("\n", f.summary());
        System.out.println("kafka streams between agents:\n" + summary);
        assertThat(summary).contains("700 outputs received from a Kafka Streams query on sink-1", "clock driver-1:");
        a.assertAllExit(Duration.ofSeconds(60));
    }

    @Test
    void aQueryTheEngineCannotRunFailsTheTrialNamingItsAgent() throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        LocalAgent driver = agent("driver-1", secretFile);
        LocalAgent sink = agent("sink-1", secretFile);
        assertThatThrownBy(() -> new AgentTrial(
                                plan(
                                        List.of(driver.address(), sink.address()),
                                        List.of("driver-1"),
                                        10,
                                        100,
                                        new AgentTrial.Engine("sink-1", query("from S where w < 1 into Out"))),
                                secret)
                        .run())
                .isInstanceOf(AgentFailure.class)
                .hasMessageContaining("sink-1")
                .hasMessageContaining("w");
        assertThat(driver.awaitExit(Duration.ofSeconds(30))).isTrue();
        assertThat(sink.awaitExit(Duration.ofSeconds(30))).isTrue();
    }
}
