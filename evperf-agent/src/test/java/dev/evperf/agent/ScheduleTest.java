package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The load's phases and its split over driver agents: together the drivers send exactly the whole load. */
class ScheduleTest {
    private static final List<Workload.PhaseDef> TWO_PHASES =
            List.of(Schedule.constant(1_000, 1_000), Schedule.constant(3_000, 4_000));

    /**
     * Every load shape a single-node trial runs, as a workload writes it: deterministic and, for the
     * rate profiles, Poisson arrivals with a seed of their own. A few thousand events each.
     */
    private static final List<String> SHAPES = List.of(
            "{constant: {rate: 5000, duration: 300ms}}",
            "{constant: {rate: 3000, count: 700}}",
            "{ramp: {from: 500, to: 4000, duration: 1s}}",
            "{ramp: {from: 3000, to: 0, duration: 700ms}}",
            "{stairs: {levels: [1000, 4000, 2000], step: 250ms}}",
            "{wave: {min: 500, max: 5000, period: 200ms, duration: 1s}}",
            "{binary: {min: 500, max: 5000, period: 100ms, duration: 500ms}}",
            "{increasing: {min: 100, max: 6000, period: 400ms, duration: 600ms}}",
            "{decreasing: {min: 100, max: 6000, period: 400ms, duration: 600ms}}",
            "{spike: {min: 500, max: 8000, period: 250ms, size: 20, duration: 750ms}}",
            "{random_walk: {min: 500, max: 5000, step: 800, interval: 50ms, duration: 1s, seed: 11}}",
            "{bursts: {count: 5, size: 300, distance: 200ms}}",
            "{max: {count: 1000}}",
            "{adaptivity: {rate: 2000, ramp: 0, steady: 300ms, peak: 100ms, peak_factor: 2, recovery: 200ms}}",
            "{arrivals: poisson, seed: 42, constant: {rate: 5000, duration: 300ms}}",
            "{arrivals: poisson, seed: 7, constant: {rate: 3000, count: 700}}",
            "{arrivals: poisson, seed: 3, ramp: {from: 500, to: 4000, duration: 1s}}",
            "{arrivals: poisson, seed: 5, stairs: {levels: [1000, 4000, 2000], step: 250ms}}",
            "{arrivals: poisson, seed: 9, wave: {min: 500, max: 5000, period: 200ms, duration: 1s}}",
            "{arrivals: poisson, seed: 13, spike: {min: 500, max: 8000, period: 250ms, size: 20, duration: 750ms}}",
            "{arrivals: poisson, random_walk: {min: 500, max: 5000, step: 800, interval: 50ms, duration: 1s}}");

    @TempDir
    Path dir;

