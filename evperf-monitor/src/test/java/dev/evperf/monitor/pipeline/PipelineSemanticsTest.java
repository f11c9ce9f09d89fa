package dev.evperf.monitor.pipeline;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The stages' rules, with exact counts. */
class PipelineSemanticsTest {
    @TempDir
    Path tmp;

    final TestSinks sinks = new TestSinks();

    static List<Long> range(long from, long to, java.util.function.LongPredicate keep) {
        return LongStream.range(from, to).filter(keep).boxed().toList();
    }

    @Test
    void andChainOfTwoFiltersPassesExactlyTheRecordsSatisfyingBoth() throws Exception {
        try (Pipelines ps = sinks.open(
                """
                main:
                  stages:
                    - filter: {field: value, op: ">", than: 100}
                    - filter: {field: x0, op: "!=", than: 3}
                  sink: {collect: main}
                """,
                tmp)) {
            Pipeline p = ps.get("main");
            for (int i = 0; i < 1000; i++) {
                MonitorRecord r = p.take();
                r.id = i;
                r.value = i % 200; // > 100: 99 of every 200
                r.x0 = i % 7; // != 3: 6 of every 7
                p.submit(r);
            }
            ps.close();
            List<Long> expected = range(0, 1000, i -> i % 200 > 100 && i % 7 != 3);
            assertThat(sinks.ids("main")).isEqualTo(expected);
            assertThat(expected).hasSize(424); // 495 with value > 100, minus the 71 of them with i % 7 == 3
            assertThat(ps.stats().get("main").processed()).isEqualTo(424);
        }
    }

    @Test
    void everyComparisonOperator() throws Exception {
        String[][] cases = {{"<", "5"}, {"<=", "6"}, {">", "4"}, {">=", "5"}, {"==", "1"}, {"!=", "9"}};
        long[][] expected = {
            {0, 1, 2, 3, 4}, {0, 1, 2, 3, 4, 5, 6}, {5, 6, 7, 8, 9}, {5, 6, 7, 8, 9}, {1}, {0, 1, 2, 3, 4, 5, 6, 7, 8}
        };
        for (int c = 0; c < cases.length; c++) {
            TestSinks s = new TestSinks();
            try (Pipelines ps = s.open(
                    "main: {stages: [{filter: {field: id, op: \"" + cases[c][0] + "\", than: " + cases[c][1]
                            + "}}], sink: {collect: k}}",
                    tmp)) {
                for (int i = 0; i < 10; i++) ps.get("main").submit(0, i, 0, 0);
                ps.close();
                assertThat(s.ids("k"))
                        .as(cases[c][0])
                        .containsExactly(LongStream.of(expected[c]).boxed().toArray(Long[]::new));
            }
        }
    }

    @Test
    void teeSendsEveryRecordToBothPipelines() throws Exception {
        try (Pipelines ps = sinks.open(
                """
                main: {stages: [{tee: other}], sink: {collect: main}}
                other: {sink: {collect: other}, consumers: 2}
                """,
                tmp)) {
            Pipeline p = ps.get("main");
            for (int i = 0; i < 5000; i++) {
                MonitorRecord r = p.take();
                r.id = i;
                r.value = 3 * i;
                r.x3 = -i;
                p.submit(r);
            }
            ps.close();
            List<Long> all = range(0, 5000, i -> true);
            assertThat(sinks.ids("main")).isEqualTo(all);
            assertThat(sinks.ids("other")).isEqualTo(all);
            // the copy carries every field
            assertThat(sinks.collected.get("other")).allSatisfy(r -> {
                assertThat(r[2]).isEqualTo(3 * r[1]);
                assertThat(r[7]).isEqualTo(-r[1]);
            });
            assertThat(ps.stats().get("main").processed()).isEqualTo(5000);
            assertThat(ps.stats().get("other").processed()).isEqualTo(5000);
        }
    }

