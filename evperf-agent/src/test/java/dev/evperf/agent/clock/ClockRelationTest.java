package dev.evperf.agent.clock;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The clock relation against synthetic clocks whose truth is known: an agent clock with a known
 * offset and drift, a network with a known (possibly asymmetric) delay and random jitter. Issue 13's
 * acceptance grid: offsets 0, +5 ms, -37 ms; drift 0 and 50 ppm; symmetric and asymmetric delay.
 */
class ClockRelationTest {
    /** The controller's clock starts far from zero, as real counters do (precision of the arithmetic). */
    static final long T0 = 4_000_000_000_000_000L;

    /** A synthetic agent clock: B(t) = t + offset + (t - T0)·drift, t the controller's (true) time. */
    record Agent(long offsetNs, double driftPpm) {
        long read(double t) {
            return Math.round(t + offsetNs + (t - T0) * driftPpm * 1e-6);
        }

        /** The controller's time at which this clock read {@code b}. */
        double truth(long b) {
            return T0 + (b - offsetNs - T0) / (1 + driftPpm * 1e-6);
        }
    }

    /** A network: one-way delays (ns) plus uniform jitter in [0, jitter). */
    record Net(long forward, long back, long jitter) {}

    static ProbeWindow window(String label, Agent agent, Net net, double start, int n, Random rnd) {
        ProbeWindow w = new ProbeWindow(label);
        double t = start;
        for (int i = 0; i < n; i++) {
            double df = net.forward() + rnd.nextDouble() * net.jitter();
            double hold = 1_500 + rnd.nextDouble() * 3_000;
            double db = net.back() + rnd.nextDouble() * net.jitter();
            long t1 = Math.round(t);
            long t2 = agent.read(t1 + df);
            long t3 = agent.read(t1 + df + hold);
            long t4 = Math.round(t1 + df + hold + db);
            w.add(new Probe(t1, t2, t3, t4));
            t = t4 + 50_000;
        }
        return w;
    }

    /** Before, every second during a 10 s trial, and after: 12 windows of 32 probes. */
    static ClockRelation relate(Agent agent, Net net, Random rnd) {
        List<ProbeWindow> windows = new ArrayList<>();
        for (int s = 0; s <= 11; s++) windows.add(window("w" + s, agent, net, T0 + s * 1e9, 32, rnd));
        return ClockRelation.fromWindows(windows);
    }

    static Stream<Arguments> grid() {
        List<Arguments> out = new ArrayList<>();
        for (long offset : new long[] {0, 5_000_000, -37_000_000}) {
            for (double drift : new double[] {0, 50}) {
                out.add(Arguments.of(offset, drift, new Net(20_000, 20_000, 30_000)));
                out.add(Arguments.of(offset, drift, new Net(20_000, 400_000, 30_000)));
            }
        }
        return out.stream();
    }

    @ParameterizedTest(name = "offset {0} ns, drift {1} ppm, {2}")
    @MethodSource("grid")
    void everyMappedPointLiesWithinItsBound(long offset, double drift, Net net) {
        Random rnd = new Random(offset ^ (long) drift ^ net.back());
        Agent agent = new Agent(offset, drift);
        ClockRelation rel = relate(agent, net, rnd);

        // the estimated offset at each anchor is within that anchor's bound
        for (Anchor a : rel.anchors()) {
            assertThat(Math.abs(a.controller() - agent.truth(a.remote()))).isLessThanOrEqualTo((double) a.bound());
        }
        // every reading in the window and 1 s beyond it on both sides maps within its bound
        long first = rel.anchors().get(0).remote();
        long last = rel.anchors().get(rel.anchors().size() - 1).remote();
        for (int i = 0; i < 20_000; i++) {
            long b = first - 1_000_000_000L + (long) (rnd.nextDouble() * (last - first + 2_000_000_000L));
            double err = Math.abs(rel.toController(b) - agent.truth(b));
            assertThat(err).as("error at %d", b).isLessThanOrEqualTo((double) rel.boundAt(b));
        }
        // drift within its bound
        assertThat(Math.abs(rel.driftPpm() - drift)).isLessThanOrEqualTo(rel.driftBoundPpm());
        // the bound is within 2x of half the minimum RTT (issue 13's acceptance)
        assertThat(rel.windowBound()).isLessThanOrEqualTo(rel.minRtt());
    }

    @Test
    void asymmetricDelayWidensTheBoundAndTheWiderBoundIsNeeded() {
        Agent agent = new Agent(-37_000_000, 50);
        ClockRelation sym = relate(agent, new Net(20_000, 20_000, 30_000), new Random(1));
        ClockRelation asym = relate(agent, new Net(20_000, 400_000, 30_000), new Random(1));
        long b = sym.anchors().get(5).remote();
        double asymError = Math.abs(asym.toController(b) - agent.truth(b));

        // the true error under asymmetry is ~ (400 - 20) / 2 µs: far beyond the symmetric bound…
        assertThat(asymError).isGreaterThan(5.0 * sym.windowBound());
        // …and still within the asymmetric relation's own, wider bound
        assertThat(asymError).isLessThanOrEqualTo((double) asym.boundAt(b));
        assertThat(asym.windowBound()).isGreaterThan(180_000L);
    }

