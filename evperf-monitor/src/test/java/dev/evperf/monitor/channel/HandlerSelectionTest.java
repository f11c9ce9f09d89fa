package dev.evperf.monitor.channel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Each handler's selection rule, read back from the channel's file. */
class HandlerSelectionTest {
    static final ObjectMapper MAPPER = new ObjectMapper();

    @TempDir
    Path dir;

    static JsonNode json(String s) {
        try {
            return MAPPER.readTree(s.replace('\'', '"'));
        } catch (Exception e) {
            throw new IllegalArgumentException(e);
        }
    }

    /** Logs ids 0..count-1 (value = 10·id) on one channel configured by handlerJson; returns its file. */
    private ChannelFile logIds(String handlerJson, int count) {
        try (Channels channels = Channels.create(json("{'c': " + handlerJson + "}"), dir)) {
            Channel c = channels.open("c");
            for (long id = 0; id < count; id++) {
                c.log(id, 10 * id);
            }
            channels.close();
            return ChannelFile.read(c.file());
        }
    }

    private static final String RAW = "{'handler': 'buffered', 'compression': 'none'}";

    @Test
    void xoyLogsTheFirstXOfEveryYIds() {
        ChannelFile f = logIds("{'handler': 'xoy', 'x': 2, 'y': 8, 'then': " + RAW + "}", 32);
        assertThat(f.ids()).containsExactly(0, 1, 8, 9, 16, 17, 24, 25);
        assertThat(f.values()).containsExactly(0, 10, 80, 90, 160, 170, 240, 250);
        assertThat(f.complete()).isTrue();
    }

    @Test
    void xoySelectsByIdSoEveryChannelKeepsTheSameIds() {
        // ids not consecutive on this channel: the rule is (id & (y-1)) < x, not a position count
        try (Channels channels =
                Channels.create(json("{'c': {'handler': 'xoy', 'x': 1, 'y': 4, 'then': " + RAW + "}}"), dir)) {
            Channel c = channels.open("c");
            for (long id : new long[] {3, 4, 5, 8, 12, 13, 17, 20}) {
                c.log(id, 0);
            }
            channels.close();
            assertThat(ChannelFile.read(c.file()).ids()).containsExactly(4, 8, 12, 20);
        }
    }

    @Test
    void xoyWithXEqualToYKeepsEverything() {
        assertThat(logIds("{'handler': 'xoy', 'x': 4, 'y': 4, 'then': " + RAW + "}", 10)
                        .ids())
                .containsExactly(LongStream.range(0, 10).toArray());
    }

    @Test
    void downsampleKeepsEveryNthRecordStartingWithTheFirst() {
        ChannelFile f = logIds("{'handler': 'downsample', 'n': 3, 'then': " + RAW + "}", 20);
        assertThat(f.ids()).containsExactly(0, 3, 6, 9, 12, 15, 18);
        assertThat(logIds("{'handler': 'downsample', 'n': 1, 'then': " + RAW + "}", 5)
                        .ids())
                .containsExactly(0, 1, 2, 3, 4);
    }

    @Test
    void downsampleByCountIgnoresIdsAndByIdIgnoresPositions() {
        long[] ids = {7, 9, 10, 11, 14, 15, 20, 21};
        long[][] kept = new long[2][];
        String[] by = {"count", "id"};
        for (int k = 0; k < 2; k++) {
            Path sub = dir.resolve(by[k]);
            try (Channels channels = Channels.create(
                    json("{'c': {'handler': 'downsample', 'n': 5, 'by': '" + by[k] + "', 'then': " + RAW + "}}"),
                    sub)) {
                Channel c = channels.open("c");
                for (long id : ids) {
                    c.log(id, 0);
                }
                channels.close();
                kept[k] = ChannelFile.read(c.file()).ids();
            }
        }
        assertThat(kept[0]).containsExactly(7, 15); // positions 0 and 5
        assertThat(kept[1]).containsExactly(10, 15, 20); // ids divisible by 5
    }