    @Test
    void teeBetweenStagesSeesWhatPassedTheStagesBeforeIt() throws Exception {
        // JPMF's listing 4.1 shape: speedlimit -> tee direct -> firstfew -> sink
        try (Pipelines ps = sinks.open(
                """
                default:
                  stages: [{speedlimit: 10}, {tee: direct}, {initial_drop: 3}]
                  sink: {collect: default}
                direct: {sink: {collect: direct}}
                """,
                tmp)) {
            for (int i = 0; i < 100; i++) ps.get("default").submit(i, i, 0, 0);
            ps.close();
            assertThat(sinks.ids("direct")).isEqualTo(range(0, 100, i -> i % 10 == 0));
            assertThat(sinks.ids("default")).isEqualTo(range(30, 100, i -> i % 10 == 0));
        }
    }

    @Test
    void initialDropDropsExactlyTheFirstN() throws Exception {
        try (Pipelines ps = sinks.open("main: {stages: [{initial_drop: 1000}], sink: {collect: main}}", tmp)) {
            for (int i = 0; i < 2500; i++) ps.get("main").submit(0, i, 0, 0);
            ps.close();
            assertThat(sinks.ids("main")).isEqualTo(range(1000, 2500, i -> true));
        }
    }

    @Test
    void initialDropCountIsExactWithFourProducers() throws Exception {
        try (Pipelines ps =
                sinks.open("main: {stages: [{initial_drop: 1000}], sink: {collect: main}, consumers: 2}", tmp)) {
            Pipeline p = ps.get("main");
            List<Thread> threads = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                int base = t * 100_000;
                threads.add(new Thread(() -> {
                    for (int i = 0; i < 10_000; i++) p.submit(0, base + i, 0, 0);
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) t.join();
            ps.close();
            assertThat(sinks.ids("main")).hasSize(40_000 - 1000).doesNotHaveDuplicates();
        }
    }

    /**
     * The rule: a record of source s with timestamp t passes iff none of s has passed before or
     * t − last(s) ≥ limit, last(s) being the timestamp of the last passed one.
     */
    @Test
    void speedLimitPassesExactlyEveryTenthRecordAtOneMicrosecondSpacingAndTenMicrosecondLimit() throws Exception {
        try (Pipelines ps = sinks.open("main: {stages: [{speedlimit: 10us}], sink: {collect: main}}", tmp)) {
            for (int i = 0; i < 1000; i++) ps.get("main").submit(i * 1000L, i, 0, 0); // 0, 1, …, 999 µs
            ps.close();
            List<Long> ids = sinks.ids("main");
            assertThat(ids).isEqualTo(range(0, 1000, i -> i % 10 == 0)); // 0, 10, 20, …, 990 µs
            assertThat(ids).hasSize(100);
        }
    }

    @Test
    void speedLimitMeasuresFromTheLastPassedRecordNotTheLastSeenOne() throws Exception {
        try (Pipelines ps = sinks.open("main: {stages: [{speedlimit: 10000}], sink: {collect: main}}", tmp)) {
            // every 6 µs: 0 passes, 6 (6 after 0) drops, 12 (12 after 0) passes, 18 drops, 24 passes, …
            for (int i = 0; i < 100; i++) ps.get("main").submit(i * 6000L, i, 0, 0);
            // the boundary: exactly the limit passes, one ns less does not; an older timestamp drops
            ps.get("main").submit(1_000_000, 1000, 0, 0);
            ps.get("main").submit(1_009_999, 1001, 0, 0);
            ps.get("main").submit(1_010_000, 1002, 0, 0);
            ps.get("main").submit(500_000, 1003, 0, 0);
            ps.close();
            List<Long> expected = new ArrayList<>(range(0, 100, i -> i % 2 == 0));
            expected.addAll(List.of(1000L, 1002L));
            assertThat(sinks.ids("main")).isEqualTo(expected);
        }
    }

    @Test
    void speedLimitIsPerSource() throws Exception {
        try (Pipelines ps = sinks.open("main: {stages: [{speedlimit: 10}], sink: {collect: main}, sources: 4}", tmp)) {
            // sources 0..3 interleaved, each with its own timeline 0, 1, 2, … ns
            for (int i = 0; i < 400; i++) ps.get("main").submit(i / 4, i, 0, i % 4);
            ps.close();
            assertThat(sinks.ids("main")).isEqualTo(range(0, 400, i -> (i / 4) % 10 == 0));
            assertThat(sinks.ids("main")).hasSize(40);
        }
    }

    @Test
    void speedLimitIsExactPerSourceWithOneProducerThreadPerSourceAndSeveralConsumers() throws Exception {
        try (Pipelines ps = sinks.open(
                "main: {stages: [{speedlimit: 10}], sink: {collect: main}, consumers: 3, sources: 4}", tmp)) {
            Pipeline p = ps.get("main");
            List<Thread> threads = new ArrayList<>();
            for (int s = 0; s < 4; s++) {
                int source = s;
                threads.add(new Thread(() -> {
                    for (int i = 0; i < 100_000; i++) p.submit(i, source * 1_000_000L + i, 0, source);
                }));
            }
            threads.forEach(Thread::start);
            for (Thread t : threads) t.join();
            ps.close();
            List<Long> expected = new ArrayList<>();
            for (int s = 0; s < 4; s++) {
                long base = s * 1_000_000L;
                expected.addAll(range(base, base + 100_000, i -> (i - base) % 10 == 0));
            }
            assertThat(sinks.ids("main")).isEqualTo(expected);
        }
    }

    @Test
    void fullChainAsInTheWorkloadExample() throws Exception {
        try (Pipelines ps = sinks.open(
                """
                main:
                  stages:
                    - speedlimit: 10
                    - initial_drop: 1000
                    - filter: {field: value, op: ">=", than: 512}
                    - filter: {field: source, op: "==", than: 0}
                    - tee: other
                  sink: {collect: main}
                  queue: {capacity: 1024, policy: block}
                other: {stages: [{filter: {field: x0, op: "<", than: 2}}], sink: {collect: other}}
                """,
                tmp)) {
            Pipeline p = ps.get("main");
            for (int i = 0; i < 200_000; i++) {
                MonitorRecord r = p.take();
                r.timestamp = i;
                r.id = i;
                r.value = i & 1023;
                r.source = (i / 10) % 3 == 2 ? 1 : 0;
                r.x0 = i % 4;
                p.submit(r);
            }
            ps.close();
            // reference: the same rules written out
            List<Long> main = new ArrayList<>();
            List<Long> other = new ArrayList<>();
            long last0 = Long.MIN_VALUE;
            long last1 = Long.MIN_VALUE;
            int seen = 0;
            for (long i = 0; i < 200_000; i++) {
                int source = (i / 10) % 3 == 2 ? 1 : 0;
                long last = source == 0 ? last0 : last1;
                if (last != Long.MIN_VALUE && i - last < 10) continue;
                if (source == 0) last0 = i;
                else last1 = i;
                if (seen++ < 1000) continue;
                if ((i & 1023) < 512 || source != 0) continue;
                main.add(i);
                if (i % 4 < 2) other.add(i);
            }
            assertThat(sinks.ids("main")).isEqualTo(main);
            assertThat(sinks.ids("other")).isEqualTo(other);
            assertThat(main).isNotEmpty();
            assertThat(other).isNotEmpty();
        }
    }

    @Test
    void aTakenRecordIsZeroedAndGetReadsEveryField() throws Exception {
        try (Pipelines ps = sinks.open("main: {sink: null}", tmp)) {
            MonitorRecord r = ps.get("main").take();
            for (int f = 0; f < MonitorRecord.FIELDS.size(); f++)
                assertThat(r.get(f)).isZero();
            r.timestamp = 1;
            r.id = 2;
            r.value = 3;
            r.source = 4;
            r.x0 = 5;
            r.x1 = 6;
            r.x2 = 7;
            r.x3 = 8;
            for (int f = 0; f < MonitorRecord.FIELDS.size(); f++)
                assertThat(r.get(f)).isEqualTo(f + 1);
            ps.get("main").submit(r);
            ps.close();
            assertThat(ps.stats().get("main").processed()).isEqualTo(1);
        }
    }
}
