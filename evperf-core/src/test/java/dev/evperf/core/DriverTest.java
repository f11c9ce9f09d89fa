package dev.evperf.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.api.InputHandle;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.EngineErrors;
import dev.evperf.core.driver.EventChunk;
import dev.evperf.core.driver.EventMaker;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.OutputChunk;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.driver.SendState;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.Workload.MaxDef;
import dev.evperf.core.workload.Workload.PhaseDef;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

class DriverTest {
    /** Send times of every event, copied from the chunks as the senders finish them (the records writer's place). */
    static final class Collected {
        final long[] start, end, intended;
        EventSupply supply;
        int chunks;

        Collected(int n) {
            start = new long[n];
            end = new long[n];
            intended = new long[n];
        }

        void take(EventChunk c) {
            chunks++;
            for (int r = 0; r < c.size; r++) {
                int seq = (int) (c.first + r);
                start[seq] = c.sendStart(r);
                end[seq] = c.sendEnd(r);
                intended[seq] = c.intended[r] + supply.base();
            }
            supply.recycle(c);
        }
    }

    static Schedule max(int n) {
        PhaseDef p = new PhaseDef();
        p.max = new MaxDef();
        p.max.count = n;
        return Schedule.of(List.of(p));
    }

    static EventMaker pool() {
        Object[][] pool = new Object[7][];
        for (int i = 0; i < pool.length; i++) pool[i] = new Object[] {null, "row" + i};
        return new EventMaker(pool, 0);
    }

    @Test
    void recordsSendTimesAndOutputsOfASynchronousEngineAcrossChunks() throws Exception {
        int n = 1000;
        Schedule s = max(n);
        long origin = System.nanoTime();
        OutputRecords out = new OutputRecords(n, origin, 256, 4);
        SendState state = new SendState();
        var listener = out.listener(0, 0, OutputRecords.Delivery.SENDING_THREAD, state);
        Object[][] sent = new Object[n][];
        InputHandle input = e -> {
            sent[(int) (long) (Long) e[0]] = e;
            listener.onOutput(e);
        };
        Collected got = new Collected(n);
        // Chunks of 128 events, 3 in the cycle: the senders go round it several times.
        try (EventSupply supply = new EventSupply(s.cursor(0), false, 1, 1, pool(), input, got::take, 128, 3)) {
            got.supply = supply;
            supply.prefill();
            Driver.run(input, supply, 0, pool(), origin, state);
        }
        assertThat(got.chunks).isEqualTo(8);
        assertThat(out.recorded()).isEqualTo(n);
        for (int i = 0; i < n; i++) {
            // Each event made at send time: its own array, with its seq and its pool row.
            assertThat(sent[i]).containsExactly((long) i, "row" + (i % 7));
            if (i > 0) assertThat(sent[i]).isNotSameAs(sent[i - 1]);
            OutputChunk c = out.chunkOf(i);
            int k = out.indexIn(i);
            assertThat(c.seq[k]).isEqualTo(i);
            assertThat(c.declared[k]).isEqualTo(i);
            assertThat(c.link[k]).isEqualTo((byte) OutputRecords.Link.SEND.ordinal());
            assertThat(got.start[i]).isLessThanOrEqualTo(c.received[k]);
            assertThat(c.received[k]).isLessThanOrEqualTo(got.end[i]);
            // One clock read per event in a burst; a fresh one at each chunk's start.
            if (i > 0 && i % 128 != 0) assertThat(got.start[i]).isEqualTo(got.end[i - 1]);
            if (i > 0 && i % 128 == 0) assertThat(got.start[i]).isGreaterThanOrEqualTo(got.end[i - 1]);
        }
    }

