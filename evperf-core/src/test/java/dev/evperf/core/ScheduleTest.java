package dev.evperf.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.api.config.Dur;
import dev.evperf.core.load.Profile;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.Workload.BurstsDef;
import dev.evperf.core.workload.Workload.ConstantDef;
import dev.evperf.core.workload.Workload.PhaseDef;
import dev.evperf.core.workload.Workload.RampDef;
import java.util.List;
import org.junit.jupiter.api.Test;

class ScheduleTest {
    static PhaseDef bursts(String name, boolean measure, long count, long size, String distance) {
        PhaseDef p = new PhaseDef();
        p.name = name;
        p.measure = measure;
        p.bursts = new BurstsDef();
        p.bursts.count = count;
        p.bursts.size = size;
        p.bursts.distance = Dur.parse(distance);
        return p;
    }

    @Test
    void burstsAreAbsoluteAndIndexedAcrossPhases() {
        Schedule sched =
                Schedule.of(List.of(bursts("warmup", false, 2, 3, "10ms"), bursts("measure", true, 2, 3, "0")));
        assertThat(sched.size()).isEqualTo(12);
        Schedule.Columns s = sched.columns();
        // Warm-up: bursts at 0 and 10 ms; the measured phase starts when warm-up's 20 ms span ends.
        assertThat(s.intended)
                .containsExactly(
                        0,
                        0,
                        0,
                        10_000_000,
                        10_000_000,
                        10_000_000,
                        20_000_000,
                        20_000_000,
                        20_000_000,
                        20_000_000,
                        20_000_000,
                        20_000_000);
        assertThat(s.burst).containsExactly(0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3);
        assertThat(s.position).containsExactly(0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2);
        assertThat(s.phase).containsExactly(0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1);
        assertThat(sched.phases.get(0).targetRate()).isEqualTo(300.0); // 3 events per 10 ms
        assertThat(sched.phases.get(1).targetRate()).isNull(); // d = 0: maximum rate
        assertThat(sched.phases.get(1).firstSeq()).isEqualTo(6);
    }

    @Test
    void constantRateIsEvenlySpaced() {
        PhaseDef p = new PhaseDef();
        p.constant = new ConstantDef();
        p.constant.rate = 1000;
        p.constant.duration = Dur.parse("10ms");
        Schedule.Columns s = Schedule.of(List.of(p)).columns();
        assertThat(s.intended)
                .containsExactly(
                        0, 1_000_000, 2_000_000, 3_000_000, 4_000_000, 5_000_000, 6_000_000, 7_000_000, 8_000_000,
                        9_000_000);
        assertThat(s.burst).containsOnly(-1);
    }

    @Test
    void rampIntegratesTheRate() {
        // r(t) from 0 to 200 events/s over 1 s: N(t) = 100 t², so 100 events, event i at sqrt(i/100) s.
        RampDef r = new RampDef();
        r.from = 0;
        r.to = 200;
        r.duration = Dur.parse("1s");
        long[] o = Profile.of(phase(r)).arrivals().offsets();
        assertThat(o).hasSize(100);
        assertThat(o[25]).isCloseTo(500_000_000L, org.assertj.core.data.Offset.offset(2L));
        assertThat(o[64]).isCloseTo(800_000_000L, org.assertj.core.data.Offset.offset(2L));
        // A flat ramp is a constant rate.
        r.from = 50;
        r.to = 50;
        assertThat(Profile.of(phase(r)).arrivals().offsets()[10]).isEqualTo(200_000_000L);
    }

    private static PhaseDef phase(RampDef r) {
        PhaseDef p = new PhaseDef();
        p.ramp = r;
        return p;
    }

    @Test
    void durationsNeedUnitsExceptZero() {
        assertThat(Dur.parse("100ms").nanos()).isEqualTo(100_000_000L);
        assertThat(Dur.parse("2s").nanos()).isEqualTo(2_000_000_000L);
        assertThat(Dur.parse("1.5us").nanos()).isEqualTo(1_500L);
        assertThat(Dur.parse(0).nanos()).isZero();
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> Dur.parse("100"))
                .hasMessageContaining("not a duration");
    }

    static Workload.BatchDef batch(String size, String interval) {
        Workload.BatchDef b = new Workload.BatchDef();
        b.size = size.startsWith("{")
                ? readTree(size)
                : com.fasterxml.jackson.databind.node.IntNode.valueOf(Integer.parseInt(size));
        b.interval = interval == null ? null : Dur.parse(interval);
        return b;
    }

    static com.fasterxml.jackson.databind.JsonNode readTree(String json) {
        try {
            return new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        } catch (Exception e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void batchesCloseAtSizeOrIntervalWhicheverComesFirst() {
        // 1000 ev/s for 10 ms: events due at 0, 1, ..., 9 ms.
        PhaseDef p = new PhaseDef();
        p.constant = new ConstantDef();
        p.constant.rate = 1000;
        p.constant.count = 10L;
        p.batch = batch("4", "2500us");
        Schedule.Columns s = Schedule.of(List.of(p)).columns();
        // The interval (2.5 ms) closes each batch after 3 events, before the size (4) does.
        assertThat(s.batchFirst).containsExactly(0, 3, 6, 9, 10);
        assertThat(s.batchDue).containsExactly(2_500_000L, 5_500_000L, 8_500_000L, 11_500_000L);
        // Without an interval, full batches are due with their last event; the rest at the phase's last event.
        p.batch = batch("4", null);
        s = Schedule.of(List.of(p)).columns();
        assertThat(s.batchFirst).containsExactly(0, 4, 8, 10);
        assertThat(s.batchDue).containsExactly(3_000_000L, 7_000_000L, 9_000_000L);
    }

    @Test
    void batchSizeCanRampOverThePhaseAndLoadBatchIsTheDefault() {
        PhaseDef p = new PhaseDef();
        p.constant = new ConstantDef();
        p.constant.rate = 100;
        p.constant.duration = Dur.parse("1s");
        Schedule.Columns s = Schedule.of(List.of(p), batch("{\"from\": 1, \"to\": 10}", null))
                .columns();
        int firstSize = s.batchFirst[1] - s.batchFirst[0];
        int lastSize = s.batchFirst[s.batches()] - s.batchFirst[s.batches() - 1];
        assertThat(firstSize).isEqualTo(1);
        int largest = 0;
        for (int b = 0; b < s.batches(); b++) largest = Math.max(largest, s.batchFirst[b + 1] - s.batchFirst[b]);
        assertThat(largest).isBetween(9, 10);
        assertThat(lastSize).isLessThanOrEqualTo(10);
        assertThat(Schedule.of(List.of(p)).batched()).isFalse();
    }
}
