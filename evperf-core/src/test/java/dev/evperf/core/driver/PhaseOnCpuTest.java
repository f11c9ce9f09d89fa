package dev.evperf.core.driver;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.api.InputHandle;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.workload.Workload;
import dev.evperf.monitor.sensors.Descheduling;
import dev.evperf.results.TrialResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The sender's time on a CPU per phase of the schedule, read once per chunk by the driver. */
class PhaseOnCpuTest {
    static Workload.PhaseDef max(long count) {
        Workload.PhaseDef p = new Workload.PhaseDef();
        p.max = new Workload.MaxDef();
        p.max.count = count;
        return p;
    }

    @Test
    void eachPhaseGetsTheCpuTimeOfItsChunksAndAChunkThatSpansTwoIsSharedByItsRows() throws Exception {
        // Phase 0 costs ~4x per event what phase 1 does; 1500 + 2500 events in chunks of 1024: chunk 1 spans both.
        long[] work = new long[1];
        InputHandle input = event -> {
            long seq = (Long) event[0];
            int spins = seq < 1500 ? 40_000 : 10_000;
            long x = work[0];
            for (int i = 0; i < spins; i++) x += i ^ (x >>> 3);
            work[0] = x;
        };
        Object[][] pool = {{0L}};
        EventMaker maker = new EventMaker(pool, 0);
        EventSupply[] supply = new EventSupply[1];
        supply[0] = new EventSupply(
                Schedule.of(List.of(max(1500), max(2500))).cursor(0),
                false,
                1,
                1,
                maker,
                input,
                c -> supply[0].recycle(c),
                1024,
                2);
        Descheduling.reset();
        supply[0].prefill();
        long before = Descheduling.threadCpuNs();
        Driver.run(input, supply[0], 0, maker, System.nanoTime(), new SendState());
        long total = Descheduling.threadCpuNs() - before;
        supply[0].close();
        List<Double> byPhase =
                Descheduling.summary(Stalls.summary(), Descheduling.stealMs()).sendersOnCpuMsByPhase();
        assertThat(work[0]).isNotZero();
        assertThat(byPhase).hasSize(2);
        double sum = byPhase.get(0) + byPhase.get(1);
        // All of the loop's CPU time is in the phases (the reads around it add a few µs).
        assertThat(sum).isBetween(total / 1e6 * 0.9, total / 1e6 * 1.001);
        // Per event, phase 0 took ~4x phase 1 (60 M against 25 M iterations in all); sharing chunk 1 by rows puts
        // some of phase 1's time in phase 0 (its 476 phase-1 rows cost a quarter of its 548 phase-0 rows' each).
        assertThat(byPhase.get(0) / 1500).isGreaterThan(2 * byPhase.get(1) / 2500);
    }

    @Test
    void noChunkNoFigure() {
        Descheduling.reset();
        TrialResult.Disturbance d = Descheduling.summary(Stalls.summary(), Descheduling.stealMs());
        assertThat(d.sendersOnCpuMsByPhase()).isNull();
    }
}
