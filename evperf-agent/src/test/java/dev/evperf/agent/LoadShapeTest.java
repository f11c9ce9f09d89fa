package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A ramp and bursts shared by two driver agents (real JVMs, clocks skewed +5 ms and −37 ms), split by
 * rate and by key: from the trial's records alone, mapped onto the controller's clock, the union of
 * the two drivers' events has the load's shape. The ramp's events per 100 ms are its rate's
 * integral over that stretch; every burst's events are intended at its start and both drivers send
 * part of it; no driver sends an event before its intended time.
 */
class LoadShapeTest {
    /** 500/s rising to 4000/s over 1 s (2250 events), then 5 bursts of 300 events 200 ms apart. */
    private static final double FROM = 500, TO = 4_000;

    private static final int RAMP_EVENTS = 2_250, BURSTS = 5, BURST = 300;
    private static final long SECOND = 1_000_000_000L, DISTANCE = 200_000_000L;

    @TempDir
    Path dir;

    @RegisterExtension
    final TestAgents agents = new TestAgents();

    @ParameterizedTest
    @ValueSource(strings = {Schedule.BY_RATE, Schedule.BY_KEY})
    void theUnionOfTwoDriverAgentsFollowsARampAndBursts(String split) throws Exception {
        SkewedAgents a = SkewedAgents.twoDriversAndSink(agents, dir);
        Schedule load = new Schedule(
                List.of(Schedule.ramp(FROM, TO, SECOND), Schedule.bursts(BURSTS, BURST, DISTANCE)), split, 10, 2, 0);
        int n = (int) load.total();
        assertThat(n).isEqualTo(RAMP_EVENTS + BURSTS * BURST);
        AgentFigures f = new AgentTrial(a.plan(load), a.secret()).run();
        assertThat(f.received()).isEqualTo(n);
        a.assertWithinBounds(f);

        // the common start, on the controller's clock, and how far any mapped intended time can be off it
        long start = f.intended(0);
        long slack = SkewedAgents.unionSlack(f);

        for (int g = 0; g < n; g++) {
            int owner = Schedule.BY_RATE.equals(split) ? g % 2 : (g % 10 < 5 ? 0 : 1);
            assertThat(f.driverOf(g)).as("driver of %d", g).isEqualTo("driver-" + (owner + 1));
            // an absolute schedule: never early, on the driver's own clock
            assertThat(f.sendOnAgent(g)).as("send of %d", g).isGreaterThanOrEqualTo(f.intendedOnAgent(g));
        }
        // the ramp: events intended in each 100 ms are Λ(t1) − Λ(t0), Λ(t) = 500t + 1750t², counted
        // from the records (an event within the slack of a stretch's edge may fall on either side)
        for (int k = 0; k < 10; k++) {
            long t0 = start + k * SECOND / 10, t1 = t0 + SECOND / 10;
            long count = 0, edge = 0;
            for (int g = 0; g < RAMP_EVENTS; g++) {
                if (f.intended(g) >= t0 && f.intended(g) < t1) count++;
                if (Math.abs(f.intended(g) - t0) <= slack || Math.abs(f.intended(g) - t1) <= slack) edge++;
            }
            long expected = eventsBefore((k + 1) / 10.0) - eventsBefore(k / 10.0);
            assertThat(Math.abs(count - expected))
                    .as("ramp events in [%d, %d) ms", k * 100, k * 100 + 100)
                    .isLessThanOrEqualTo(edge);
        }
        // the bursts: all of burst b intended at its start, shared by both drivers
        for (int b = 0; b < BURSTS; b++) {
            long at = start + SECOND + b * DISTANCE;
            int[] byDriver = new int[2];
            long lastSend = 0;
            for (int g = RAMP_EVENTS + b * BURST; g < RAMP_EVENTS + (b + 1) * BURST; g++) {
                assertThat(Math.abs(f.intended(g) - at))
                        .as("burst %d event %d", b, g)
                        .isLessThanOrEqualTo(slack);
                byDriver[f.driverOf(g).equals("driver-1") ? 0 : 1]++;
                lastSend = Math.max(lastSend, f.send(g));
            }
            assertThat(byDriver).as("burst %d", b).containsExactly(BURST / 2, BURST / 2);
            System.out.printf(
                    Locale.ROOT,
                    "%s split, burst %d: last send %.3f ms after its start%n",
                    split,
                    b,
                    (lastSend - at) / 1e6);
        }
        System.out.printf(
                Locale.ROOT,
                "%s split: %d events, slack %.1f µs, lag p50 %.1f µs p99 %.1f µs max %.1f µs%n",
                split,
                n,
                slack / 1e3,
                f.lagPercentile(50) / 1e3,
                f.lagPercentile(99) / 1e3,
                f.lagPercentile(100) / 1e3);
        a.assertAllExit(java.time.Duration.ofSeconds(20));
    }

    /** Deterministic arrivals of the ramp before t seconds: events at Λ = 0, 1, 2, … below Λ(t). */
    private static long eventsBefore(double t) {
        double lambda = FROM * t + (TO - FROM) / 2 * t * t;
        return (long) Math.ceil(lambda - 1e-9);
    }
}