    @Test
    void theBoundIsTightWhenAllDelayIsOnOneSide() {
        // no forward delay at all: the agent read its clock the instant the probe left, the worst case
        Agent agent = new Agent(5_000_000, 0);
        ProbeWindow w = new ProbeWindow("w");
        long t1 = T0;
        w.add(new Probe(t1, agent.read(t1), agent.read(t1), t1 + 100_000));
        Anchor a = w.best().anchor();
        double err = Math.abs(a.controller() - agent.truth(a.remote()));
        assertThat(err).isEqualTo(50_000.0);
        assertThat(a.bound()).isBetween(50_000L, 50_002L);
    }

    @Test
    void theMinimumRttProbeOfAWindowIsKept() {
        ProbeWindow w = new ProbeWindow("before");
        w.add(new Probe(0, 100, 110, 500));
        w.add(new Probe(1000, 1100, 1200, 1250));
        w.add(new Probe(2000, 2100, 2105, 2400));
        assertThat(w.best().rtt()).isEqualTo(150);
        assertThat(w.rtts()).containsExactly(490, 150, 395);
    }

    @Test
    void outsideTheWindowTheBoundGrowsAsTheSeedSays() {
        ClockRelation rel =
                ClockRelation.of(List.of(new Anchor(0, 1000, 10, 20), new Anchor(1_000_000, 1_001_000, 10, 20)));
        assertThat(rel.boundAt(500_000)).isEqualTo(11);
        // f = 2: (2|f| - 1)·e = 30, +1 ns rounding
        assertThat(rel.boundAt(2_000_000)).isEqualTo(31);
        assertThat(rel.boundOver(-1_000_000, 500_000)).isEqualTo(31);
    }

    @Test
    void oneAnchorBoundsTheRateByTheLargestCredibleDrift() {
        ClockRelation rel = ClockRelation.of(List.of(new Anchor(0, 1000, 10, 20)));
        assertThat(rel.toController(1_000_000)).isEqualTo(1_001_000);
        assertThat(rel.boundAt(1_000_000)).isEqualTo(10 + 1_000);
    }

    @Test
    void aRelationNeedsDistinctAnchors() {
        assertThatThrownBy(() -> ClockRelation.of(List.of())).hasMessageContaining("at least one anchor");
        assertThatThrownBy(() -> ClockRelation.of(List.of(new Anchor(5, 1, 1, 1), new Anchor(5, 2, 1, 1))))
                .hasMessageContaining("same agent reading");
    }

    @Test
    void theTestOnlySkewIsInvertible() {
        SkewedClock c = new SkewedClock(-37_000_000, 50);
        long raw = System.nanoTime() + 3_000_000_000L;
        assertThat(c.unskew(c.skew(raw))).isBetween(raw - 1, raw + 1);
        assertThat(c.skew(raw) - raw).isBetween(-37_000_000L + 149_000, -37_000_000L + 151_000);
    }

    @Test
    void aCongestedWindowIsLeftOutEvenAtAnEndAndItsStretchIsMappedMoreTightly() {
        Agent agent = new Agent(5_000_000, 50);
        Random rnd = new Random(3);
        Net quiet = new Net(20_000, 20_000, 5_000);
        List<ProbeWindow> windows = new ArrayList<>();
        windows.add(window("before", agent, quiet, T0, 32, rnd));
        windows.add(window("during-1", agent, new Net(400_000, 400_000, 5_000), T0 + 1e9, 4, rnd));
        windows.add(window("during-2", agent, quiet, T0 + 2e9, 4, rnd));
        windows.add(window("after", agent, new Net(300_000, 300_000, 5_000), T0 + 3e9, 32, rnd));
        ClockRelation rel = ClockRelation.fromWindows(windows);
        assertThat(rel.anchors()).hasSize(2);
        assertThat(rel.windowBound()).isLessThanOrEqualTo(rel.minRtt());
        // inside: a congested window's stretch between two quiet anchors
        long b = windows.get(1).best().anchor().remote();
        assertThat(Math.abs(rel.toController(b) - agent.truth(b))).isLessThanOrEqualTo((double) rel.boundAt(b));
        assertThat(rel.boundAt(b)).isLessThan(windows.get(1).best().anchor().bound());
        // beyond the last quiet anchor: extrapolated, the bound grows, and stays below the congested anchor's
        long end = windows.get(3).best().anchor().remote();
        assertThat(Math.abs(rel.toController(end) - agent.truth(end))).isLessThanOrEqualTo((double) rel.boundAt(end));
        assertThat(rel.boundAt(end)).isGreaterThan(rel.windowBound());
        assertThat(rel.boundAt(end)).isLessThan(windows.get(3).best().anchor().bound() / 4);
    }

    @Test
    void withFewerThanTwoQuietWindowsTheFirstAndLastStay() {
        Agent agent = new Agent(0, 0);
        Random rnd = new Random(4);
        List<ProbeWindow> windows = new ArrayList<>();
        windows.add(window("before", agent, new Net(300_000, 300_000, 5_000), T0, 8, rnd));
        windows.add(window("during-1", agent, new Net(20_000, 20_000, 5_000), T0 + 1e9, 8, rnd));
        windows.add(window("after", agent, new Net(300_000, 300_000, 5_000), T0 + 2e9, 8, rnd));
        ClockRelation rel = ClockRelation.fromWindows(windows);
        assertThat(rel.anchors()).hasSize(3);
        long b = windows.get(2).best().anchor().remote() + 500_000_000L;
        assertThat(Math.abs(rel.toController(b) - agent.truth(b))).isLessThanOrEqualTo((double) rel.boundAt(b));
    }
}
