package dev.evperf.jmh;

import com.sun.management.OperatingSystemMXBean;
import dev.evperf.api.Engine;
import dev.evperf.api.InputHandle;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.EngineErrors;
import dev.evperf.core.driver.EventMaker;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.driver.SendState;
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
 *     events per batch (made at send time from a trial's supply), into the null engine, without or
 *     with the trial's {@code EngineErrors} (the driver re-enters its loop after a send that threw); the median
 *     over batches of the sending thread's CPU time per event (a descheduled thread uses no CPU).
 *     Run the two in two JVMs at the same time, so both see the same machine.</li>
 * <li>{@code waiters}: {@link Waiter#awaitUntil} and the wait without the stall check, alternately
 *     in one JVM: the median of (return − due) over many 2 µs waits, the wake-up's lateness, which
 *     a preemption moves only in the tail.</li>
 * <li>{@code nexmark}: {@link NexmarkGeneratorBenchmark#event}'s work (event k's kind and row, k in
 *     sequence) in batches of 10 M events: the median over batches of the generating thread's CPU time
 *     per event, and of the whole process's (which adds the collector's and compiler's threads; procfs
 *     counts it in 10 ms ticks, 1 ns per event at this batch size).</li>
 * </ul>
 * Usage: {@code java -cp "target/evperf-jmh.jar:target/lib/*" dev.evperf.jmh.CpuTimeCheck raw|trial|waiters|nexmark [batches]}.
 */
public final class CpuTimeCheck {
    private CpuTimeCheck() {}

    public static void main(String[] args) throws Exception {
        int batches = args.length > 1 ? Integer.parseInt(args[1]) : 300;
        switch (args[0]) {
            case "raw", "trial" -> driver(args[0].equals("trial"), batches);
            case "waiters" -> waiters(batches * 1000);
            case "nexmark" -> nexmark(batches);
            default -> throw new IllegalArgumentException("raw, trial, waiters or nexmark, not " + args[0]);
        }
    }

    static void driver(boolean trial, int batches) throws Exception {
        int n = DriverLoopBenchmark.BATCH;
        try (Engine engine = Engines.get("null").open(Fixtures.passThrough("null"))) {
            InputHandle input = engine.input(Fixtures.INPUT);
            long origin = System.nanoTime();
            // Two chunks of 64 Ki slots hold a batch's outputs without a writer.
            OutputRecords records = new OutputRecords(n, origin, 1 << 16, 2);
            SendState state = new SendState();
            engine.subscribe(
                    Fixtures.OUTPUT,
                    records.listener(
                            0,
                            engine.outputFields(Fixtures.OUTPUT).indexOf("id"),
                            OutputRecords.Delivery.SENDING_THREAD,
                            state));
            EngineErrors errors = new EngineErrors();
            engine.onError(errors);
            EventMaker maker = new EventMaker(Fixtures.pool(), Fixtures.SEQ_INDEX);
            ThreadMXBean mx = ManagementFactory.getThreadMXBean();
            double[] perEvent = new double[batches];
            for (int b = -50; b < batches; b++) { // 50 batches of warm-up: compiled before measuring
                records.reset();
                try (EventSupply supply = Fixtures.supply(input, maker, n)) { // filled before the clock starts
                    long c0 = mx.getCurrentThreadCpuTime();
                    Driver.run(input, supply, 0, maker, origin, state, trial ? errors : null);
                    if (b >= 0) perEvent[b] = (mx.getCurrentThreadCpuTime() - c0) / (double) n;
                }
                if (records.recorded() != n) throw new IllegalStateException("lost outputs: " + records.recorded());
            }
            Arrays.sort(perEvent);
            System.out.printf(
                    Locale.ROOT,
                    "%s: median thread CPU time per event %.2f ns (p25 %.2f, p75 %.2f) over %d batches of %d%n",
                    trial ? "trial" : "raw",
                    perEvent[batches / 2],
                    perEvent[batches / 4],
                    perEvent[3 * batches / 4],
                    batches,
                    n);
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
        System.out.printf(
                Locale.ROOT,
                "wake-up lateness over %d waits of 2 µs, ns: with the stall check median %d (p90 %d);"
                        + " without median %d (p90 %d)%n",
                waits,
                checked[waits / 2],
                checked[waits * 9 / 10],
                unchecked[waits / 2],
                unchecked[waits * 9 / 10]);
    }

    static void nexmark(int batches) {
        NexmarkGeneratorBenchmark g = new NexmarkGeneratorBenchmark();
        g.data = "{}";
        g.generator();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        var os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        int n = 10_000_000;
        double[] thread = new double[batches], process = new double[batches];
        for (int b = -3; b < batches; b++) { // 3 batches of warm-up
            long c0 = mx.getCurrentThreadCpuTime(), p0 = os.getProcessCpuTime();
            Object last = null;
            for (int i = 0; i < n; i++) {
                last = g.event();
            }
            long c1 = mx.getCurrentThreadCpuTime(), p1 = os.getProcessCpuTime();
            if (last == null) throw new IllegalStateException();
            if (b >= 0) {
                thread[b] = (c1 - c0) / (double) n;
                process[b] = (p1 - p0) / (double) n;
            }
        }
        Arrays.sort(thread);
        Arrays.sort(process);
        System.out.printf(
                Locale.ROOT,
                "nexmark generator: median CPU time per event %.1f ns on its thread (p25 %.1f, p75 %.1f), "
                        + "%.1f ns for the whole process, over %d batches of %d: %.1f M events per second of one core%n",
                thread[batches / 2],
                thread[batches / 4],
                thread[3 * batches / 4],
                process[batches / 2],
                batches,
                n,
                1e3 / process[batches / 2]);
    }

    /** WaiterBenchmark's baseline: the wait as it was before the stall check. */
    static long withoutStallCheck(long due) {
        long now;
        while ((now = System.nanoTime()) < due) {
            long left = due - now;
            if (left > 100_000) LockSupport.parkNanos(left - 100_000);
            else Thread.onSpinWait();
        }
        return now;
    }
}
