package dev.evperf.monitor.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** block loses nothing, drop counts exactly, records are reused. */
class QueuePolicyTest {
    @TempDir
    Path tmp;

    final TestSinks sinks = new TestSinks();

    static List<Long> all(long n) {
        return LongStream.range(0, n).boxed().toList();
    }

    @Test
    void blockLosesNoRecordWithASlowConsumerAndATinyQueue() throws Exception {
        // 30 µs per record at the sink, a queue of 2: the producer outruns the consumer at once
        try (Pipelines ps = sinks.open("main: {sink: {slow: 30000}, queue: {capacity: 2, policy: block}}", tmp)) {
            Pipeline p = ps.get("main");
            for (int i = 0; i < 2000; i++) p.submit(0, i, 0, 0);
            ps.close();
            assertThat(sinks.ids("slow")).isEqualTo(all(2000));
            PipelineStats s = ps.stats().get("main");
            assertThat(s.processed()).isEqualTo(2000);
            assertThat(s.dropped()).isZero();
            assertThat(s.blocked()).isPositive();
            assertThat(s.capacity()).isEqualTo(2);
        }
    }

    @Test
    void blockWithACapacityOfOneLosesNothing() throws Exception {
        try (Pipelines ps = sinks.open("main: {sink: {slow: 1000}, queue: {capacity: 1, policy: block}}", tmp)) {
            for (int i = 0; i < 3000; i++) ps.get("main").submit(0, i, 0, 0);
            ps.close();
            assertThat(sinks.ids("slow")).isEqualTo(all(3000));
            assertThat(ps.stats().get("main").capacity()).isEqualTo(1);
        }
    }

