package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.agent.clock.Anchor;
import dev.evperf.agent.clock.ClockRelation;
import dev.evperf.agent.clock.ProbeWindow;
import dev.evperf.agent.clock.SkewedClock;
import dev.evperf.agent.wire.Secret;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The clock bound on real sockets with a known path: probes from this JVM to an agent JVM (with a
 * known test-only skew) through the user-space {@link DelayProxy}, symmetric and asymmetric.
 */
class DelayProxyTest {
    static final long MS = 1_000_000;

    @TempDir
    Path dir;

    private final List<AutoCloseable> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (AutoCloseable c : open) c.close();
    }

    /** Three windows of probes through a proxy with the given delays; the relation and the truth. */
    private ClockRelation probe(DelayProxy.Delay to, DelayProxy.Delay from, SkewedClock[] truth) throws Exception {
        Path secretFile = dir.resolve("secret-" + to.fixedNs() + "-" + from.fixedNs());
        Secret secret = Secret.create(secretFile);
        LocalAgent agent = LocalAgent.start(
                "a",
                System.getProperty("java.class.path"),
                secretFile,
                dir.resolve("a-" + to.fixedNs() + "-" + from.fixedNs() + ".log"),
                Duration.ofSeconds(90),
                List.of("--test-clock-offset-ns", "-37000000", "--test-clock-drift-ppm", "50"));
        open.add(agent);
        DelayProxy proxy = new DelayProxy(
                new InetSocketAddress("127.0.0.1", agent.address().port()), to, from);
        open.add(proxy);
        truth[0] = new SkewedClock(-37_000_000, 50, agent.clockBase());
        List<ProbeWindow> windows = new ArrayList<>();
        try (AgentLink link = AgentLink.connect("a", "127.0.0.1", proxy.port(), secret, 15_000)) {
            for (int w = 0; w < 3; w++) {
                ProbeWindow win = new ProbeWindow("w" + w);
                link.probe(win, 16, 200);
                windows.add(win);
                Thread.sleep(300);
            }
        }
        return ClockRelation.fromWindows(windows);
    }

    private static double worstError(ClockRelation r, SkewedClock truth) {
        double worst = 0;
        for (Anchor a : r.anchors()) {
            double err = Math.abs(a.controller() - truth.unskew(a.remote()));
            assertThat(err).as("anchor error within its bound").isLessThanOrEqualTo(a.bound() + 1.0);
            worst = Math.max(worst, err);
        }
        // a point between the anchors too
        long mid = (r.anchors().get(0).remote() + r.anchors().get(2).remote()) / 2;
        double err = Math.abs(r.toController(mid) - truth.unskew(mid));
        assertThat(err).isLessThanOrEqualTo(r.boundAt(mid) + 1.0);
        return Math.max(worst, err);
    }

    @Test
    void anAsymmetricPathWidensTheBoundAndTheEstimateStaysWithinIt() throws Exception {
        SkewedClock[] truth = new SkewedClock[1];
        ClockRelation sym = probe(new DelayProxy.Delay(2 * MS, 0), new DelayProxy.Delay(2 * MS, 0), truth);
        double symError = worstError(sym, truth[0]);
        ClockRelation asym = probe(new DelayProxy.Delay(0, 0), new DelayProxy.Delay(4 * MS, 200_000), truth);
        double asymError = worstError(asym, truth[0]);
        System.out.printf(
                "symmetric 2+2 ms: bound %.1f µs, min RTT %.1f µs, worst error %.1f µs%n",
                sym.windowBound() / 1e3, sym.minRtt() / 1e3, symError / 1e3);
        System.out.printf(
                "asymmetric 0+4 ms: bound %.1f µs, min RTT %.1f µs, worst error %.1f µs%n",
                asym.windowBound() / 1e3, asym.minRtt() / 1e3, asymError / 1e3);

        // both paths have a 4 ms round trip: the bound is ½ of it either way…
        assertThat(sym.windowBound()).isGreaterThanOrEqualTo(2 * MS);
        assertThat(asym.windowBound()).isGreaterThanOrEqualTo(2 * MS);
        // …the symmetric path's estimate is far inside it, the asymmetric one's needs nearly all of it
        assertThat(symError).isLessThan(asymError);
        assertThat(asymError).isGreaterThan(1.5 * MS);
        // the bound against ½ of the minimum RTT (issue 13: within 2x) is reported, not asserted: on a
        // loaded machine a whole window can be descheduled; ClockRelationTest asserts it where the path is known
        System.out.printf("bound / (min RTT / 2): %.2f%n", 2.0 * asym.windowBound() / asym.minRtt());
    }

    /**
     * Issue 13's acceptance on real sockets: offsets 0, +5 ms and -37 ms, drift 0 and 50 ppm, over
     * symmetric and asymmetric proxy delays on the controller's links to both agents; a whole trial
     * each, every event's latency within its bound of the truth, the bound at least ½ of the injected RTT.
     */
    @ParameterizedTest(name = "driver {0} ns {1} ppm, sink {2} ns {3} ppm, out {4} µs back {5} µs")
    @CsvSource({
        "0, 0, 5000000, 50, 1000, 1000",
        "-37000000, 50, 0, 0, 0, 2000",
        "5000000, 0, -37000000, 50, 2000, 0",
        "0, 50, 5000000, 0, 300, 300",
    })
    void aTrialThroughTheProxyIsWithinTheBound(long dOff, double dPpm, long sOff, double sPpm, long outUs, long backUs)
            throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        String cp = System.getProperty("java.class.path");
        LocalAgent driver = LocalAgent.start(
                "driver-1",
                cp,
                secretFile,
                dir.resolve("d.log"),
                Duration.ofSeconds(90),
                SkewedAgents.options(dOff, dPpm));
        open.add(driver);
        LocalAgent sink = LocalAgent.start(
                "sink-1",
                cp,
                secretFile,
                dir.resolve("s.log"),
                Duration.ofSeconds(90),
                SkewedAgents.options(sOff, sPpm));
        open.add(sink);
        DelayProxy.Delay out = new DelayProxy.Delay(outUs * 1000, 100_000);
        DelayProxy.Delay back = new DelayProxy.Delay(backUs * 1000, 100_000);
        DelayProxy dp = new DelayProxy(
                new InetSocketAddress("127.0.0.1", driver.address().port()), out, back);
        open.add(dp);
        DelayProxy sp =
                new DelayProxy(new InetSocketAddress("127.0.0.1", sink.address().port()), out, back);
        open.add(sp);
        // the controller reaches both agents through the proxies; the driver reaches the sink directly
        AgentFigures f = new AgentTrial(
                        new AgentTrial.Plan(
                                List.of(
                                        new AgentAddress("driver-1", "127.0.0.1", dp.port()),
                                        new AgentAddress("sink-1", "127.0.0.1", sp.port())),
                                List.of("driver-1"),
                                List.of("sink-1"),
                                1_000,
                                1_000,
                                16,
                                4,
                                200,
                                15_000),
                        secret)
                .run();
        assertThat(f.received()).isEqualTo(1_000);
        SkewedAgents.of(secret, List.of(SkewedAgents.skewed(driver, dOff, dPpm)), SkewedAgents.skewed(sink, sOff, sPpm))
                .assertWithinBounds(f);
        for (String a : List.of("driver-1", "sink-1")) {
            ClockRelation r = f.relation(a);
            System.out.printf("%s: bound / (min RTT / 2) = %.2f%n", a, 2.0 * r.windowBound() / r.minRtt());
            assertThat(r.windowBound()).as(a).isGreaterThanOrEqualTo((outUs + backUs) * 1000 / 2);
        }
        System.out.println(String.join("\n", f.summary()));
    }
}