    @Test
    void waitsForTheAbsoluteScheduleAndCountsOutputsBeyondCapacity() throws Exception {
        PhaseDef p = new PhaseDef();
        p.constant = new dev.evperf.core.workload.Workload.ConstantDef();
        p.constant.rate = 500; // every 2 ms
        p.constant.count = 5L;
        Schedule s = Schedule.of(List.of(p));
        long origin = System.nanoTime();
        OutputRecords out = new OutputRecords(3, origin, 4, 2);
        SendState state = new SendState();
        var l = out.listener(0, 0, OutputRecords.Delivery.SENDING_THREAD, state);
        InputHandle input = e -> {
            l.onOutput(e);
            l.onOutput(e);
        };
        Collected got = new Collected(5);
        try (EventSupply supply = new EventSupply(s.cursor(0), false, 1, 1, pool(), input, got::take, 2, 2)) {
            got.supply = supply;
            supply.base(System.nanoTime() - origin + 1_000_000);
            supply.prefill();
            Driver.run(input, supply, 0, pool(), origin, state);
        }
        for (int i = 0; i < 5; i++) {
            assertThat(got.start[i]).isGreaterThanOrEqualTo(got.intended[i]);
            if (i > 0) assertThat(got.intended[i] - got.intended[i - 1]).isEqualTo(2_000_000L);
        }
        assertThat(out.count()).isEqualTo(10);
        assertThat(out.recorded()).isEqualTo(3);
    }

    /**
     * A sender that finds its next chunk not filled counts a wait for the phase of the events it waited
     * for; waiting for the supply to find the schedule's end is no wait for events and is not counted.
     * The records writer here gives chunks back 500 ms late from the second phase on, so the supply (two
     * chunks in its cycle) cannot fill the fifth chunk before the sender asks for it.
     */
    @Test
    @Timeout(20)
    void countsWaitsForTheSupplyByPhaseAndNotTheWaitForTheEnd() throws Exception {
        PhaseDef warm = new PhaseDef(), measured = new PhaseDef();
        warm.max = new MaxDef();
        warm.max.count = 200;
        measured.max = new MaxDef();
        measured.max.count = 300;
        Schedule s = Schedule.of(List.of(warm, measured));
        long origin = System.nanoTime();
        InputHandle input = e -> {};
        var writer = Executors.newSingleThreadScheduledExecutor();
        try {
            LateWriter late = new LateWriter(writer, 1);
            try (EventSupply run = new EventSupply(s.cursor(0), false, 1, 1, pool(), input, late::take, 100, 2)) {
                late.supply = run;
                run.prefill();
                Driver.run(input, run, 0, pool(), origin, new SendState());
                assertThat(run.waitsByPhase()).hasSize(2);
                assertThat(run.waitsByPhase()[0]).isZero();
                assertThat(run.waitsByPhase()[1]).isPositive();
                assertThat(run.waits()).isEqualTo(run.waitsByPhase()[1]);
            }
            // One chunk in the cycle, given back late: the sender's only wait is for the supply to find the end.
            Schedule one = max(100);
            LateWriter slow = new LateWriter(writer, 0);
            try (EventSupply run = new EventSupply(one.cursor(0), false, 1, 1, pool(), input, slow::take, 100, 1)) {
                slow.supply = run;
                run.prefill();
                Driver.run(input, run, 0, pool(), origin, new SendState());
                assertThat(run.waits()).isZero();
                assertThat(run.waitsByPhase()).isEmpty();
            }
        } finally {
            writer.shutdownNow();
        }
    }

    /** A records writer that gives chunks of phase {@code lateFrom} on back to the supply 500 ms late. */
    static final class LateWriter {
        final ScheduledExecutorService writer;
        final int lateFrom;
        volatile EventSupply supply;

        LateWriter(ScheduledExecutorService writer, int lateFrom) {
            this.writer = writer;
            this.lateFrom = lateFrom;
        }

        void take(EventChunk c) {
            EventSupply to = supply;
            writer.schedule(() -> to.recycle(c), c.phase[0] >= lateFrom ? 500 : 0, TimeUnit.MILLISECONDS);
        }
    }

