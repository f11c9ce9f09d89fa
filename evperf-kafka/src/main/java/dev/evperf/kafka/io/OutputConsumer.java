package dev.evperf.kafka.io;

import dev.evperf.api.EngineException;
import dev.evperf.api.OutputListener;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.record.TimestampType;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * The sink's side of Kafka: one consumer reads every output topic of a trial, and an object
 * factory turns its records into rows for the output listeners.
 *
 * <p>The consumer's thread only polls: when a poll returns records it reads the clock once (the
 * receipt time of every record in the batch) and hands the batch to the factory's thread, which
 * decodes each record and calls the listeners with that receipt time. Parsing, boxing and the
 * listeners' own work are thus off the timed path (Cloudprofiler's object factory). The receipt
 * is when this JVM's consumer handed the records over, not when their bytes reached the socket:
 * Kafka's consumer may hold fetched records while the application is busy, which the factory
 * keeps short; the hand-over queue is bounded, so a factory that falls behind delays the polls.
 *
 * <p>Partitions are assigned, not subscribed (no consumer group, no rebalancing), and read from
 * their end when the consumer starts, so an existing topic's old records are not taken as outputs.
 * End-of-input markers are counted per partition: an output topic is finished when every
 * partition has had a marker from each of its senders.
 */
public final class OutputConsumer implements AutoCloseable {
    private static final int QUEUE = 256;

    private final String engine;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Map<String, Route> routes = new HashMap<>();
    private final BlockingQueue<Arrival> arrivals = new ArrayBlockingQueue<>(QUEUE);
    private final Map<TopicPartition, Set<Long>> endsSeen = new HashMap<>();
    private final Map<TopicPartition, Long> endsExpected = new HashMap<>();
    private final List<TopicPartition> assigned = new ArrayList<>();
    private final Map<TopicPartition, Long> consumed = new ConcurrentHashMap<>();
    private final Thread poller;
    private final Thread factory;
    private volatile boolean running = true;
    private volatile Throwable failure;

    /** The records of one poll and when the poll returned them. */
    private record Arrival(ConsumerRecords<byte[], byte[]> records, long receiptNanos) {}

    /** One output topic: its row format and the listeners of the output streams it carries. */
    private static final class Route {
        final RowCodec codec;
        volatile OutputListener[] listeners = new OutputListener[0];

        Route(RowCodec codec) {
            this.codec = codec;
        }
    }

    /** @param topics output topic → the format of its rows */
    public OutputConsumer(KafkaSettings settings, Map<String, RowCodec> topics) throws EngineException {
        this.engine = settings.engine;
        Properties p = new Properties();
        p.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, settings.bootstrap);
        p.put(ConsumerConfig.CLIENT_ID_CONFIG, "evperf-sink");
        p.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        settings.consumer.forEach((k, v) -> p.put(k, String.valueOf(v)));
        try {
            consumer = new KafkaConsumer<>(p, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        } catch (RuntimeException e) {
            throw new EngineException(engine + ": option consumer: " + Topics.message(e), e);
        }
        topics.forEach((t, codec) -> routes.put(t, new Route(codec)));
        for (String topic : topics.keySet()) {
            for (PartitionInfo pi : partitionsOf(topic)) assigned.add(new TopicPartition(topic, pi.partition()));
        }
        consumer.assign(assigned);
        consumer.seekToEnd(assigned);
        for (TopicPartition tp : assigned)
            consumer.position(tp, Topics.TIMEOUT); // resolve the ends now, before any send
        poller = new Thread(this::poll, "evperf-sink-poll");
        factory = new Thread(this::decode, "evperf-sink-factory");
        poller.setDaemon(true);
        factory.setDaemon(true);
        poller.start();
        factory.start();
    }

    /**
     * The topic's partitions. A topic created a moment ago may not be in the client's metadata yet
     * (an empty answer), and a consumer assigned no partitions would wait for nothing.
     */
    private List<PartitionInfo> partitionsOf(String topic) throws EngineException {
        long deadline = System.nanoTime() + Topics.TIMEOUT.toNanos();
        while (true) {
            List<PartitionInfo> parts = consumer.partitionsFor(topic, Topics.TIMEOUT);
            if (parts != null && !parts.isEmpty()) return parts;
            if (System.nanoTime() > deadline) {
                consumer.close(Duration.ZERO);
                throw new EngineException(engine + ": output topic " + topic + " has no partitions after "
                        + Topics.TIMEOUT.toSeconds() + " s");
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EngineException(engine + ": interrupted while looking up " + topic);
            }
        }
    }