    @Test
    void blockLosesNoRecordWithThreeProducersAndThreeSlowConsumers() throws Exception {
        try (Pipelines ps =
                sinks.open("main: {sink: {slow: 20000}, queue: {capacity: 3, policy: block}, consumers: 3}", tmp)) {
            Pipeline p = ps.get("main");
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 3; t++) {
                int base = t * 1000;
                threads.add(new Thread(() -> {
                    for (int i = 0; i < 1000; i++) p.submit(0, base + i, 0, 0);
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) t.join();
            ps.close();
            assertThat(sinks.ids("slow")).isEqualTo(all(3000));
            PipelineStats s = ps.stats().get("main");
            assertThat(s.processed()).isEqualTo(3000);
            assertThat(s.dropped()).isZero();
            assertThat(s.capacity()).isEqualTo(4); // 3 rounded up to a power of two
        }
    }

    /**
     * drop: the consumer holds record 0 in its sink (stalled), so the queue of capacity C fills
     * with the next C records and each of the N − C after them is dropped and counted.
     */
    @Test
    void dropCountIsExactlyNMinusCapacityWithAStalledConsumer() throws Exception {
        try (Pipelines ps = sinks.open("main: {sink: {gate: g}, queue: {capacity: 64, policy: drop}}", tmp)) {
            Pipeline p = ps.get("main");
            TestSinks.Gate gate = sinks.gates.get("g");
            p.submit(0, -1, 0, 0);
            gate.awaitArrival();
            for (int i = 0; i < 1000; i++) p.submit(0, i, 0, 0);
            PipelineStats during = ps.stats().get("main");
            assertThat(during.dropped()).isEqualTo(1000 - 64);
            assertThat(during.queued()).isEqualTo(64);
            gate.open();
            ps.close();
            PipelineStats s = ps.stats().get("main");
            assertThat(s.dropped()).isEqualTo(936);
            assertThat(s.processed()).isEqualTo(65);
            assertThat(gate.rows.stream().map(r -> r[1]).toList())
                    .isEqualTo(LongStream.range(-1, 64).boxed().toList());
        }
    }

    @Test
    void capacityIsRoundedUpToAPowerOfTwoAndTheDropCountFollowsIt() throws Exception {
        try (Pipelines ps = sinks.open("main: {sink: {gate: g}, queue: {capacity: 100, policy: drop}}", tmp)) {
            Pipeline p = ps.get("main");
            p.submit(0, -1, 0, 0);
            sinks.gates.get("g").awaitArrival();
            for (int i = 0; i < 1000; i++) p.submit(0, i, 0, 0);
            assertThat(ps.stats().get("main").capacity()).isEqualTo(128);
            assertThat(ps.stats().get("main").dropped()).isEqualTo(1000 - 128);
            sinks.gates.get("g").open();
            ps.close();
            assertThat(ps.stats().get("main").processed()).isEqualTo(129);
        }
    }

    @Test
    void dropCountIsExactWithFourProducersAndTwoStalledConsumers() throws Exception {
        try (Pipelines ps =
                sinks.open("main: {sink: {gate: g}, queue: {capacity: 256, policy: drop}, consumers: 2}", tmp)) {
            Pipeline p = ps.get("main");
            TestSinks.Gate gate = sinks.gates.get("g");
            // stall both consumers: each takes one record into the gate
            p.submit(0, -1, 0, 0);
            p.submit(0, -2, 0, 0);
            gate.awaitArrival();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (ps.stats().get("main").queued() > 0 && System.nanoTime() < deadline) Thread.sleep(1);
            assertThat(ps.stats().get("main").queued()).isZero();
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int base = t * 10_000;
                threads.add(new Thread(() -> {
                    for (int i = 0; i < 5000; i++) p.submit(0, base + i, 0, 0);
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) t.join();
            assertThat(ps.stats().get("main").dropped()).isEqualTo(20_000 - 256);
            gate.open();
            ps.close();
            PipelineStats s = ps.stats().get("main");
            assertThat(s.processed()).isEqualTo(2 + 256);
            assertThat(s.processed() + s.dropped()).isEqualTo(2 + 20_000);
        }
    }

    @Test
    void stageDropsNeverReachTheQueue() throws Exception {
        try (Pipelines ps = sinks.open(
                "main: {stages: [{initial_drop: 500}], sink: {gate: g}, queue: {capacity: 8, policy: drop}}", tmp)) {
            Pipeline p = ps.get("main");
            for (int i = 0; i < 500; i++) p.submit(0, i, 0, 0);
            assertThat(ps.stats().get("main").dropped()).isZero();
            assertThat(ps.stats().get("main").queued()).isZero();
            sinks.gates.get("g").open();
            ps.close();
            assertThat(ps.stats().get("main").processed()).isZero();
        }
    }

    /**
     * Records come from the pool filled at open and go back to it; a million submits through
     * filters, a tee and two queues make no new record, and afterwards every record is back.
     */
    @Test
    void pooledRecordsNoNewRecordsInSteadyStateAndAllComeBack() throws Exception {
        try (Pipelines ps = sinks.open(
                """
                main:
                  stages: [{speedlimit: 2}, {filter: {field: value, op: "<", than: 700}}, {tee: other}]
                  sink: null
                  queue: {capacity: 1024}
                other: {sink: null, queue: {capacity: 512}, consumers: 2}
                """,
                tmp)) {
            Pipeline p = ps.get("main");
            RecordPool pool = p.pool();
            RecordPool otherPool = ps.get("other").pool();
            long created = pool.created();
            long otherCreated = otherPool.created();
            // per pipeline: a record per queue slot and consumer, and 64 for producers
            assertThat(created).isEqualTo(1024 + 1 + 64);
            assertThat(otherCreated).isEqualTo(512 + 2 + 64);
            assertThat(pool.available()).isEqualTo((int) created);
            for (int i = 0; i < 100_000; i++) submit(p, i); // warm-up (JIT)
            com.sun.management.ThreadMXBean mx = (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
            long before = mx.getCurrentThreadAllocatedBytes();
            for (int i = 100_000; i < 1_100_000; i++) submit(p, i);
            long allocated = mx.getCurrentThreadAllocatedBytes() - before;
            assertThat(pool.created()).isEqualTo(created);
            assertThat(otherPool.created()).isEqualTo(otherCreated);
            assertThat(pool.discarded() + otherPool.discarded()).isZero();
            assertThat(allocated)
                    .as("bytes allocated by the producer for 1M submits")
                    .isLessThan(100_000);
            ps.close();
            assertThat(pool.available()).isEqualTo((int) created);
            assertThat(otherPool.available()).isEqualTo((int) otherCreated);
            // 1.1 M records: speedlimit 2 ns passes the even timestamps, the filter values 0..699 of 0..999
            long passed = LongStream.range(0, 1_100_000)
                    .filter(i -> i % 2 == 0 && i % 1000 < 700)
                    .count();
            assertThat(ps.stats().get("main").processed()).isEqualTo(passed);
            assertThat(ps.stats().get("other").processed()).isEqualTo(passed);
        }
    }

    private static void submit(Pipeline p, int i) {
        MonitorRecord r = p.take();
        r.timestamp = i;
        r.id = i;
        r.value = i % 1000;
        p.submit(r);
    }

    @Test
    void poolAfterWarmUpMakesNoNewRecords() {
        RecordPool pool = new RecordPool(64, 0);
        MonitorRecord[] held = new MonitorRecord[10];
        for (int round = 0; round < 3; round++) { // warm-up: at most 10 held at once
            for (int i = 0; i < held.length; i++) held[i] = pool.take();
            for (MonitorRecord r : held) pool.release(r);
        }
        assertThat(pool.created()).isEqualTo(10);
        for (int round = 0; round < 100_000; round++) {
            for (int i = 0; i < held.length; i++) {
                held[i] = pool.take();
                held[i].value = round;
            }
            for (MonitorRecord r : held) pool.release(r);
        }
        assertThat(pool.created()).isEqualTo(10);
        assertThat(pool.available()).isEqualTo(10);
        assertThat(pool.take().value).isZero(); // released records come back cleared
    }

    @Test
    void closeDrainsTheQueueIntoTheSink() throws Exception {
        try (Pipelines ps = sinks.open("main: {sink: {gate: g}, queue: {capacity: 1024}}", tmp)) {
            TestSinks.Gate gate = sinks.gates.get("g");
            ps.get("main").submit(0, 0, 0, 0);
            gate.awaitArrival(); // the consumer holds record 0
            for (int i = 1; i < 500; i++) ps.get("main").submit(0, i, 0, 0);
            assertThat(ps.stats().get("main").queued()).isEqualTo(499);
            gate.open();
            ps.close();
            assertThat(gate.rows.stream().map(r -> r[1]).toList()).isEqualTo(all(500));
            assertThat(ps.stats().get("main").queued()).isZero();
            assertThat(ps.stats().get("main").processed()).isEqualTo(500);
        }
    }

    @Test
    void submitAfterCloseIsRefused() throws Exception {
        Pipelines ps = sinks.open("main: {sink: null}", tmp);
        ps.close();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> ps.get("main").submit(0, 0, 0, 0))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("pipeline main is closed");
    }
}
