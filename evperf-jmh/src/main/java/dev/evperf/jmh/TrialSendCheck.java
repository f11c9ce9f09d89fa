package dev.evperf.jmh;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import dev.evperf.core.data.EventPool;
import dev.evperf.core.driver.Driver;
import dev.evperf.core.driver.EventMaker;
import dev.evperf.core.driver.EventSupply;
import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.driver.SendState;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.records.RecordSpill;
import dev.evperf.core.workload.Workload;
import dev.evperf.suites.data.Input;
import dev.evperf.suites.run.NeutralQuery;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where a capacity-mode trial's per-event time goes on the null engine, outside JMH: the trial's
 * own pieces (a {@code max} phase through the real {@link EventSupply}, its thread, chunks of
 * {@value EventSupply#CHUNK} cycled {@value EventSupply#CHUNKS} at a time, {@code Driver.run}), with
 * the event pool issue 17's P7 events, one distinct row per event as a trial of a neutral query
 * builds it ({@code built}: where building them put them; {@code contiguous}: copied side by side,
 * as a trial now does), or their first 1000 as a pool ({@code small}). Prints the sender's wall and CPU time per event and how often
 * it waited for the supply, per round, after the rounds the JIT needs.
 * Usage: {@code java -Xmx3g -cp "target/evperf-jmh.jar:target/lib/*" dev.evperf.jmh.TrialSendCheck built|contiguous|small [events] [rounds]}.
 */
public final class TrialSendCheck {
    private TrialSendCheck() {}

    /** CPU time of the supply's and the records writer's threads, by name. */
    private static long[] threadCpu(ThreadMXBean mx) {
        long[] cpu = new long[2];
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            int i = t.getName().equals("evperf-supply") ? 0 : t.getName().equals("evperf-records") ? 1 : -1;
            if (i >= 0 && t.isAlive()) cpu[i] += Math.max(0, mx.getThreadCpuTime(t.getId()));
        }
        return cpu;
    }

    private static long gcMs() {
        long ms = 0;
        for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) ms += gc.getCollectionTime();
        return ms;
    }

    public static void main(String[] args) throws Exception {
        String poolKind = args[0];
        int n = args.length > 1 ? Integer.parseInt(args[1]) : 2_000_000;
        int rounds = args.length > 2 ? Integer.parseInt(args[2]) : 6;
        NeutralQuery q = PoolLayoutBenchmark.p7();
        Object[][] pool = new Object[poolKind.equals("small") ? 1000 : n][];
        Input[] events = q.events(pool.length, "null");
        for (int j = 0; j < pool.length; j++) pool[j] = events[j].row();
        events = null;
        if (poolKind.equals("contiguous")) EventPool.contiguous(pool);
        System.gc(); // as a trial before its run: the records are gone, the rows slide together
        ThreadMXBean mx = ManagementFactory.getThreadMXBean();
        EngineSpec spec = new EngineSpec(q.inputs(), "", List.of(), Map.of());
        try (Engine engine = Engines.get("null").open(spec)) {
            InputHandle input = engine.input(q.inputs().get(0).name());
            EventMaker maker = new EventMaker(pool, 0);
            SendState state = new SendState();
            for (int r = 0; r < rounds; r++) {
                Workload.PhaseDef p = new Workload.PhaseDef();
                p.max = new Workload.MaxDef();
                p.max.count = n;
                Schedule schedule = Schedule.of(List.of(p));
                Path dir = Files.createTempDirectory("trial-send-check");
                long origin = System.nanoTime();
                OutputRecords out = new OutputRecords(1024, origin, 1024, 8);
                RecordSpill spill = new RecordSpill(dir, out, new boolean[] {true}, false);
                try (EventSupply supply = new EventSupply(
                        schedule.cursor(0),
                        false,
                        1,
                        1,
                        maker,
                        input,
                        spill::sent,
                        EventSupply.CHUNK,
                        EventSupply.CHUNKS)) {
                    supply.sample(HarnessShareBenchmark.SAMPLE, 0, n - 1);
                    spill.start(supply);
                    supply.prefill();
                    supply.base(1_000_000);
                    long[] t0 = threadCpu(mx);
                    long g0 = gcMs();
                    long c0 = mx.getCurrentThreadCpuTime(), w0 = System.nanoTime();
                    Driver.run(input, supply, 0, maker, origin, state);
                    long c1 = mx.getCurrentThreadCpuTime(), w1 = System.nanoTime();
                    long g1 = gcMs();
                    long[] t1 = threadCpu(mx);
                    System.out.printf(
                            Locale.ROOT,
                            "%s round %d: %d events, wall %.1f ns/event (%.2f M ev/s); CPU ns/event: sender %.1f, supply"
                                    + " %.1f, records writer %.1f; supply waits %d, GC %d ms%n",
                            poolKind,
                            r,
                            n,
                            (w1 - w0 - 1_000_000) / (double) n,
                            n * 1e3 / (w1 - w0 - 1_000_000),
                            (c1 - c0) / (double) n,
                            (t1[0] - t0[0]) / (double) n,
                            (t1[1] - t0[1]) / (double) n,
                            supply.waits(),
                            g1 - g0);
                    spill.finish();
                } finally {
                    spill.close();
                    try (var files = Files.walk(dir)) {
                        files.sorted(Comparator.reverseOrder())
                                .forEach(f -> f.toFile().delete());
                    }
                }
            }
        }
    }
}
