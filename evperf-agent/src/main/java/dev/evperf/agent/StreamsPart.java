package dev.evperf.agent;

import dev.evperf.api.EngineException;
import dev.evperf.kafka.io.RowCodec;
import dev.evperf.kstreams.QueryTopology;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.consumer.OffsetAndMetadata;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;

/**
 * The engine between the agents: a Kafka Streams application, run by an agent (e.g. on the sink's
 * node), that reads the driver agents' rows from the input topic, runs the workload's query (the
 * kafka-streams engine's language, {@link QueryTopology}) and writes its outputs to the output topic
 * the sink agent reads. It starts on planning, so the controller can wait until it runs before any
 * driver sends ({@link #ready}). The end of input travels as offsets, as in the kafka-streams engine:
 * once the input topic holds every planned event and the application's committed offsets reach the
 * ends of its input and repartition topics (unchanged between two looks), every output is on the
 * output topic, and an end marker behind them tells the sink it has read them all.
 *
 * <p>Bounded: running within {@value #START_MS} ms; no progress on the input for {@value #SILENCE_MS}
 * ms fails the part with one line.
 */
final class StreamsPart extends Part {
    static final long START_MS = 120_000;
    static final long SILENCE_MS = 30_000;
    private static final long WAIT_S = 15;

    private final PartPlan plan;
    private final KafkaTopic in;
    private final KafkaTopic out;
    private final String appId;
    private final Path stateDir;
    private final KafkaStreams app;
    private final Admin admin;
    private volatile boolean running;
    private volatile boolean finished;
    private volatile boolean stop;
    private boolean closed;

