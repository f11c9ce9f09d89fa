package dev.evperf.monitor.pipeline;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Test sinks, registered under extra names: {@code collect: KEY} keeps a copy of every record it
 * gets (under KEY in {@link #collected}); {@code slow: NANOS} parks that long per record;
 * {@code gate: KEY} holds its first record until {@link Gate#open} (a stalled consumer).
 */
final class TestSinks {
    static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    final Map<String, ConcurrentLinkedQueue<long[]>> collected = new ConcurrentHashMap<>();
    final Map<String, Gate> gates = new ConcurrentHashMap<>();

    static JsonNode yaml(String text) {
        try {
            return YAML.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static long[] row(MonitorRecord r) {
        return new long[] {r.timestamp, r.id, r.value, r.source, r.x0, r.x1, r.x2, r.x3};
    }

    Map<String, Sink.Factory> factories() {
        return Map.of(
                "collect",
                        (arg, dir, consumers) -> {
                            ConcurrentLinkedQueue<long[]> q =
                                    collected.computeIfAbsent(arg.asText(), k -> new ConcurrentLinkedQueue<>());
                            return sink((c, r) -> q.add(row(r)));
                        },
                "slow",
                        (arg, dir, consumers) -> {
                            ConcurrentLinkedQueue<long[]> q =
                                    collected.computeIfAbsent("slow", k -> new ConcurrentLinkedQueue<>());
                            long nanos = arg.asLong();
                            return sink((c, r) -> {
                                LockSupport.parkNanos(nanos);
                                q.add(row(r));
                            });
                        },
                "gate",
                        (arg, dir, consumers) -> {
                            Gate g = gates.computeIfAbsent(arg.asText(), k -> new Gate());
                            return sink((c, r) -> {
                                g.arrived.countDown();
                                try {
                                    if (!g.open.await(30, TimeUnit.SECONDS))
                                        throw new IllegalStateException("gate never opened");
                                } catch (InterruptedException e) {
                                    throw new IllegalStateException(e);
                                }
                                g.rows.add(row(r));
                            });
                        });
    }

    Pipelines open(String yaml, Path dir) throws IOException {
        return Pipelines.open(yaml(yaml), "test.yaml", dir, factories());
    }

    List<Long> ids(String key) {
        List<Long> ids = new ArrayList<>();
        for (long[] r : collected.getOrDefault(key, new ConcurrentLinkedQueue<>())) ids.add(r[1]);
        ids.sort(null);
        return ids;
    }

    interface Accept {
        void accept(int consumer, MonitorRecord r);
    }

    static Sink sink(Accept a) {
        return new Sink() {
            @Override
            public void accept(int consumer, MonitorRecord r) {
                a.accept(consumer, r);
            }

            @Override
            public void close() {}
        };
    }

    static final class Gate {
        final CountDownLatch arrived = new CountDownLatch(1);
        final CountDownLatch open = new CountDownLatch(1);
        final ConcurrentLinkedQueue<long[]> rows = new ConcurrentLinkedQueue<>();

        void awaitArrival() throws InterruptedException {
            if (!arrived.await(30, TimeUnit.SECONDS)) throw new IllegalStateException("no record reached the gate");
        }

        void open() {
            open.countDown();
        }
    }
}
