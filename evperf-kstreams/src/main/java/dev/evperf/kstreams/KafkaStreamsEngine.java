package dev.evperf.kstreams;

import dev.evperf.api.EngineException;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.Field;
import dev.evperf.kafka.io.KafkaFedEngine;
import dev.evperf.kafka.io.KafkaInputs;
import dev.evperf.kafka.io.KafkaSettings;
import dev.evperf.kafka.io.OutputConsumer;
import dev.evperf.kafka.io.RowCodec;
import dev.evperf.kafka.io.Topics;
import dev.evperf.kafka.io.TrialTopics;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.function.DoubleSupplier;
import java.util.stream.Stream;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyDescription;
import org.apache.kafka.streams.errors.StreamsUncaughtExceptionHandler;

/**
 * A running Kafka Streams application with its topics. The end of input cannot travel through an
 * arbitrary topology as a record (a filter or an aggregate would swallow it), so it travels as
 * offsets: after the last event, the application has processed everything once its committed
 * offsets reach the input topics' (and its repartition topics') end offsets, because Kafka
 * Streams flushes every output of a record before it commits the record's offset. Then an end
 * marker behind the last output of every output partition tells the sink when it has read them all.
 */
final class KafkaStreamsEngine extends KafkaFedEngine {
    private static final Duration START = Duration.ofSeconds(120);

    private final String appId;
    private final Map<String, String> outTopic;
    private final KafkaSettings settings;
    private final KafkaStreams app;
    private final Path stateDir;
    /** The topics the topology reads: an input no pipeline reads is never consumed, so never awaited. */
    private final Set<String> sources = new HashSet<>();

    private volatile Throwable failure;

    private KafkaStreamsEngine(
            String appId,
            Map<String, List<Field>> outputs,
            Map<String, String> outTopic,
            TrialTopics in,
            KafkaSettings settings,
            Topics topics,
            KafkaInputs inputs,
            OutputConsumer consumer,
            Topology topology,
            Properties props,
            Path stateDir) {
        super(settings.engine, in, topics, inputs, consumer, fieldNames(outputs), outTopic);
        this.appId = appId;
        this.outTopic = outTopic;
        this.settings = settings;
        this.stateDir = stateDir;
        for (TopologyDescription.Subtopology st : topology.describe().subtopologies()) {
            for (TopologyDescription.Node n : st.nodes()) {
                if (n instanceof TopologyDescription.Source src && src.topicSet() != null)
                    sources.addAll(src.topicSet());
            }
        }
        this.app = new KafkaStreams(topology, props);
        app.setUncaughtExceptionHandler(e -> {
            failure = e;
            return StreamsUncaughtExceptionHandler.StreamThreadExceptionResponse.SHUTDOWN_CLIENT;
        });
    }

    static KafkaStreamsEngine open(KafkaSettings s, EngineSpec spec, TopologyPlan plan) throws EngineException {
        Map<String, List<Field>> outputs = plan.check(spec);
        Topics topics = Topics.connect(s.engine, s.bootstrap, Topics.REACH);
        String prefix = TrialTopics.uniquePrefix();
        KafkaInputs inputs = null;
        OutputConsumer consumer = null;
        KafkaStreamsEngine engine = null;
        try {
            TrialTopics t = TrialTopics.of(s, spec.inputs(), topics, prefix);
            Map<String, String> outTopic = new LinkedHashMap<>();
            for (String o : outputs.keySet()) outTopic.put(o, prefix + "out-" + o);
            topics.create(outTopic.values(), s.partitions, s.appendTime);
            Topology topology = plan.build(
                    n -> t.topicOf().containsKey(n) ? t.topicOf().get(n) : outTopic.get(n), new LinkedHashMap<>());
            inputs = new KafkaInputs(s, t.schemas(), t.topicOf());
            Map<String, RowCodec> read = new LinkedHashMap<>();
            for (String o : spec.outputs()) read.put(outTopic.get(o), new RowCodec(outputs.get(o)));
            consumer = new OutputConsumer(s, read);
            Path stateDir = Files.createTempDirectory("evperf-kstreams-");
            engine = new KafkaStreamsEngine(
                    prefix + "app",
                    outputs,
                    outTopic,
                    t,
                    s,
                    topics,
                    inputs,
                    consumer,
                    topology,
                    props(s, prefix + "app", stateDir),
                    stateDir);
            engine.start();
            return engine;
        } catch (EngineException | IOException | RuntimeException e) {
            if (engine != null) {
                engine.close();
            } else {
                if (consumer != null) consumer.close();
                if (inputs != null) inputs.close();
                topics.close();
            }
            if (e instanceof EngineException ee) throw ee;
            throw new EngineException(s.engine + ": cannot start the application: " + e.getMessage(), e);
        }
    }

    private static Properties props(KafkaSettings s, String appId, Path stateDir) throws EngineException {
        return QueryTopology.settings(appId, s.bootstrap, stateDir, s.map(s.options, "streams"));
    }