    @Test
    void phasesRunBackToBackOnOneAbsoluteSchedule() {
        Schedule s = new Schedule(TWO_PHASES, Schedule.BY_RATE, 1, 1, 0);
        long[] offset = s.offsets();
        assertThat(s.total()).isEqualTo(4_000);
        assertThat(offset[0]).isZero();
        assertThat(offset[999]).isEqualTo(999_000_000L);
        // the second phase starts where the first ends (1 000 events at 1 000/s), then every 250 µs
        assertThat(offset[1_000]).isEqualTo(1_000_000_000L);
        assertThat(offset[1_004]).isEqualTo(1_001_000_000L);
        assertThat(offset[3_999]).isEqualTo(1_000_000_000L + 2_999 * 250_000L);
        assertThat(s.span()).isEqualTo(1_750_000_000L);
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
     * For every load shape, alone and all of them back to back with a replayed trace: the load is
     * shipped to three driver agents as they receive it (each driver's plan through JSON, the
     * wire's form), each walks its share, and the union of their intended offsets is, to the
     * nanosecond, the single-node trial's schedule of the same phases (evperf-core's {@code
     * Schedule}, as a trial makes it), split by rate and by key.
     */
    @ParameterizedTest
    @ValueSource(strings = {Schedule.BY_RATE, Schedule.BY_KEY})
    void theDriversTogetherSendTheSingleNodeScheduleOfEveryShape(String split) throws Exception {
        Path trace = dir.resolve("trace.csv");
        StringBuilder csv = new StringBuilder("ts;v\n");
        // a trace in ms with repeats and gaps: 600 timestamps
        for (int i = 0, t = 0; i < 600; i++, t += (i * 7919) % 5) csv.append(t).append(";1\n");
        Files.writeString(trace, csv);
        Schedule.Trace file = new Schedule.Trace(trace.toString(), ";", true);
        String replay = "{replay: {column: ts, unit: ms, speed: 2}}";

        List<List<Workload.PhaseDef>> loads = new ArrayList<>();
        for (String shape : SHAPES) loads.add(List.of(phase(shape)));
        loads.add(List.of(phase(replay)));
        List<Workload.PhaseDef> all = new ArrayList<>();
        for (String shape : SHAPES) all.add(phase(shape));
        all.add(2, phase(replay));
        loads.add(all);

        for (List<Workload.PhaseDef> phases : loads) {
            String what = phases.size() == 1 ? describe(phases.get(0)) : "every shape back to back";
            long[] single = dev.evperf.core.load.Schedule.of(phases, null, r -> file.column(r))
                    .columns()
                    .intended;
            assertThat(single.length).as(what).isGreaterThan(300);
            Schedule load = new Schedule(phases, file, split, 10, 3, 0);
            long[] union = new long[single.length];
            Arrays.fill(union, -1);
            int sent = 0;
            for (int d = 0; d < 3; d++) {
                Schedule share = shipped(load.forDriver(d));
                assertThat(share.problem()).as(what).isNull();
                Schedule.Cursor c = share.cursor();
                long last = -1;
                int n = 0;
                while (c.next()) {
                    assertThat(c.g).as("%s: event order", what).isGreaterThan(last);
                    assertThat(union[(int) c.g])
                            .as("%s: event %d sent twice", what, c.g)
                            .isEqualTo(-1);
                    assertThat(share.owns(c.g)).isTrue();
                    union[(int) c.g] = c.offset;
                    last = c.g;
                    n++;
                }
                assertThat(n).as("%s: driver %d's count", what, d).isEqualTo(share.count());
                sent += n;
            }
            assertThat(sent).as(what).isEqualTo(single.length);
            assertThat(union).as("%s, split by %s", what, split).containsExactly(single);
        }
    }

    /** The seed of Poisson arrivals reaches the agent: another seed gives other intended times. */
    @Test
    void poissonArrivalsDependOnTheSeedTheAgentReceives() throws Exception {
        List<Workload.PhaseDef> a = List.of(phase("{arrivals: poisson, seed: 42, constant: {rate: 5000, count: 500}}"));
        List<Workload.PhaseDef> b = List.of(phase("{arrivals: poisson, seed: 43, constant: {rate: 5000, count: 500}}"));
        long[] sa = shipped(new Schedule(a, Schedule.BY_RATE, 1, 1, 0)).offsets();
        long[] sb = shipped(new Schedule(b, Schedule.BY_RATE, 1, 1, 0)).offsets();
        assertThat(sa).hasSize(500).isNotEqualTo(sb);
        assertThat(sa).isEqualTo(dev.evperf.core.load.Schedule.of(a).columns().intended);
    }

    @Test
    void aPhaseWithoutOneProfileOrWithBatchesIsNamed() {
        Workload.PhaseDef none = new Workload.PhaseDef();
        assertThat(new Schedule(List.of(none), Schedule.BY_RATE, 1, 1, 0).problem())
                .isEqualTo("schedule.phases[0]: expected one profile, got []");
        Workload.PhaseDef batched = phase("{constant: {rate: 1000, count: 10}, batch: {size: 5}}");
        assertThat(new Schedule(List.of(batched), Schedule.BY_RATE, 1, 1, 0).problem())
                .isEqualTo("schedule.phases[0].batch: a driver agent sends events one at a time");
        Workload.PhaseDef replay = phase("{replay: {column: ts}}");
        assertThat(new Schedule(List.of(replay), Schedule.BY_RATE, 1, 1, 0).problem())
                .isEqualTo("schedule.phases: schedule.trace: a replay phase needs the data file");
    }

    /** The driver's plan as the agent reads it: written and read with the wire's plain JSON mapper. */
    private static Schedule shipped(Schedule share) throws Exception {
        ObjectMapper json = new ObjectMapper();
        String wire = json.writeValueAsString(PartPlan.driver(share, "127.0.0.1:1", null));
        PartPlan plan = json.readValue(wire, PartPlan.class);
        assertThat(plan.problem()).as(wire).isNull();
        return plan.schedule();
    }

    private static Workload.PhaseDef phase(String yaml) {
        try {
            return WorkloadLoader.YAML.readValue(yaml, Workload.PhaseDef.class);
        } catch (Exception e) {
            throw new IllegalArgumentException(yaml, e);
        }
    }

    private static String describe(Workload.PhaseDef p) {
        return p.profilesSet() + " " + p.arrivals.text();
    }
}
