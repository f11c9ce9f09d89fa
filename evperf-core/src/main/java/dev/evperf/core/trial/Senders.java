package dev.evperf.core.trial;

import dev.evperf.api.InputHandle;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.EngineErrors;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.sensors.Descheduling;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Several sender threads, each with a round-robin share of the schedule (every N-th event, or
 * every N-th micro-batch), each keeping the absolute intended times of its share. Unbatched
 * senders record into columns of their own, so two threads never write the same cache line, and
 * the columns are merged into the trial's afterwards; batches are whole ranges of events, so
 * batched senders write the trial's columns directly.
 */
final class Senders {
    private Senders() {
    }

    static void run(int senders, InputHandle input, Object[][] events, Object[] batches, Schedule s, long origin,
                    long[] sendStart, long[] sendEnd, EngineErrors errors) throws InterruptedException {
        int n = s.size();
        CountDownLatch go = new CountDownLatch(1);
        AtomicReference<Throwable> failure = new AtomicReference<>();
        List<Thread> threads = new ArrayList<>();
        List<Runnable> merges = new ArrayList<>();
        for (int k = 0; k < senders; k++) {
            Runnable work;
            if (batches != null) {
                int[] order = share(s.batches(), k, senders);
                work = () -> errors.sendAllBatches(o -> Driver.runBatches(input, batches, o, s.batchFirst, s.batchDue, origin, sendStart, sendEnd),
                        order, s.batchFirst, sendStart, sendEnd, origin);
            } else {
                int[] mine = share(n, k, senders);
                Object[][] ev = new Object[mine.length][];
                long[] intended = new long[mine.length];
                long[] start = new long[mine.length];
                long[] end = new long[mine.length];
                for (int j = 0; j < mine.length; j++) {
                    ev[j] = events[mine[j]];
                    intended[j] = s.intended[mine[j]];
                }
                work = () -> errors.sendAll(from -> Driver.run(input, ev, intended, origin, start, end, from, ev.length),
                        0, ev.length, end, origin);
                merges.add(() -> {
                    for (int j = 0; j < mine.length; j++) {
                        sendStart[mine[j]] = start[j];
                        sendEnd[mine[j]] = end[j];
                    }
                });
            }
            Thread t = new Thread(() -> {
                try {
                    go.await();
                    Descheduling.begin();
                    work.run();
                    Descheduling.end();
                } catch (Throwable e) {
                    failure.compareAndSet(null, e);
                }
            }, "evperf-sender-" + k);
            threads.add(t);
            t.start();
        }
        go.countDown();
        for (Thread t : threads) t.join();
        if (failure.get() != null) {
            throw new TrialFailure("a sender thread failed: " + TrialRunner.reason(failure.get()));
        }
        merges.forEach(Runnable::run);
    }

    /** Indices k, k + senders, k + 2·senders, … below n. */
    static int[] share(int n, int k, int senders) {
        int[] out = new int[Math.max(0, (n - k + senders - 1) / senders)];
        for (int j = 0; j < out.length; j++) out[j] = k + j * senders;
        return out;
    }
}