    @Test
    void firstLastKeepsExactlyTheFirstAndTheLast() {
        ChannelFile f = logIds("{'handler': 'first-last', 'then': " + RAW + "}", 1000);
        assertThat(f.ids()).containsExactly(0, 999);
        assertThat(f.values()).containsExactly(0, 9990);
        assertThat(f.timestamp(1)).isGreaterThanOrEqualTo(f.timestamp(0));

        assertThat(logIds("{'handler': 'first-last', 'then': " + RAW + "}", 1).ids())
                .containsExactly(0);
        Path one = dir.resolve("empty");
        try (Channels channels = Channels.create(json("{'c': {'handler': 'first-last', 'then': " + RAW + "}}"), one)) {
            Channel c = channels.open("c");
            channels.close();
            assertThat(ChannelFile.read(c.file()).size()).isZero();
        }
    }

    @Test
    void firstLastAcrossThreadsTakesTheEarliestAndTheLatest() throws Exception {
        try (Channels channels = Channels.create(json("{'c': {'handler': 'first-last', 'then': " + RAW + "}}"), dir)) {
            Channel c = channels.open("c");
            c.log(100, 1, 0); // explicit timestamps
            Thread t = new Thread(() -> {
                c.log(50, 2, 0);
                c.log(400, 3, 0);
            });
            t.start();
            t.join();
            c.log(300, 4, 0);
            channels.close();
            ChannelFile f = ChannelFile.read(c.file());
            assertThat(f.ids()).containsExactly(2, 3);
            assertThat(f.timestamps()).containsExactly(50, 400);
        }
    }

    @Test
    void identityPassesEveryRecordWithItsTimestamp() {
        try (Channels channels = Channels.create(json("{'c': {'handler': 'identity', 'then': " + RAW + "}}"), dir)) {
            Channel c = channels.open("c");
            long before = System.nanoTime();
            for (long id = 0; id < 500; id++) {
                c.log(id, -id);
            }
            long after = System.nanoTime();
            c.log(42, 7, 8); // a caller's timestamp is kept as is
            channels.close();
            ChannelFile f = ChannelFile.read(c.file());
            assertThat(f.size()).isEqualTo(501);
            for (int i = 0; i < 500; i++) {
                assertThat(f.id(i)).isEqualTo(i);
                assertThat(f.value(i)).isEqualTo(-i);
                assertThat(f.timestamp(i)).isBetween(before, after);
                if (i > 0) {
                    assertThat(f.timestamp(i)).isGreaterThanOrEqualTo(f.timestamp(i - 1));
                }
            }
            assertThat(new long[] {f.timestamp(500), f.id(500), f.value(500)}).containsExactly(42, 7, 8);
        }
    }

    @Test
    void nullLogsNothingAndWritesNoFile() throws Exception {
        try (Channels channels =
                Channels.create(json("{'off': 'null', 'idoff': {'handler': 'identity', 'then': 'null'}}"), dir)) {
            Channel off = channels.open("off");
            Channel idoff = channels.open("idoff");
            for (long id = 0; id < 1000; id++) {
                off.log(id, id);
                idoff.log(id, id, id);
            }
            channels.close();
            assertThat(off.file()).isNull();
            assertThat(idoff.file()).isNull();
            assertThat(off.recordsWritten()).isZero();
        }
        try (var files = Files.list(dir)) {
            assertThat(files).isEmpty();
        }
    }

    @Test
    void singleThreadedCounterEmitsOneRecordPerPeriodWhoseCountsSumToTheRecords() throws Exception {
        long created = System.nanoTime();
        try (Channels channels = Channels.create(
                json("{'rate': {'handler': 'periodic-counter', 'period': '10ms', 'threads': 'single', 'then': " + RAW
                        + "}}"),
                dir)) {
            Channel c = channels.open("rate");
            long n = 0;
            long sum = 0;
            long end = System.nanoTime() + 200_000_000L;
            while (System.nanoTime() < end) {
                for (int i = 0; i < 1000; i++) {
                    c.log(n, n % 7);
                    sum += n % 7;
                    n++;
                }
                Thread.sleep(1);
            }
            long closed = System.nanoTime();
            channels.close();
            ChannelFile f = ChannelFile.read(c.file());
            assertThat(Arrays.stream(f.ids()).sum()).isEqualTo(n); // id = records in the period
            assertThat(Arrays.stream(f.values()).sum()).isEqualTo(sum); // value = their sum
            assertThat(f.timestamps()).isSorted();
            // At most one tick per period, the last record the close's partial one. The k-th tick is due k periods
            // after the registry started and is never early (a late timer catches up, so single gaps may be short).
            // How many of the ~20 came before the close is the machine's to say: under load (15 on 2 cores) the
            // timer thread waited through all but 2 of them; the counts above show that none was lost meanwhile.
            int ticks = f.size() - 1;
            long periods = (closed - created) / 10_000_000L;
            assertThat(ticks).isBetween(1, (int) periods + 1);
            for (int k = 0; k < ticks; k++) {
                assertThat(f.timestamp(k) - created).as("tick %d", k + 1).isGreaterThanOrEqualTo((k + 1) * 10_000_000L);
            }
        }
    }

