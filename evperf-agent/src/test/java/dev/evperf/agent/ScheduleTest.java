package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

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
}