    /**
     * The records writer's loop once the outputs reach the capacity inside a chunk: the chunk that
     * ends at the capacity is written once and never given again (it was, with its slots cleared,
     * and the writer then waited for them for ever: a multi-query trial hung in RecordSpill.finish).
     */
    @Test
    @Timeout(value = 60, threadMode = Timeout.ThreadMode.SEPARATE_THREAD) // before the fix it waited for ever
    void aChunkEndingAtTheCapacityIsWrittenOnce() {
        OutputRecords out = new OutputRecords(6, System.nanoTime(), 4, 2);
        SendState state = new SendState();
        var l = out.listener(0, -1, OutputRecords.Delivery.SENDING_THREAD, state);
        int written = 0;
        for (int i = 0; i < 9; i++) {
            l.onOutput(new Object[] {i});
            for (OutputChunk c; (c = out.nextFull(false)) != null; ) {
                written += c.size;
                out.written(c);
            }
        }
        assertThat(written).isEqualTo(6);
        assertThat(out.nextFull(true)).isNull();
        assertThat(out.count()).isEqualTo(9);
        assertThat(out.recorded()).isEqualTo(6);
    }

    @Test
    void capacityModeTimesOneSendInKAndTheOutputsOfThoseOnly() throws Exception {
        int n = 1000, every = 64;
        Schedule s = max(n);
        long origin = System.nanoTime();
        OutputRecords out = new OutputRecords(n, origin, 256, 4);
        out.sample(every);
        SendState state = new SendState();
        var listener = out.listener(0, 0, OutputRecords.Delivery.SENDING_THREAD, state);
        InputHandle input = listener::onOutput;
        Collected got = new Collected(n);
        try (EventSupply supply = new EventSupply(
                s.cursor(0),
                false,
                1,
                1,
                pool(),
                input,
                c -> {
                    for (int r = 0; r < c.size; r++) {
                        // untimed rows carry no send time (the chunk's send end is 0 until a timed send writes it)
                        if (c.timed[r] == 0) assertThat(c.sendEnd(r)).isZero();
                    }
                    got.take(c);
                },
                128,
                3)) {
            got.supply = supply;
            supply.sample(every, n - 1);
            supply.prefill();
            Driver.run(input, supply, 0, pool(), origin, state);
        }
        assertThat(out.count()).isEqualTo(n);
        long timed = (n + every - 1) / every + 1; // 0, 64, …, 960 and the last event
        assertThat(out.recorded()).isEqualTo(timed);
        for (int k = 0; k < timed; k++) {
            OutputChunk c = out.chunkOf(k);
            int i = out.indexIn(k);
            long seq = k < timed - 1 ? (long) k * every : n - 1;
            assertThat(c.seq[i]).isEqualTo(seq);
            assertThat(got.start[(int) seq]).isPositive().isLessThanOrEqualTo(c.received[i]);
            assertThat(c.received[i]).isLessThanOrEqualTo(got.end[(int) seq]);
        }
    }

