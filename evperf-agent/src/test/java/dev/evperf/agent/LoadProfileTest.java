package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadLoader;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Stairs, then a phase of Poisson arrivals, shared by two driver agents (real JVMs, clocks skewed
 * +5 ms and −37 ms), split by rate and by key. From the trial's records alone: on each driver's own
 * clock every one of its events is intended exactly its single-node offset after that driver's
 * start (to the nanosecond); mapped onto the controller's clock the union is the single-node
 * schedule within the mapping's bounds; each stair holds its level's events; the Poisson phase has
 * exactly the events its seed draws in a single-node trial; and no event is sent before its time.
 */
class LoadProfileTest {
    private static final long STEP = 200_000_000L;
    private static final double[] LEVELS = {1_000, 3_000, 2_000};

    @TempDir
    Path dir;

    @RegisterExtension
    final TestAgents agents = new TestAgents();

    @ParameterizedTest
    @ValueSource(strings = {Schedule.BY_RATE, Schedule.BY_KEY})
    void twoDriverAgentsSendStairsThenPoissonArrivalsAtTheSingleNodeTimes(String split) throws Exception {
        List<Workload.PhaseDef> phases = List.of(
                WorkloadLoader.YAML.readValue(
                        "{name: stairs, stairs: {levels: [1000, 3000, 2000], step: 200ms}}", Workload.PhaseDef.class),
                WorkloadLoader.YAML.readValue(
                        "{name: poisson, arrivals: poisson, seed: 42, constant: {rate: 2000, duration: 500ms}}",
                        Workload.PhaseDef.class));
        var single = dev.evperf.core.load.Schedule.of(phases);
        long[] offset = single.columns().intended;
        int stairs = (int) single.phases.get(0).count();
        assertThat(stairs).isEqualTo(200 + 600 + 400);
        int n = offset.length;

        SkewedAgents a = SkewedAgents.twoDriversAndSink(agents, dir);
        Schedule load = new Schedule(phases, split, 10, 2, 0);
        AgentFigures f = new AgentTrial(a.plan(load), a.secret()).run();
        assertThat(f.planned()).isEqualTo(n);
        assertThat(f.received()).isEqualTo(n);
        a.assertWithinBounds(f);

        // each driver's own clock: intended − offset is its start, the same for all its events
        Map<String, Long> startOnAgent = new HashMap<>();
        for (int g = 0; g < n; g++) {
            int owner = Schedule.BY_RATE.equals(split) ? g % 2 : (g % 10 < 5 ? 0 : 1);
            assertThat(f.driverOf(g)).as("driver of %d", g).isEqualTo("driver-" + (owner + 1));
            long s = f.intendedOnAgent(g) - offset[g];
            assertThat(s)
                    .as("event %d: its driver's start (intended on its clock − single-node offset)", g)
                    .isEqualTo(startOnAgent.computeIfAbsent(f.driverOf(g), d -> s));
            assertThat(f.sendOnAgent(g)).as("send of %d", g).isGreaterThanOrEqualTo(f.intendedOnAgent(g));
        }
        // on the controller's clock: one start, within the mapping's bounds
        long start = f.intended(0) - offset[0];
        long slack = SkewedAgents.unionSlack(f);
        long worst = 0;
        for (int g = 0; g < n; g++) worst = Math.max(worst, Math.abs(f.intended(g) - start - offset[g]));
        assertThat(worst).as("the union against the single-node schedule").isLessThanOrEqualTo(slack);

        // the stairs: each step's events intended within it, level × step of them (an event within the
        // slack of a step's edge may fall on either side)
        for (int k = 0; k < LEVELS.length; k++) {
            long t0 = start + k * STEP, t1 = t0 + STEP;
            long count = 0, edge = 0;
            for (int g = 0; g < stairs; g++) {
                if (f.intended(g) >= t0 && f.intended(g) < t1) count++;
                if (Math.abs(f.intended(g) - t0) <= slack || Math.abs(f.intended(g) - t1) <= slack) edge++;
            }
            assertThat(Math.abs(count - Math.round(LEVELS[k] * STEP / 1e9)))
                    .as("stair %d", k)
                    .isLessThanOrEqualTo(edge);
        }
        // the Poisson phase: after the stairs (600 ms), the seed's draw, not evenly spaced
        long gaps = 0;
        for (int g = stairs; g < n; g++) {
            assertThat(f.intended(g) - start).as("poisson event %d", g).isGreaterThanOrEqualTo(3 * STEP - slack);
            if (g > stairs && offset[g] - offset[g - 1] > 2 * 500_000L) gaps++;
        }
        assertThat(n - stairs).isEqualTo((int) single.phases.get(1).count()).isBetween(800, 1_200);
        assertThat(gaps)
                .as("gaps over twice the mean (e^-2 of them for exponential gaps)")
                .isPositive();
        System.out.printf(
                Locale.ROOT,
                "%s split: %d events (%d Poisson), union within %.1f µs of the single-node schedule (slack %.1f µs),"
                        + " lag p50 %.1f µs p99 %.1f µs%n",
                split,
                n,
                n - stairs,
                worst / 1e3,
                slack / 1e3,
                f.lagPercentile(50) / 1e3,
                f.lagPercentile(99) / 1e3);
        a.assertAllExit(java.time.Duration.ofSeconds(20));
    }
}
