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
        // and the bound is within 2x of half the minimum RTT
        assertThat(asym.windowBound()).isLessThanOrEqualTo(asym.minRtt());
    }
}