    /** Adds a listener of the output stream carried by {@code topic}. */
    public void subscribe(String topic, OutputListener listener) {
        Route r = routes.get(topic);
        List<OutputListener> all = new ArrayList<>(List.of(r.listeners));
        all.add(listener);
        r.listeners = all.toArray(new OutputListener[0]);
    }

    /** The next offset this consumer will read of each partition it has read from (kept by the poller). */
    public Map<TopicPartition, Long> consumed() {
        return Map.copyOf(consumed);
    }

    private void poll() {
        try {
            while (running) {
                ConsumerRecords<byte[], byte[]> batch = consumer.poll(Duration.ofMillis(100));
                if (batch.isEmpty()) continue;
                for (TopicPartition tp : batch.partitions()) {
                    List<ConsumerRecord<byte[], byte[]>> r = batch.records(tp);
                    consumed.put(tp, r.get(r.size() - 1).offset() + 1);
                }
                arrivals.put(new Arrival(batch, System.nanoTime()));
            }
        } catch (WakeupException | InterruptedException e) {
            // closing
        } catch (Throwable t) {
            failure = t;
        }
    }

    private void decode() {
        try {
            while (running || !arrivals.isEmpty()) {
                Arrival a = arrivals.poll(100, TimeUnit.MILLISECONDS);
                if (a == null) continue;
                for (String topic : routes.keySet()) deliver(topic, a.records().records(topic), a.receiptNanos());
            }
        } catch (InterruptedException e) {
            // closing
        } catch (Throwable t) {
            failure = t;
        }
    }

    private void deliver(String topic, Iterable<ConsumerRecord<byte[], byte[]>> records, long receipt) {
        Route route = routes.get(topic);
        OutputListener[] ls = route.listeners;
        int n = 0;
        for (ConsumerRecord<byte[], byte[]> r : records) {
            if (!RowCodec.isEnd(r.value())) n++;
        }
        if (n > 1) {
            for (OutputListener l : ls) l.onBatch(n);
        }
        for (ConsumerRecord<byte[], byte[]> r : records) {
            byte[] v = r.value();
            if (RowCodec.isEnd(v)) {
                end(new TopicPartition(r.topic(), r.partition()), RowCodec.seq(v), RowCodec.intended(v));
                continue;
            }
            long append = r.timestampType() == TimestampType.LOG_APPEND_TIME ? r.timestamp() : -1;
            Object[] row = route.codec.decode(v);
            for (OutputListener l : ls) l.onOutput(row, receipt, append);
        }
    }

    private synchronized void end(TopicPartition tp, long sender, long senders) {
        endsSeen.computeIfAbsent(tp, k -> new HashSet<>()).add(sender);
        endsExpected.put(tp, senders);
        notifyAll();
    }

    /**
     * Waits until every partition of every output topic has had its end markers.
     *
     * @throws EngineException saying how many partitions finished when the timeout passes
     */
    public void awaitEnds(Duration timeout) throws EngineException {
        if (!ended(timeout)) {
            throw new EngineException(
                    engine + ": the end of input reached " + finishedPartitions() + " of " + assigned.size()
                            + " output partitions within " + timeout.toSeconds() + " s; later outputs may be missing");
        }
    }

    /** Waits at most {@code wait} for every partition's end markers; whether they all came. */
    public synchronized boolean ended(Duration wait) throws EngineException {
        long deadline = System.nanoTime() + wait.toNanos();
        while (finished() < assigned.size()) {
            if (failure != null)
                throw new EngineException(engine + ": the output consumer failed: " + failure, failure);
            long left = deadline - System.nanoTime();
            if (left <= 0) return false;
            try {
                wait(Math.max(1, Math.min(100, left / 1_000_000)));
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new EngineException(engine + ": interrupted while waiting for the end of the outputs");
            }
        }
        return true;
    }

    /** How many output partitions have had all their end markers. */
    public synchronized int finishedPartitions() {
        return finished();
    }

    private int finished() {
        int done = 0;
        for (TopicPartition tp : assigned) {
            Set<Long> seen = endsSeen.get(tp);
            if (seen != null && seen.size() >= endsExpected.get(tp)) done++;
        }
        return done;
    }

    /** The partitions of every output topic. */
    public List<TopicPartition> partitions() {
        return List.copyOf(assigned);
    }

    /** Idempotent: an engine that failed while opening may close twice. */
    @Override
    public void close() {
        if (!running) return;
        running = false;
        consumer.wakeup();
        poller.interrupt(); // it may wait for room in the queue
        try {
            poller.join(10_000);
            factory.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        consumer.close(Duration.ofSeconds(5));
    }
}