    /**
     * Capacity mode with two senders over a flat-out phase and then a paced one: the untimed rows between two
     * timed ones go out in one run when all are due, one by one on their schedule otherwise. Every event is
     * sent once, by its sender, as its own array from its pool row, with its intended time and never before
     * it; a send that throws, in a run and in the paced phase, is counted and the sender goes on after it.
     */
    @Test
    @Timeout(60)
    void capacityModeSendsEachEventOnceOnItsScheduleInRunsOrOneByOne() throws Exception {
        int flat = 3000, paced = 400, n = flat + paced, every = 64, senders = 2;
        PhaseDef a = new PhaseDef();
        a.max = new MaxDef();
        a.max.count = flat;
        PhaseDef b = new PhaseDef();
        b.constant = new Workload.ConstantDef();
        b.constant.rate = 20_000;
        b.constant.count = (long) paced;
        Schedule s = Schedule.of(List.of(a, b));
        long origin = System.nanoTime();
        Object[][] sent = new Object[n][];
        long[] sentAt = new long[n], intendedPassed = new long[n];
        java.util.concurrent.atomic.AtomicIntegerArray sends = new java.util.concurrent.atomic.AtomicIntegerArray(n);
        int[] sender = new int[n];
        long[] failing = {1001, 3101}; // untimed rows: in a run of the flat phase, and paced
        InputHandle input = new InputHandle() {
            public void send(Object[] e) {
                throw new AssertionError("the driver passes seq and intended time");
            }

            @Override
            public void send(Object[] e, long seq, long intendedNanos) {
                int i = (int) seq;
                sentAt[i] = System.nanoTime();
                sent[i] = e;
                intendedPassed[i] = intendedNanos;
                sender[i] = Thread.currentThread().getName().endsWith("1") ? 1 : 0;
                sends.incrementAndGet(i);
                if (seq == failing[0] || seq == failing[1]) throw new IllegalStateException("refused " + seq);
            }
        };
        long[] intended = new long[n], start = new long[n], end = new long[n];
        byte[] timed = new byte[n];
        EventSupply[] holder = new EventSupply[1];
        java.util.function.Consumer<EventChunk> copy = c -> {
            for (int r = 0; r < c.size; r++) {
                int i = (int) (c.first + r);
                intended[i] = origin + holder[0].base() + c.intended[r]; // the driver's nanoTime
                timed[i] = c.timed[r];
                start[i] = c.sendStart(r);
                end[i] = c.sendEnd(r);
            }
            holder[0].recycle(c);
        };
        EngineErrors errors = new EngineErrors();
        try (EventSupply supply = new EventSupply(s.cursor(0), false, 1, senders, pool(), input, copy, 256, 4)) {
            holder[0] = supply;
            supply.sample(every, s.phaseEnds());
            supply.prefill();
            Thread[] threads = new Thread[senders];
            Throwable[] failed = new Throwable[senders];
            for (int k = 0; k < senders; k++) {
                int me = k;
                threads[k] = new Thread(
                        () -> {
                            try {
                                Driver.run(input, supply, me, pool(), origin, new SendState(), errors);
                            } catch (Throwable t) {
                                failed[me] = t;
                            }
                        },
                        "sender-" + k);
                threads[k].start();
            }
            for (Thread t : threads) t.join();
            assertThat(failed).containsOnlyNulls();
        }
        assertThat(errors.count()).isEqualTo(2);
        for (int i = 0; i < n; i++) {
            assertThat(sends.get(i)).as("sends of event %d", i).isEqualTo(1);
            assertThat(sender[i]).as("sender of event %d", i).isEqualTo(i % senders);
            assertThat(sent[i]).containsExactly((long) i, "row" + (i % 7));
            assertThat(intendedPassed[i]).as("intended time of %d", i).isEqualTo(intended[i]);
            assertThat(sentAt[i])
                    .as("event %d sent before its intended time", i)
                    .isGreaterThanOrEqualTo(intended[i]);
            boolean isFailing = i == failing[0] || i == failing[1];
            if (timed[i] != 0) {
                assertThat(start[i]).as("send start of timed %d", i).isPositive();
                assertThat(end[i]).as("send end of timed %d", i).isGreaterThanOrEqualTo(start[i]);
                assertThat(sentAt[i] - origin).isBetween(start[i], end[i]);
            } else if (!isFailing) {
                assertThat(end[i]).as("send end of untimed %d", i).isZero();
            }
        }
        // 0, 64, ..., 3392 and each phase's first and last event (0 is a multiple of 64)
        long timedRows = 0;
        for (byte t : timed) timedRows += t;
        assertThat(timedRows).isEqualTo((n + every - 1) / every + 3);
        assertThat(List.of(timed[flat - 1], timed[flat], timed[n - 1])).containsOnly((byte) 1);
        assertThat(timed[(int) failing[0]]).isZero();
        assertThat(timed[(int) failing[1]]).isZero();
    }
}
