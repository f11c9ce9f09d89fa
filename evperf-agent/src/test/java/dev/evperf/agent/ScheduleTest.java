package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.api.config.Dur;
import dev.evperf.core.workload.Workload;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The load's phases and its split over driver agents: together the drivers send exactly the whole load. */
class ScheduleTest {
    private static final List<Schedule.Phase> TWO_PHASES =
            List.of(new Schedule.Phase(1_000, 1_000), new Schedule.Phase(3_000, 4_000));

    @Test
    void phasesRunBackToBackOnOneAbsoluteSchedule() {
        Schedule s = new Schedule(TWO_PHASES, Schedule.BY_RATE, 1, 1, 0);
        assertThat(s.total()).isEqualTo(4_000);
        assertThat(s.offset(0)).isZero();
        assertThat(s.offset(999)).isEqualTo(999_000_000L);
        // the second phase starts where the first ends (1 000 events at 1 000/s), then every 250 µs
        assertThat(s.offset(1_000)).isEqualTo(1_000_000_000L);
        assertThat(s.offset(1_004)).isEqualTo(1_001_000_000L);
        assertThat(s.length()).isEqualTo(1_000_000_000L + 2_999 * 250_000L);
    }

    @Test
    void byRateAndByKeyEveryEventIsSentByExactlyOneDriver() {
        for (String split : List.of(Schedule.BY_RATE, Schedule.BY_KEY)) {
            Schedule load = new Schedule(TWO_PHASES, split, 10, 3, 0);
            int sum = 0;
            for (long g = 0; g < load.total(); g++) {
                int owners = 0;
                for (int d = 0; d < 3; d++) if (load.forDriver(d).owns(g)) owners++;
                assertThat(owners).as("%s: owners of event %d", split, g).isEqualTo(1);
            }
            for (int d = 0; d < 3; d++) sum += load.forDriver(d).count();
            assertThat(sum).isEqualTo(4_000);
        }
    }

    @Test
    void byKeyADriverOwnsAKeyRange() {
        // 10 keys over 3 drivers: keys 0-2, 3-5, 6-9
        Schedule d2 = new Schedule(TWO_PHASES, Schedule.BY_KEY, 10, 3, 2);
        for (long g = 0; g < 40; g++) assertThat(d2.owns(g)).as("event %d", g).isEqualTo(g % 10 >= 6);
        assertThat(d2.count()).isEqualTo(1_600);
        assertThat(new Schedule(TWO_PHASES, Schedule.BY_KEY, 2, 3, 0).problem())
                .isEqualTo("schedule.keys: 2 keys for 3 drivers");
    }

    /**
     * A ramp up, a ramp down and bursts, back to back: every intended time is the one a single-node
     * trial's schedule (evperf-core's {@code Schedule}, which integrates the rate) gives the same
     * phases, to the nanosecond its rounding allows.
     */
    @Test
    void rampsAndBurstsHaveTheSingleNodeSchedulesIntendedTimes() {
        List<Workload.PhaseDef> defs = new ArrayList<>();
        defs.add(rampDef(500, 4_000, "1s"));
        defs.add(burstsDef(5, 300, "200ms"));
        defs.add(rampDef(3_000, 0, "700ms"));
        defs.add(constantDef(1_000, 250));
        var single = dev.evperf.core.load.Schedule.of(defs);
        Schedule agents = new Schedule(
                List.of(
                        Schedule.Phase.ramp(500, 4_000, 1_000_000_000L),
                        Schedule.Phase.bursts(5, 300, 200_000_000L),
                        Schedule.Phase.ramp(3_000, 0, 700_000_000L),
                        new Schedule.Phase(250, 1_000)),
                Schedule.BY_RATE,
                1,
                1,
                0);
        assertThat(agents.problem()).isNull();
        long[] offsets = new long[(int) single.size()];
        int n = 0;
        for (int ph = 0; ph < single.profiles.size(); ph++) {
            long start = single.phases.get(ph).intendedStart();
            for (long o : single.profiles.get(ph).arrivals().offsets()) offsets[n++] = start + o;
        }
        assertThat(agents.total()).isEqualTo(single.size()).isEqualTo(2_250 + 1_500 + 1_050 + 250);
        for (int g = 0; g < n; g++)
            assertThat(agents.offset(g))
                    .as("event %d", g)
                    .isCloseTo(offsets[g], org.assertj.core.data.Offset.offset(2L));
        // the shapes themselves: the ramp's gaps shrink (500/s to 4000/s), every burst's events share its start
        assertThat(agents.offset(1) - agents.offset(0)).isBetween(1_980_000L, 2_000_000L);
        assertThat(agents.offset(2_249) - agents.offset(2_248)).isLessThan(251_000L);
        assertThat(agents.offset(2_250)).isEqualTo(1_000_000_000L);
        assertThat(agents.offset(2_250 + 299)).isEqualTo(1_000_000_000L);
        assertThat(agents.offset(2_250 + 300)).isEqualTo(1_200_000_000L);
    }

    @Test
    void aPhaseWithoutAShapeOrEventsIsNamed() {
        Schedule bad = new Schedule(List.of(new Schedule.Phase("wave", 10, 1, 1, 1, 1)), Schedule.BY_RATE, 1, 1, 0);
        assertThat(bad.problem()).startsWith("schedule.phases: Phase[shape=wave");
        Schedule uneven = new Schedule(
                List.of(new Schedule.Phase(Schedule.Phase.BURSTS, 10, 0, 0, 3, 1)), Schedule.BY_RATE, 1, 1, 0);
        assertThat(uneven.problem()).contains("not a constant, ramp or bursts phase");
    }

    private static Workload.PhaseDef rampDef(double from, double to, String duration) {
        Workload.PhaseDef p = new Workload.PhaseDef();
        p.ramp = new Workload.RampDef();
        p.ramp.from = from;
        p.ramp.to = to;
        p.ramp.duration = Dur.parse(duration);
        return p;
    }

    private static Workload.PhaseDef burstsDef(long count, long size, String distance) {
        Workload.PhaseDef p = new Workload.PhaseDef();
        p.bursts = new Workload.BurstsDef();
        p.bursts.count = count;
        p.bursts.size = size;
        p.bursts.distance = Dur.parse(distance);
        return p;
    }

    private static Workload.PhaseDef constantDef(double rate, long count) {
        Workload.PhaseDef p = new Workload.PhaseDef();
        p.constant = new Workload.ConstantDef();
        p.constant.rate = rate;
        p.constant.count = count;
        return p;
    }
}
