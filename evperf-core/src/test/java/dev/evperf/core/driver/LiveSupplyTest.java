package dev.evperf.core.driver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.api.InputHandle;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.workload.Workload.MaxDef;
import dev.evperf.core.workload.Workload.PhaseDef;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.Test;

class LiveSupplyTest {
    /** Events 0..n-1, each its own array holding its number; null after. */
    static Supplier<Object[]> counting(long n) {
        long[] next = {0};
        return () -> next[0] < n ? new Object[] {next[0]++, null} : null;
    }

    static Object[] take(LiveSupply f, int sender) {
        Object[] e = f.poll(sender);
        return e != null ? e : f.await(sender);
    }

    @Test
    void eachSenderTakesItsShareInSeqOrderThroughRingsSmallerThanTheRun() throws Exception {
        int events = 10_000;
        try (LiveSupply f = new LiveSupply(counting(events), 2, 16)) {
            f.start();
            List<CompletableFuture<List<Long>>> shares = new ArrayList<>();
            for (int k = 0; k < 2; k++) {
                int sender = k;
                shares.add(CompletableFuture.supplyAsync(() -> {
                    List<Long> got = new ArrayList<>();
                    for (int i = 0; i < events / 2; i++) got.add((Long) take(f, sender)[0]);
                    return got;
                }));
            }
            for (int k = 0; k < 2; k++) {
                List<Long> got = shares.get(k).get(60, TimeUnit.SECONDS);
                assertThat(got).hasSize(events / 2);
                for (int i = 0; i < got.size(); i++) assertThat(got.get(i)).isEqualTo(2L * i + k);
            }
        }
    }

    /** Two senders send a run of live events across chunks: each event once, with its seq, and timed. */
    @Test
    void theDriverSendsLiveEventsWithTheirSeqOnTheirSchedule() throws Exception {
        int n = 1000;
        PhaseDef p = new PhaseDef();
        p.max = new MaxDef();
        p.max.count = n;
        Schedule s = Schedule.of(List.of(p));
        Object[][] sent = new Object[n][];
        InputHandle input = e -> sent[(int) (long) (Long) e[1]] = e;
        long origin = System.nanoTime();
        List<long[]> times = new ArrayList<>();
        EventSupply[] cycle = new EventSupply[1];
        try (LiveSupply live = new LiveSupply(counting(n), 2, 8);
                EventSupply supply = new EventSupply(
                        s.cursor(0),
                        false,
                        1,
                        2,
                        new EventMaker(live, 1),
                        input,
                        c -> {
                            synchronized (times) { // the last sender to finish a chunk passes it on: either thread
                                for (int r = 0; r < c.size; r++) times.add(new long[] {c.sendStart(r), c.sendEnd(r)});
                            }
                            cycle[0].recycle(c);
                        },
                        128,
                        3)) {
            cycle[0] = supply;
            live.start();
            supply.prefill();
            EventMaker maker = new EventMaker(live, 1);
            List<CompletableFuture<Void>> senders = new ArrayList<>();
            for (int k = 0; k < 2; k++) {
                int sender = k;
                senders.add(CompletableFuture.runAsync(
                        () -> Driver.run(input, supply, sender, maker, origin, new SendState())));
            }
            for (var f : senders) f.get(60, TimeUnit.SECONDS);
        }
        for (int i = 0; i < n; i++) assertThat(sent[i]).containsExactly((long) i, (long) i);
        assertThat(times)
                .hasSize(n)
                .allSatisfy(t -> assertThat(t[1]).isGreaterThanOrEqualTo(t[0]).isPositive());
    }

    @Test
    void aSenderWaitsForASlowSourceAndTheWaitIsCounted() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        Supplier<Object[]> counting = counting(10);
        long[] made = {0};
        Supplier<Object[]> slow = () -> {
            if (made[0]++ == 4) {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return counting.get();
        };
        try (LiveSupply f = new LiveSupply(slow, 1, 4)) {
            f.start(); // the ring (4) is full: events 0-3
            for (long i = 0; i < 4; i++) assertThat(f.poll(0)[0]).isEqualTo(i);
            assertThat(f.waits()).isZero();
            assertThat(f.poll(0)).isNull();
            CompletableFuture<Object[]> fifth = CompletableFuture.supplyAsync(() -> f.await(0));
            release.countDown();
            assertThat(fifth.get(60, TimeUnit.SECONDS)[0]).isEqualTo(4L);
            assertThat(f.waits()).isEqualTo(1);
        }
    }

    @Test
    void aSourceThatEndsBeforeTheScheduleOrFailsStopsTheSenderWithWhatHappened() throws Exception {
        try (LiveSupply f = new LiveSupply(counting(3), 1, 8)) {
            f.start();
            for (int i = 0; i < 3; i++) take(f, 0);
            assertThatThrownBy(() -> take(f, 0)).hasMessage("the live source ended before the schedule");
        }
        long[] made = {0};
        try (LiveSupply f = new LiveSupply(
                () -> {
                    if (made[0]++ == 2) throw new IllegalArgumentException("bad tick");
                    return new Object[1];
                },
                1,
                8)) {
            assertThatThrownBy(f::start)
                    .hasMessageContaining("the live source failed")
                    .hasMessageContaining("bad tick");
        }
    }
}
