package dev.evperf.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.core.load.Schedule;
import dev.evperf.core.workload.Workload.PhaseDef;
import dev.evperf.core.workload.WorkloadLoader;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The event count known before the schedule is built (for the trial's memory check) is the schedule's own. */
class ExpectedCountTest {
    static List<PhaseDef> phases(String yaml) throws Exception {
        return List.of(WorkloadLoader.YAML.readValue(yaml, PhaseDef[].class));
    }

    @ParameterizedTest
    @ValueSource(
            strings = {
                "[{constant: {rate: 1000, duration: 2500ms}}]",
                "[{constant: {rate: 333.3, duration: 1s}}, {constant: {rate: 5000, count: 1234}}]",
                "[{ramp: {from: 100, to: 5000, duration: 3s}}]",
                "[{stairs: {levels: [100, 2000, 500], step: 1s}}]",
                "[{wave: {min: 200, max: 3000, period: 700ms, duration: 4s}}]",
                "[{binary: {min: 100, max: 900, period: 1s, duration: 3s}}]",
                "[{increasing: {min: 10, max: 1000, period: 2s, duration: 3s}}]",
                "[{bursts: {count: 7, size: 300, distance: 10ms}}, {max: {count: 999}}]",
                "[{constant: {rate: 4000, count: 2000}, arrivals: poisson, seed: 3}]"
            })
    void deterministicCountsAreExact(String yaml) throws Exception {
        List<PhaseDef> p = phases(yaml);
        assertThat(Schedule.expectedCount(p, null)).isEqualTo(Schedule.of(p).size());
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3})
    void poissonOverADurationIsTheExpectedCount(long seed) throws Exception {
        List<PhaseDef> p = phases("[{constant: {rate: 20000, duration: 2s}, arrivals: poisson, seed: " + seed + "}]");
        assertThat(Schedule.expectedCount(p, null)).isEqualTo(40_000);
        // Poisson(40 000): 5 standard deviations are 1000 events
        assertThat((long) Schedule.of(p).size()).isBetween(39_000L, 41_000L);
    }
}