    private void start() throws EngineException {
        app.start();
        long deadline = System.nanoTime() + START.toNanos();
        while (app.state() != KafkaStreams.State.RUNNING) {
            if (failure != null || !app.state().isRunningOrRebalancing()) {
                throw new EngineException(settings.engine + ": the application stopped while starting: " + failure);
            }
            if (System.nanoTime() > deadline) {
                throw new EngineException(
                        settings.engine + ": the application was not running after " + START.toSeconds() + " s");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EngineException(settings.engine + ": interrupted while starting");
            }
        }
    }

    @Override
    public void drain(Duration timeout) throws EngineException {
        long deadline = System.nanoTime() + timeout.toNanos();
        inputs.flush();
        Map<TopicPartition, Long> ends = Map.of();
        while (true) {
            Map<TopicPartition, Long> now = topics.endOffsets(sourcePartitions());
            if (now.equals(ends)) break; // processed up to ends that no longer grow: nothing is left inside
            ends = now;
            awaitCommitted(ends, deadline);
        }
        Map<String, Integer> byTopic = new LinkedHashMap<>();
        for (String t : outTopic.values()) byTopic.put(t, settings.partitions);
        inputs.sendEnds(byTopic);
        consumer.awaitEnds(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
    }

    /** The input topics' partitions and those of the application's repartition topics. */
    private List<TopicPartition> sourcePartitions() throws EngineException {
        List<TopicPartition> out = new ArrayList<>();
        in.topicOf().forEach((stream, topic) -> {
            if (!sources.contains(topic)) return;
            for (int p = 0; p < in.partitions().get(stream); p++) out.add(new TopicPartition(topic, p));
        });
        Map<String, String> internal = new HashMap<>();
        for (String t : topics.named(appId)) {
            if (t.endsWith("-repartition")) internal.put(t, "repartition topic of " + appId);
        }
        if (!internal.isEmpty()) {
            topics.describe(internal).forEach((t, n) -> {
                for (int p = 0; p < n; p++) out.add(new TopicPartition(t, p));
            });
        }
        return out;
    }

    private void awaitCommitted(Map<TopicPartition, Long> ends, long deadline) throws EngineException {
        while (true) {
            if (failure != null)
                throw new EngineException(settings.engine + ": the application failed: " + failure, failure);
            Map<TopicPartition, Long> committed = topics.committed(appId);
            int behind = 0;
            for (var e : ends.entrySet()) {
                if (e.getValue() > 0 && committed.getOrDefault(e.getKey(), 0L) < e.getValue()) behind++;
            }
            if (behind == 0) return;
            if (System.nanoTime() > deadline) {
                throw new EngineException(settings.engine + ": the application had not processed the end of input on "
                        + behind + " of " + ends.size() + " partitions in time; later outputs may be missing");
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EngineException(settings.engine + ": interrupted while draining");
            }
        }
    }

    /** The application's committed offsets (every 100 ms: commit.interval.ms) are how far it consumed. */
    @Override
    protected Map<TopicPartition, Long> consumed() throws EngineException {
        return topics.committed(appId);
    }

    /**
     * Kafka Streams' own metrics, from {@code KafkaStreams.metrics()}: records processed per second
     * (summed over stream threads), mean commit latency, and the largest lag its consumers see.
     */
    @Override
    protected Map<String, DoubleSupplier> engineGauges() {
        Map<String, DoubleSupplier> m = new LinkedHashMap<>();
        m.put("kafka-streams/process_rate", () -> metric("stream-thread-metrics", "process-rate", false));
        m.put("kafka-streams/commit_latency_avg_ms", () -> metric("stream-thread-metrics", "commit-latency-avg", true));
        m.put(
                "kafka-streams/records_lag_max",
                () -> metric("consumer-fetch-manager-metrics", "records-lag-max", false, true));
        return m;
    }

    private double metric(String group, String name, boolean average) {
        return metric(group, name, average, false);
    }

    /** One of the application's metrics over all its instances (threads, clients): their sum, mean or max; NaN if none has a value. */
    private double metric(String group, String name, boolean average, boolean max) {
        double sum = 0, top = Double.NEGATIVE_INFINITY;
        int n = 0;
        for (var e : app.metrics().entrySet()) {
            if (!e.getKey().group().equals(group) || !e.getKey().name().equals(name)) continue;
            // the per-client figure only (a per-partition one has a "topic" tag)
            if (e.getKey().tags().containsKey("topic")) continue;
            if (!(e.getValue().metricValue() instanceof Number v) || Double.isNaN(v.doubleValue())) continue;
            sum += v.doubleValue();
            top = Math.max(top, v.doubleValue());
            n++;
        }
        if (n == 0) return Double.NaN;
        return max ? top : average ? sum / n : sum;
    }

    private static Map<String, List<String>> fieldNames(Map<String, List<Field>> outputs) {
        Map<String, List<String>> out = new LinkedHashMap<>();
        outputs.forEach((o, f) -> out.put(o, names(f)));
        return out;
    }

    @Override
    public void close() {
        app.close(Duration.ofSeconds(30));
        app.cleanUp();
        try {
            topics.delete(topics.named(appId));
        } catch (EngineException e) {
            System.err.println(e.getMessage());
        }
        closeTopics();
        try (Stream<Path> all = Files.walk(stateDir)) {
            for (Path p : all.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        } catch (IOException e) {
            System.err.println(settings.engine + ": could not remove " + stateDir + ": " + e.getMessage());
        }
    }
}
