package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.agent.clock.SkewedClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Seed 004's remote configuration on a driver agent: the controller halves a running driver's rate;
 * the switch falls between two sends, and every later intended time follows the new pace exactly.
 */
class DriverSwitchTest {
    @TempDir
    Path dir;

    @RegisterExtension
    final TestAgents agents = new TestAgents();

    @Test
    void theControllerHalvesARunningDriversRate() throws Exception {
        SkewedAgents a = SkewedAgents.driverAndSink(agents, dir);
        int events = 2_000;
        AgentFigures f = new AgentTrial(
                        new AgentTrial.Plan(
                                a.addresses(), a.driverNames(), List.of("sink-1"), events, 2_000, 32, 8, 200, 15_000),
                        a.secret())
                .switching(List.of(new AgentTrial.Switch("driver-1", DriverPart.RATE_PERCENT, 50, 400)))
                .run();

        assertThat(f.received()).isEqualTo(events);
        assertThat(f.switches()).hasSize(1);
        HandlerSwitch sw = f.switches().get(0);
        assertThat(sw.from()).isEqualTo(100);
        assertThat(sw.to()).isEqualTo(50);
        int k = (int) sw.arrivalsBefore();
        assertThat(k).isBetween(1, events - 1);
        Schedule load = new Schedule(List.of(Schedule.constant(events, 2_000)), Schedule.BY_RATE, 1, 1, 0);
        long start = f.intendedOnAgent(0);
        long[] offset = load.offsets();
        for (int g = 0; g < events; g++) {
            long expected = g < k ? start + offset[g] : start + offset[k - 1] + (offset[g] - offset[k - 1]) * 2;
            assertThat(f.intendedOnAgent(g)).as("intended time of %d", g).isEqualTo(expected);
        }
        // one agent, one clock: the last send before the switch was stamped before it, the next after
        assertThat(f.sendOnAgent(k - 1)).isLessThanOrEqualTo(sw.atAgent());
        assertThat(f.sendOnAgent(k)).isGreaterThanOrEqualTo(sw.atAgent());
        a.assertWithinBounds(f);
        assertThat(String.join("\n", f.summary()))
                .contains("switch (controller's request): driver-1 part 0 rate_percent 100 -> 50 at ")
                .contains("after " + k + " events sent");
        a.assertAllExit(Duration.ofSeconds(20));
    }

    @Test
    void aDriversPaceHasARangeAndOnlyARunningDriverHasOne() {
        Schedule load = new Schedule(List.of(Schedule.constant(10, 100)), Schedule.BY_RATE, 1, 1, 0);
        DriverPart d = new DriverPart(PartPlan.driver(load, "127.0.0.1:1", null), SkewedClock.unskewed());
        assertThatThrownBy(() -> d.configure(DriverPart.RATE_PERCENT, 50, System::nanoTime))
                .hasMessage("configure: the driver has not started");
        assertThatThrownBy(() -> d.configure(DriverPart.RATE_PERCENT, 20, System::nanoTime))
                .hasMessage("configure: rate_percent 20 is not 50..1000");
        assertThatThrownBy(() -> d.configure("downsample", 10, System::nanoTime))
                .hasMessage("configure: a driver has setting rate_percent, not 'downsample'");
    }
}
