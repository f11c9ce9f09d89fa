package dev.evperf.monitor.channel;

import static dev.evperf.monitor.channel.HandlerSelectionTest.json;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** buffered + zstd / lz4 / none, several threads logging at once, read back through ChannelFile. */
class BufferedRoundTripTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"none", "zstd", "lz4"})
    void everyRecordOnceInPerThreadOrder(String compression) throws Exception {
        int threads = 4;
        int perThread = 250_000;
        // Small blocks and a small pool: many hand-overs, blocks recycled many times, logging threads
        // that wait for the writer.
        String cfg = "{'t': {'handler': 'buffered', 'compression': '" + compression + "', 'file': 'sub/t.chan', "
                + "'block_records': 1000, 'max_blocks': 6}}";
        Channel c;
        try (Channels channels = Channels.create(json(cfg), dir)) {
            c = channels.open("t");
            CountDownLatch start = new CountDownLatch(1);
            List<Thread> ts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final long thread = t;
                Thread th = new Thread(() -> {
                    try {
                        start.await();
                    } catch (InterruptedException e) {
                        return;
                    }
                    for (long i = 0; i < perThread; i++) {
                        if ((i & 1) == 0) {
                            c.log(thread << 40 | i, i * 7 + thread);
                        } else {
                            c.log(System.nanoTime(), thread << 40 | i, i * 7 + thread);
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
        } // close: drains the queue and closes the file
        ChannelFile f = ChannelFile.read(dir.resolve("sub/t.chan"));
        assertThat(f.complete()).isTrue();
        assertThat(f.compression().id()).isEqualTo(compression);
        assertThat(f.channel()).isEqualTo("t");
        assertThat(f.size()).isEqualTo(threads * perThread);
        long[] next = new long[threads];
        long[] lastTs = new long[threads];
        for (int k = 0; k < f.size(); k++) {
            int thread = (int) (f.id(k) >>> 40);
            long i = f.id(k) & ((1L << 40) - 1);
            assertThat(i).as("record %d of thread %d", k, thread).isEqualTo(next[thread]); // once, in order
            assertThat(f.value(k)).isEqualTo(i * 7 + thread);
            assertThat(f.timestamp(k)).isGreaterThanOrEqualTo(lastTs[thread]);
            lastTs[thread] = f.timestamp(k);
            next[thread]++;
        }
        assertThat(next).containsOnly(perThread);
        if (!compression.equals("none")) {
            // rows of [timestamp, id, value]: zstd about 1/3, lz4 about 1/2 of the raw size
            assertThat(Files.size(dir.resolve("sub/t.chan"))).isLessThan((long) threads * perThread * 24 * 3 / 4);
        }
        assertThat(c.recordsWritten()).isEqualTo((long) threads * perThread);
    }

    @Test
    void aPartialBlockOfALiveThreadIsWrittenAtClose() {
        Channel c;
        try (Channels channels = Channels.create(json("{'t': {'handler': 'buffered', 'compression': 'lz4'}}"), dir)) {
            c = channels.open("t");
            for (long i = 0; i < 10_000 + 17; i++) { // one full block (8192 records) and a partial one
                c.log(i, i);
            }
        }
        ChannelFile f = ChannelFile.read(c.file());
        assertThat(f.size()).isEqualTo(10_017);
        assertThat(f.id(10_016)).isEqualTo(10_016);
    }

    @Test
    void recordsOfAThreadThatEndedAreWrittenBeforeClose() throws Exception {
        try (Channels channels = Channels.create(json("{'t': {'handler': 'buffered', 'compression': 'none'}}"), dir)) {
            Channel c = channels.open("t");
            Thread th = new Thread(() -> {
                for (long i = 0; i < 10; i++) {
                    c.log(i, i);
                }
            });
            th.start();
            th.join();
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (c.recordsWritten() < 10 && System.nanoTime() < deadline) {
                Thread.sleep(20); // the writer looks for ended threads about once a second
            }
            assertThat(c.recordsWritten()).isEqualTo(10);
        }
    }

    @Test
    void loggingAfterCloseIsHarmlessAndNotWritten() {
        Channel c;
        try (Channels channels = Channels.create(
                json("{'t': {'handler': 'buffered', 'compression': 'zstd', 'block_records': 100}}"), dir)) {
            c = channels.open("t");
            for (long i = 0; i < 150; i++) {
                c.log(i, i);
            }
        }
        for (long i = 150; i < 1000; i++) {
            c.log(i, i); // sealed: dropped, the thread keeps going
        }
        c.close(); // idempotent
        ChannelFile f = ChannelFile.read(c.file());
        assertThat(f.size()).isEqualTo(150);
        assertThat(f.complete()).isTrue();
        assertThat(c.droppedAfterClose()).isGreaterThan(0);
    }

    @Test
    void closingOneChannelLeavesTheOthersOpen() {
        try (Channels channels =
                Channels.create(json("{'a': {'handler': 'buffered'}, 'b': {'handler': 'buffered'}}"), dir)) {
            Channel a = channels.open("a");
            Channel b = channels.open("b");
            a.log(1, 1);
            b.log(2, 2);
            a.close();
            assertThat(ChannelFile.read(a.file()).complete()).isTrue();
            b.log(3, 3);
            channels.close();
            assertThat(ChannelFile.read(b.file()).ids()).containsExactly(2, 3);
        }
    }

    @Test
    void aTruncatedFileReadsUpToItsLastWholeBlock() throws Exception {
        Channel c;
        try (Channels channels = Channels.create(
                json("{'t': {'handler': 'buffered', 'compression': 'zstd', 'block_records': 100}}"), dir)) {
            c = channels.open("t");
            for (long i = 0; i < 1000; i++) {
                c.log(i, i);
            }
        }
        byte[] all = Files.readAllBytes(c.file());
        Path cut = dir.resolve("cut.bin.zst");
        Files.write(cut, java.util.Arrays.copyOf(all, all.length - 30)); // end marker and part of the last block gone
        ChannelFile f = ChannelFile.read(cut);
        assertThat(f.complete()).isFalse();
        assertThat(f.size()).isEqualTo(900);
        assertThat(f.id(899)).isEqualTo(899);
    }

    @ParameterizedTest
    @ValueSource(strings = {"none", "zstd"})
    void closingWhileThreadsLogKeepsAGaplessPrefixOfEveryThread(String compression) throws Exception {
        int threads = 3;
        String cfg = "{'t': {'handler': 'buffered', 'compression': '" + compression
                + "', 'block_records': 500, 'max_blocks': 8}}";
        Channels channels = Channels.create(json(cfg), dir);
        Channel c = channels.open("t");
        long[] logged = new long[threads];
        java.util.concurrent.atomic.AtomicBoolean stop = new java.util.concurrent.atomic.AtomicBoolean();
        CountDownLatch running = new CountDownLatch(threads);
        List<Thread> ts = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            final int thread = t;
            Thread th = new Thread(() -> {
                long i = 0;
                for (; !stop.get(); i++) {
                    c.log((long) thread << 40 | i, i);
                    if (i == 100_000) {
                        running.countDown();
                    }
                }
                logged[thread] = i;
            });
            th.start();
            ts.add(th);
        }
        running.await();
        channels.close(); // the threads keep logging through and after the close
        // until a record logged after the close was dropped: on a busy machine the threads may not
        // run at all between the close and a stop set at once
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (c.droppedAfterClose() == 0 && System.nanoTime() < deadline) {
            Thread.sleep(1);
        }
        stop.set(true);
        for (Thread th : ts) {
            th.join();
        }
        long[] next = new long[threads];
        ChannelFile.Summary summary = ChannelFile.scan(c.file(), (ts2, id, v) -> {
            int thread = (int) (id >>> 40);
            long i = id & ((1L << 40) - 1);
            if (i != next[thread] || v != i) {
                throw new AssertionError("thread " + thread + ": expected " + next[thread] + ", got " + i);
            }
            next[thread]++;
        });
        assertThat(summary.complete()).isTrue();
        for (int t = 0; t < threads; t++) {
            assertThat(next[t])
                    .as("thread %d wrote a prefix", t)
                    .isGreaterThan(100_000)
                    .isLessThanOrEqualTo(logged[t]);
        }
        assertThat(c.droppedAfterClose()).isPositive();
    }

    @Test
    void moreLoggingThreadsThanPooledBlocks() throws Exception {
        int threads = 6;
        int perThread = 20_000;
        Channel c;
        try (Channels channels = Channels.create(
                json("{'t': {'handler': 'buffered', 'compression': 'lz4', 'block_records': 100, 'max_blocks': 2}}"),
                dir)) {
            c = channels.open("t");
            List<Thread> ts = new ArrayList<>();
            for (int t = 0; t < threads; t++) {
                final long thread = t;
                Thread th = new Thread(() -> {
                    for (long i = 0; i < perThread; i++) {
                        c.log(thread << 40 | i, i);
                    }
                });
                th.start();
                ts.add(th);
            }
            for (Thread th : ts) {
                th.join(30_000);
                assertThat(th.isAlive())
                        .as("a logging thread is stuck waiting for a block")
                        .isFalse();
            }
        }
        long[] next = new long[threads];
        ChannelFile.scan(c.file(), (ts2, id, v) -> {
            int thread = (int) (id >>> 40);
            assertThat(id & ((1L << 40) - 1)).isEqualTo(next[thread]++);
        });
        assertThat(next).containsOnly(perThread);
    }
}
