package dev.evperf.jmh;

import dev.evperf.api.Engine;
import dev.evperf.api.InputHandle;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.EventMaker;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.driver.SendState;
import dev.evperf.core.engine.Engines;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;
import java.util.Locale;

/**
 * {@link HarnessShareBenchmark}'s three loops on a machine too busy for wall-clock scores: the
 * sending thread's CPU time per event, which a preemption does not move. One loop per JVM (as in a
 * trial, where the engine's call sites see one listener class only; in one JVM the output
 * callback's call site would see three and stop inlining them), run side by side so that all see
 * the same machine:
 * <ul>
 * <li>{@code raw}: the bare loop (a clone of the pool row with its boxed sequence number, then
 *     {@code InputHandle.send}), the output counted by a plain listener;</li>
 * <li>{@code trial}: {@code Driver.run} over a trial's supply into an {@link OutputRecords} listener
 *     on the sending thread (every send start, send end and receipt recorded);</li>
 * <li>{@code capacity}: the same in capacity mode (1 in {@value HarnessShareBenchmark#SAMPLE}
 *     sends and their outputs timed).</li>
 * </ul>
 * Each batch is {@value HarnessShareBenchmark#BATCH} events; the supply is filled and the records
 * reset between batches, off the clock. Prints the median and p25–p75 over the batches after 100
 * of warm-up (2 M events: the steady state, not the JIT).
 * Usage: {@code java -cp "target/evperf-jmh.jar:target/lib/*" dev.evperf.jmh.HarnessCpuCheck siddhi|esper raw|trial|capacity [batches]}.
 */
public final class HarnessCpuCheck {
    private HarnessCpuCheck() {}

    public static void main(String[] args) throws Exception {
        String engineName = args[0], mode = args[1];
        int batches = args.length > 2 ? Integer.parseInt(args[2]) : 200;
        int n = HarnessShareBenchmark.BATCH;
        boolean capacity = mode.equals("capacity");
        if (!mode.equals("raw") && !mode.equals("trial") && !capacity) {
            throw new IllegalArgumentException("raw, trial or capacity, not " + mode);
        }
        Object[][] pool = Fixtures.pool();
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        double[] perEvent = new double[batches];
        try (Engine engine = Engines.get(engineName).open(Fixtures.passThrough(engineName))) {
            InputHandle input = engine.input(Fixtures.INPUT);
            int seqIndex = engine.outputFields(Fixtures.OUTPUT).indexOf("id");
            long[] counted = new long[1];
            long origin = System.nanoTime();
            OutputRecords records = new OutputRecords(n, origin, 1 << 15, 2);
            SendState state = new SendState();
            EventMaker maker = new EventMaker(pool, Fixtures.SEQ_INDEX);
            if (mode.equals("raw")) {
                engine.subscribe(Fixtures.OUTPUT, row -> counted[0]++);
            } else {
                if (capacity) records.sample(HarnessShareBenchmark.SAMPLE);
                engine.subscribe(
                        Fixtures.OUTPUT, records.listener(0, seqIndex, OutputRecords.Delivery.SENDING_THREAD, state));
            }
            long seq = 0;
            for (int b = -100; b < batches; b++) {
                long c0, c1;
                if (mode.equals("raw")) {
                    c0 = mx.getCurrentThreadCpuTime();
                    seq = Fixtures.sendFresh(input, pool, seq, n);
                    c1 = mx.getCurrentThreadCpuTime();
                } else {
                    records.reset();
                    try (EventSupply supply =
                            Fixtures.supply(input, maker, n, capacity ? HarnessShareBenchmark.SAMPLE : 0)) {
                        c0 = mx.getCurrentThreadCpuTime();
                        Driver.run(input, supply, 0, maker, origin, state);
                        c1 = mx.getCurrentThreadCpuTime();
                    }
                    Fixtures.expect(mode + " outputs seen in one batch", records.count(), n);
                }
                if (b >= 0) perEvent[b] = (c1 - c0) / (double) n;
            }
        }
        Arrays.sort(perEvent);
        System.out.printf(
                Locale.ROOT,
                "%s %s: median thread CPU time per event %.2f ns (p25 %.2f, p75 %.2f) over %d batches of %d%n",
                engineName,
                mode,
                perEvent[batches / 2],
                perEvent[batches / 4],
                perEvent[3 * batches / 4],
                batches,
                n);
    }
}