    /** @throws IllegalArgumentException one line: the query does not parse or does not fit the stream */
    StreamsPart(PartPlan plan) throws IOException {
        this.plan = plan;
        this.in = KafkaTopic.parse(plan.source());
        this.out = KafkaTopic.parse(plan.target());
        PartPlan.Query q = plan.query();
        var topology = topology(q);
        in.create();
        out.create();
        this.appId = in.topic() + "-app";
        this.stateDir = Files.createTempDirectory("evperf-agent-streams-");
        this.app = new KafkaStreams(
                topology,
                QueryTopology.settings(
                        appId, in.bootstrap(), stateDir, q.settings() == null ? Map.of() : q.settings()));
        app.setUncaughtExceptionHandler(e -> {
            failure = "engine: kafka streams failed: " + e.getMessage();
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
        app.setStateListener((now, before) -> {
            if (now == KafkaStreams.State.RUNNING) running = true;
        });
        Properties p = new Properties();
        p.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, in.bootstrap());
        this.admin = Admin.create(p);
    }

    private Topology topology(PartPlan.Query q) {
        try {
            return QueryTopology.build(
                    q.queries(), List.of(QueryRows.schema(q)), n -> n.equals(q.stream()) ? in.topic() : out.topic());
        } catch (EngineException | IllegalArgumentException e) {
            throw new IllegalArgumentException("engine: " + e.getMessage());
        }
    }

    @Override
    String role() {
        return PartPlan.ENGINE;
    }

    /** The application has been running (its tasks assigned): a driver's first event finds it consuming. */
    @Override
    boolean ready() {
        return running;
    }

    @Override
    void start() {
        app.start();
        run(this::watch, "engine");
    }

    private void watch() {
        try {
            long since = System.nanoTime();
            while (!running) {
                if (failure != null || stop) return;
                if (System.nanoTime() - since > START_MS * 1_000_000L) {
                    failure = "engine: kafka streams not running after " + START_MS + " ms";
                    return;
                }
                Thread.sleep(20);
            }
            Map<TopicPartition, Long> ends = Map.of();
            long lastProgress = System.nanoTime();
            long seen = -1;
            while (!stop && failure == null) {
                Map<TopicPartition, Long> now = ends(sources());
                long input = now.getOrDefault(new TopicPartition(in.topic(), 0), 0L);
                Map<TopicPartition, OffsetAndMetadata> committed = admin.listConsumerGroupOffsets(appId)
                        .partitionsToOffsetAndMetadata()
                        .get(WAIT_S, TimeUnit.SECONDS);
                long done = behind(now, committed);
                count = (int) Math.min(Integer.MAX_VALUE, offset(committed, new TopicPartition(in.topic(), 0)));
                if (input + count != seen) {
                    seen = input + count;
                    lastProgress = System.nanoTime();
                }
                // every planned input is on the topic, processed, and nothing more came in the meantime
                if (input >= plan.events() && done == 0 && now.equals(ends)) {
                    endMarker();
                    return;
                }
                ends = now;
                if (System.nanoTime() - lastProgress > SILENCE_MS * 1_000_000L) {
                    failure = "engine: no progress for " + SILENCE_MS + " ms: " + input + " of " + plan.events()
                            + " inputs on " + in.topic() + ", " + count + " processed";
                    return;
                }
                Thread.sleep(20);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (Exception e) {
            if (failure == null) failure = "engine: " + e;
        } finally {
            finished = true;
        }
    }

    /** The input partition and those of the application's repartition topics. */
    private List<TopicPartition> sources() throws Exception {
        List<TopicPartition> tps = new ArrayList<>(List.of(new TopicPartition(in.topic(), 0)));
        List<String> internal = admin.listTopics().names().get(WAIT_S, TimeUnit.SECONDS).stream()
                .filter(t -> t.startsWith(appId) && t.endsWith("-repartition"))
                .toList();
        if (!internal.isEmpty()) {
            admin.describeTopics(internal)
                    .allTopicNames()
                    .get(WAIT_S, TimeUnit.SECONDS)
                    .forEach((t, d) -> d.partitions().forEach(p -> tps.add(new TopicPartition(t, p.partition()))));
        }
        return tps;
    }

    private Map<TopicPartition, Long> ends(List<TopicPartition> tps) throws Exception {
        return admin
                .listOffsets(tps.stream().collect(Collectors.toMap(tp -> tp, tp -> OffsetSpec.latest())))
                .all()
                .get(WAIT_S, TimeUnit.SECONDS)
                .entrySet()
                .stream()
                .collect(Collectors.toMap(Map.Entry::getKey, e -> e.getValue().offset()));
    }

    /** How many partitions hold records the application has not committed. */
    private static long behind(Map<TopicPartition, Long> ends, Map<TopicPartition, OffsetAndMetadata> committed) {
        return ends.entrySet().stream()
                .filter(e -> e.getValue() > 0 && offset(committed, e.getKey()) < e.getValue())
                .count();
    }

    private static long offset(Map<TopicPartition, OffsetAndMetadata> committed, TopicPartition tp) {
        OffsetAndMetadata m = committed.get(tp);
        return m == null ? 0 : m.offset();
    }

    /** Behind the last output (Kafka Streams flushed it before committing its input's offset). */
    private void endMarker() throws Exception {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, out.bootstrap());
        p.put(ProducerConfig.MAX_BLOCK_MS_CONFIG, Long.toString(WAIT_S * 1000));
        try (KafkaProducer<byte[], byte[]> producer =
                new KafkaProducer<>(p, new ByteArraySerializer(), new ByteArraySerializer())) {
            producer.send(new ProducerRecord<>(out.topic(), 0, null, RowCodec.end(0, 1)))
                    .get(WAIT_S, TimeUnit.SECONDS);
        }
    }

    @Override
    boolean done() {
        return finished;
    }

    /** No records of its own: the latency runs from the drivers' records to the sink's. */
    @Override
    long[][] records() {
        return new long[0][];
    }

    @Override
    void stop() throws InterruptedException {
        if (closed) return;
        closed = true;
        stop = true;
        if (thread != null) thread.join(5_000);
        app.close(Duration.ofSeconds(30));
        app.cleanUp();
        try {
            List<String> internal = admin.listTopics().names().get(WAIT_S, TimeUnit.SECONDS).stream()
                    .filter(t -> t.startsWith(appId))
                    .toList();
            admin.deleteTopics(internal).all().get(WAIT_S, TimeUnit.SECONDS);
        } catch (Exception e) {
            // the topics stay on the broker; the run's broker goes with the run
        }
        admin.close(Duration.ofSeconds(5));
        try (Stream<Path> all = Files.walk(stateDir)) {
            for (Path f : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(f);
        } catch (IOException e) {
            // a temporary directory left behind
        }
    }
}