    @Test
    void multiThreadedCounterIsExactWithSeveralThreads() throws Exception {
        int threads = 4;
        int perThread = 300_000;
        try (Channels channels = Channels.create(
                json("{'rate': {'handler': 'periodic-counter', 'period': '5ms', 'threads': 'multi', 'then': " + RAW
                        + "}}"),
                dir)) {
            Channel c = channels.open("rate");
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> ts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final long base = t;
                Thread th = new Thread(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (int i = 0; i < perThread; i++) {
                        c.log(i, base + 1);
                        if (i % 50_000 == 0) {
                            try {
                                Thread.sleep(3);
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                    }
                });
                th.start();
                ts.add(th);
            }
            start.countDown();
            for (Thread th : ts) {
                th.join();
            }
            channels.close();
            ChannelFile f = ChannelFile.read(c.file());
            assertThat(Arrays.stream(f.ids()).sum()).isEqualTo((long) threads * perThread);
            assertThat(Arrays.stream(f.values()).sum()).isEqualTo((long) perThread * (1 + 2 + 3 + 4));
            assertThat(f.size()).isGreaterThanOrEqualTo(2);
        }
    }

    @Test
    void composedChainsFilterThenCount() {
        // xoy(1, 4) keeps ids 0, 4, 8, ...: 250 of 1000, then a counter counts them
        ChannelFile f = logIds(
                "{'handler': 'xoy', 'x': 1, 'y': 4, 'then': {'handler': 'periodic-counter', 'period': '1s', 'threads': 'single', 'then': "
                        + RAW + "}}",
                1000);
        assertThat(Arrays.stream(f.ids()).sum()).isEqualTo(250);
        assertThat(Arrays.stream(f.values()).sum())
                .isEqualTo(10 * LongStream.range(0, 250).map(k -> 4 * k).sum());
    }

    @Test
    void headerNamesTheChannelCompressionAndNormalisedChain() {
        ChannelFile f = logIds("{'handler': 'xoy', 'x': 1, 'y': 64}", 128);
        assertThat(f.channel()).isEqualTo("c");
        assertThat(f.compression()).isEqualTo(Compression.ZSTD);
        assertThat(f.header().path("handler").path("then").path("handler").asText())
                .isEqualTo("buffered");
        assertThat(f.header().path("handler").path("then").path("level").asInt())
                .isEqualTo(1);
        assertThat(f.header().path("clock").path("epochNanos").asLong()).isPositive();
        assertThat(f.ids()).containsExactly(0, 64);
    }

    @Test
    void unconfiguredChannelsGetTheStarEntryOrBuffered() {
        try (Channels channels = Channels.create(json("{'*': {'handler': 'buffered', 'compression': 'lz4'}}"), dir)) {
            Channel c = channels.open("anything");
            assertThat(channels.open("anything")).isSameAs(c);
            c.log(1, 2);
            channels.close();
            assertThat(c.file()).isEqualTo(dir.resolve("anything.bin.lz4").toAbsolutePath());
            assertThat(ChannelFile.read(c.file()).ids()).containsExactly(1);
        }
        Path other = dir.resolve("d");
        try (Channels channels = Channels.create((JsonNode) null, other)) {
            Channel c = channels.open("t");
            c.log(1, 2);
            channels.close();
            assertThat(c.file().getFileName().toString()).isEqualTo("t.bin.zst");
            assertThat(ChannelFile.read(c.file()).size()).isEqualTo(1);
        }
    }
}
