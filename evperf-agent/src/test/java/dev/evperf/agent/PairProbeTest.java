package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.agent.clock.Anchor;
import dev.evperf.agent.clock.ProbeWindow;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The direct driver-sink probe on real agent JVMs with skewed clocks (driver +5 ms and 50 ppm, sink
 * −37 ms): the driver agent probes the sink agent itself, the pair's relation holds the true offset
 * between the two clocks inside every window's bound, and each pair's events are timed through the
 * relation with the tighter bound. Which one that is, is set here by a user-space delay on one path:
 * with the controller's paths to both agents delayed (2 ms each way) the pair's own probes win by far;
 * with the driver's path to its sink delayed (events and pair probes alike) the controller's win.
 */
class PairProbeTest {
    private static final DelayProxy.Delay TWO_MS = new DelayProxy.Delay(2_000_000, 0);

    @TempDir
    Path dir;

    @RegisterExtension
    final TestAgents agents = new TestAgents();

    private final List<DelayProxy> proxies = new ArrayList<>();

    @AfterEach
    void closeProxies() throws IOException {
        for (DelayProxy p : proxies) p.close();
    }

    @Test
    void theDirectProbeTimesThePairWhenTheControllersPathsAreSlow() throws Exception {
        SkewedAgents a = SkewedAgents.driverAndSink(agents, dir);
        List<AgentAddress> slow = new ArrayList<>();
        for (AgentAddress x : a.addresses())
            slow.add(new AgentAddress(x.name(), "127.0.0.1", proxy(x.host() + ":" + x.port())));
        AgentTrial.Plan plan = new AgentTrial.Plan(
                slow, a.driverNames(), List.of("sink-1"), a.plan(load()).load(), 16, 4, 200, 15_000, null, null);
        AgentFigures f = new AgentTrial(plan, a.secret()).run();

        assertThat(f.received()).isEqualTo(1_000);
        PairLatency.Choice c = checkPair(a, f);
        assertThat(c.direct()).as(c.line()).isTrue();
        // the controller's relations carry ½ of ≥ 4 ms each; the pair's own loopback path far less
        assertThat(c.viaBound()).isGreaterThan(4_000_000);
        assertThat(c.directBound()).as(c.line()).isLessThan(c.viaBound() / 10);
        assertThat(f.maxBound()).isEqualTo(c.directBound());
        a.assertWithinBounds(f);

        f.write(dir.resolve("trial"));
        String result = Files.readString(dir.resolve("trial/result.json"));
        assertThat(result).contains("\"used\" : \"direct\"", "\"direct_bound_us\"", "by their direct probes");
        assertThat(String.join("\n", f.summary()))
                .contains("latency driver-1 -> sink-1: the direct driver-sink probe used");
        System.out.println(String.join("\n", f.summary()));
    }

    @Test
    void theControllersRelationsTimeThePairWhenItsOwnPathIsSlow() throws Exception {
        SkewedAgents a = SkewedAgents.driverAndSink(agents, dir);
        UnaryOperator<String> slowPair = target -> "127.0.0.1:" + proxy(target);
        AgentFigures f = new AgentTrial(a.plan(load()), a.secret(), slowPair).run();

        assertThat(f.received()).isEqualTo(1_000);
        PairLatency.Choice c = checkPair(a, f);
        assertThat(c.direct()).as(c.line()).isFalse();
        assertThat(c.directBound()).isGreaterThan(2_000_000);
        assertThat(f.maxBound()).isEqualTo(c.viaBound());
        // the events crossed the delayed path too: 2 ms on the way to the sink, less the bound
        assertThat(f.latencyPercentile(50)).isGreaterThan(2_000_000 - f.maxBound());
        a.assertWithinBounds(f);
        assertThat(String.join("\n", f.summary())).contains("via the controller (the tighter)");
    }

    /**
     * A driver that cannot reach its sink's probe listener (a firewall; with Kafka between them it
     * need not reach the sink at all) does not fail the trial: that pair is timed through the
     * controller, and the summary and result.json say why.
     */
    @Test
    void aPairWhoseDirectProbeCannotBeMadeIsTimedThroughTheController() throws Exception {
        SkewedAgents a = SkewedAgents.driverAndSink(agents, dir);
        int closed;
        try (java.net.ServerSocket s = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            closed = s.getLocalPort();
        }
        int port = closed;
        // the first address routed is the sink's probe listener (ClockProbes pairs before any part is planned)
        java.util.concurrent.atomic.AtomicInteger routed = new java.util.concurrent.atomic.AtomicInteger();
        UnaryOperator<String> blocked = target -> routed.getAndIncrement() == 0 ? "127.0.0.1:" + port : target;
        AgentFigures f = new AgentTrial(a.plan(load()), a.secret(), blocked).run();

        assertThat(f.received()).isEqualTo(1_000);
        assertThat(f.pairs()).hasSize(1);
        PairLatency.Choice c = f.pairs().get(0);
        assertThat(c.direct()).isFalse();
        assertThat(c.unavailable()).contains("driver-1", "peer probe to agent 'sink-1' at 127.0.0.1:" + port);
        a.assertWithinBounds(f);
        assertThat(String.join("\n", f.summary()))
                .contains("latency driver-1 -> sink-1: via the controller (no direct probe: agent 'driver-1'");
        f.write(dir.resolve("trial"));
        assertThat(Files.readString(dir.resolve("trial/result.json"))).contains("\"direct_unavailable\"");
    }

    private static Schedule load() {
        return new Schedule(List.of(Schedule.constant(1_000, 1_000)), Schedule.BY_RATE, 1, 1, 0);
    }

    /**
     * The pair's relation: every window's anchor holds the true reading of the driver's clock at the
     * sink's reading within its bound (the two injected skews give the truth).
     */
    private static PairLatency.Choice checkPair(SkewedAgents a, AgentFigures f) {
        assertThat(f.pairs()).hasSize(1);
        PairLatency.Choice c = f.pairs().get(0);
        assertThat(c.pair().driver()).isEqualTo("driver-1");
        assertThat(c.pair().sink()).isEqualTo("sink-1");
        assertThat(c.events()).isEqualTo(1_000);
        assertThat(c.windows()).hasSizeGreaterThanOrEqualTo(3);
        for (ProbeWindow w : c.windows()) {
            Anchor an = w.best().anchor();
            long trueOnDriver = a.driver().clock().skew(a.sink().clock().unskew(an.remote()));
            assertThat(Math.abs(an.controller() - trueOnDriver))
                    .as("window %s: the true driver reading inside the bound", w.label())
                    .isLessThanOrEqualTo(an.bound() + 1);
        }
        return c;
    }

    private int proxy(String target) {
        int colon = target.lastIndexOf(':');
        try {
            DelayProxy p = new DelayProxy(
                    new InetSocketAddress(target.substring(0, colon), Integer.parseInt(target.substring(colon + 1))),
                    TWO_MS,
                    TWO_MS);
            proxies.add(p);
            return p.port();
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }
}
