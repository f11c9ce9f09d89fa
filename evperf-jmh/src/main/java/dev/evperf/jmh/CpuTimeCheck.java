package dev.evperf.jmh;

import dev.evperf.api.Engine;
import dev.evperf.api.InputHandle;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.EngineErrors;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.driver.Waiter;
import dev.evperf.core.engine.Engines;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;

/**
 * For a machine too busy for JMH's wall-clock scores (other processes preempt the benchmark, and
 * the scores of two runs of one benchmark differ by 2x): figures that preemption does not move.
 * <ul>
 * <li>{@code raw} / {@code trial}: {@link DriverLoopBenchmark#driverWithRecords}'s loop, 100 000
 *     events per batch, into the null engine, called directly or as a trial calls it (through
 *     {@code EngineErrors.sendAll}, which re-enters the loop after a send that threw); the median
 *     over batches of the sending thread's CPU time per event (a descheduled thread uses no CPU).
 *     Run the two in two JVMs at the same time, so both see the same machine.</li>
 * <li>{@code waiters}: {@link Waiter#awaitUntil} and the wait without the stall check, alternately
 *     in one JVM: the median of (return − due) over many 2 µs waits, the wake-up's lateness, which
 *     a preemption moves only in the tail.</li>
 * </ul>
 * Usage: {@code java -cp "target/evperf-jmh.jar:target/lib/*" dev.evperf.jmh.CpuTimeCheck raw|trial|waiters [batches]}.
 */
public final class CpuTimeCheck {
    private CpuTimeCheck() {
    }

    public static void main(String[] args) throws Exception {
        int batches = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        switch (args[0]) {
            case "raw", "trial" -> driver(args[0].equals("trial"), batches);
            case "waiters" -> waiters(batches * 1000);
            default -> throw new IllegalArgumentException("raw, trial or waiters, not " + args[0]);
        }
    }

    static void driver(boolean trial, int batches) throws Exception {
        int n = DriverLoopBenchmark.BATCH;
        Object[][] events = new Object[n][];
        Fixtures.prepare(Fixtures.pool(), events, 0);
        try (Engine engine = Engines.get("null").open(Fixtures.passThrough("null"))) {
            InputHandle input = engine.input(Fixtures.INPUT);
            long origin = System.nanoTime();
            OutputRecords records = new OutputRecords(n, origin);
            engine.subscribe(Fixtures.OUTPUT, records.listener(0, engine.outputFields(Fixtures.OUTPUT).indexOf("id"),
                    OutputRecords.Delivery.SENDING_THREAD));
            EngineErrors errors = new EngineErrors();
            engine.onError(errors);
            InputHandle in = input;
            long[] intended = new long[n], start = new long[n], end = new long[n];
            Runnable loop = trial
                    ? () -> errors.sendAll(from -> Driver.run(in, events, intended, origin, start, end, from, n), 0, n, end, origin)
                    : () -> Driver.run(in, events, intended, origin, start, end);
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            double[] perEvent = new double[batches];
            for (int w = 0; w < 50; w++) {
                records.reset();
                loop.run(); // warm-up: compiled before measuring
            }
            for (int b = 0; b < batches; b++) {
                records.reset();
                long c0 = mx.getCurrentThreadCpuTime();
                loop.run();
                perEvent[b] = (mx.getCurrentThreadCpuTime() - c0) / (double) n;
                if (records.recorded() != n) throw new IllegalStateException("lost outputs: " + records.recorded());
            }
            Arrays.sort(perEvent);
            System.out.printf(Locale.ROOT, "%s: median thread CPU time per event %.2f ns (p25 %.2f, p75 %.2f) over %d batches of %d%n",
                    trial ? "trial" : "raw", perEvent[batches / 2], perEvent[batches / 4], perEvent[3 * batches / 4], batches, n);
        }
    }

    static void waiters(int waits) {
        long[] checked = new long[waits], unchecked = new long[waits];
        for (int round = 0; round < 2; round++) { // the first round warms both up
            for (int i = 0; i < waits; i++) {
                long due = System.nanoTime() + 2000;
                checked[i] = Waiter.awaitUntil(due) - due;
                due = System.nanoTime() + 2000;
                unchecked[i] = withoutStallCheck(due) - due;
            }
        }
        Arrays.sort(checked);
        Arrays.sort(unchecked);
        System.out.printf(Locale.ROOT, "wake-up lateness over %d waits of 2 µs, ns: with the stall check median %d (p90 %d);"
                + " without median %d (p90 %d)%n", waits, checked[waits / 2], checked[waits * 9 / 10],
                unchecked[waits / 2], unchecked[waits * 9 / 10]);
    }

    /** WaiterBenchmark's baseline: the wait as it was before the stall check. */
    static long withoutStallCheck(long due) {
        long now;
        while ((now = System.nanoTime()) < due) {
            long left = due - now;
            if (left > 100_000) LockSupport.parkNanos(left - 100_000); else Thread.onSpinWait();
        }
        return now;
    }
}
