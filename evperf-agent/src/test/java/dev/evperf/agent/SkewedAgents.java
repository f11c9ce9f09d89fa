package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.agent.clock.Anchor;
import dev.evperf.agent.clock.ClockRelation;
import dev.evperf.agent.clock.Probe;
import dev.evperf.agent.clock.ProbeWindow;
import dev.evperf.agent.clock.SkewedClock;
import dev.evperf.agent.wire.Secret;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;

/**
 * The skewed setup the tests of mapped figures share: driver and sink agent JVMs on loopback under
 * one run secret, each with a known test-only clock offset and drift from issue 13's grid (+5 ms,
 * −37 ms, 50 ppm), so the truth of every timestamp they report is known (every process on one host
 * reads the one monotonic clock the controller reads).
 */
final class SkewedAgents {
    static final long PLUS_5_MS = 5_000_000;
    static final long MINUS_37_MS = -37_000_000;
    static final double DRIFT_PPM = 50;

    /** An agent JVM and the skew it applies to every timestamp it reports. */
    record Agent(String name, LocalAgent process, SkewedClock clock) {
        AgentAddress address() {
            return process.address();
        }
    }

    private final Secret secret;
    private final List<Agent> drivers;
    private final Agent sink;

    private SkewedAgents(Secret secret, List<Agent> drivers, Agent sink) {
        this.secret = secret;
        this.drivers = drivers;
        this.sink = sink;
    }

    /** Agents a test started in its own way (through a proxy, in a namespace) with the skews it gave them. */
    static SkewedAgents of(Secret secret, List<Agent> drivers, Agent sink) {
        return new SkewedAgents(secret, drivers, sink);
    }

    /** The agent {@code a}, started with {@code --test-clock-offset-ns offsetNs --test-clock-drift-ppm driftPpm}. */
    static Agent skewed(LocalAgent a, long offsetNs, double driftPpm) {
        return new Agent(a.address().name(), a, new SkewedClock(offsetNs, driftPpm, a.clockBase()));
    }

    /** The options that give an agent that skew. */
    static List<String> options(long offsetNs, double driftPpm) {
        return List.of(
                "--test-clock-offset-ns", Long.toString(offsetNs), "--test-clock-drift-ppm", Double.toString(driftPpm));
    }

    /** driver-1 at +5 ms and 50 ppm, sink-1 at −37 ms. */
    static SkewedAgents driverAndSink(TestAgents agents, Path dir) throws IOException {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        Agent driver = start(agents, secretFile, "driver-1", PLUS_5_MS, DRIFT_PPM);
        Agent sink = start(agents, secretFile, "sink-1", MINUS_37_MS, 0);
        return new SkewedAgents(secret, List.of(driver), sink);
    }

    /** Seed 004's two drivers and one sink: driver-1 at +5 ms, driver-2 at −37 ms, sink-1 drifting 50 ppm. */
    static SkewedAgents twoDriversAndSink(TestAgents agents, Path dir) throws IOException {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        Agent d1 = start(agents, secretFile, "driver-1", PLUS_5_MS, 0);
        Agent d2 = start(agents, secretFile, "driver-2", MINUS_37_MS, 0);
        Agent sink = start(agents, secretFile, "sink-1", 0, DRIFT_PPM);
        return new SkewedAgents(secret, List.of(d1, d2), sink);
    }

    private static Agent start(TestAgents agents, Path secretFile, String name, long offsetNs, double driftPpm)
            throws IOException {
        return skewed(
                agents.start(name, secretFile, options(offsetNs, driftPpm).toArray(new String[0])), offsetNs, driftPpm);
    }

    Secret secret() {
        return secret;
    }

    Agent driver() {
        return drivers.get(0);
    }

    Agent sink() {
        return sink;
    }

    /** The drivers' and the sink's addresses, in that order. */
    List<AgentAddress> addresses() {
        return Stream.concat(drivers.stream(), Stream.of(sink))
                .map(Agent::address)
                .toList();
    }

    /** A trial of {@code load} from these drivers to the sink, 32 probes a window, 8 every 200 ms during it. */
    AgentTrial.Plan plan(Schedule load) {
        return new AgentTrial.Plan(
                addresses(), driverNames(), List.of(sink.name()), load, 32, 8, 200, 15_000, null, null);
    }

    List<String> driverNames() {
        return drivers.stream().map(Agent::name).toList();
    }

    private Agent driverNamed(String name) {
        return drivers.stream().filter(d -> d.name().equals(name)).findFirst().orElseThrow();
    }

    /**
     * Every received event's send, receipt and latency on the controller's clock lie within their
     * bounds of the truth (events a query dropped have no receipt: the caller checks the counts).
     */
    void assertWithinBounds(AgentFigures f) {
        for (int i = 0; i < f.planned(); i++) {
            if (f.receipt(i) < 0) continue;
            Agent d = driverNamed(f.driverOf(i));
            long trueSend = d.clock().unskew(f.sendOnAgent(i));
            long trueReceipt = sink.clock().unskew(f.receiptOnAgent(i));
            assertThat(Math.abs(f.send(i) - trueSend))
                    .as("send %d", i)
                    .isLessThanOrEqualTo(f.relation(d.name()).boundAt(f.sendOnAgent(i)) + 1);
            assertThat(Math.abs(f.receipt(i) - trueReceipt))
                    .as("receipt %d", i)
                    .isLessThanOrEqualTo(f.relation(sink.name()).boundAt(f.receiptOnAgent(i)) + 1);
            assertThat(Math.abs(f.latency(i) - (trueReceipt - trueSend)))
                    .as("latency %d", i)
                    .isLessThanOrEqualTo(f.bound(i) + 2);
        }
    }

    /**
     * Issue 13's bound, checked on this trial's own probes: each window's anchor is its minimum-RTT
     * probe and its bound ½ of that probe's network RTT (plus the hold-time rate term and 1 ns);
     * the true offset (the injected skew) lies inside every window's bound, kept or left out; every
     * reading across the trial and a tenth beyond it maps within its bound of the truth; and the
     * relation's bound e is within 2× of ½ the trial's minimum RTT.
     *
     * @return per agent, e / (½ minimum RTT)
     */
    java.util.Map<String, Double> assertBoundStructure(AgentFigures f) {
        java.util.Map<String, Double> ratios = new java.util.LinkedHashMap<>();
        List<Agent> all = new ArrayList<>(drivers);
        all.add(sink);
        for (Agent a : all) {
            ClockRelation r = f.relation(a.name());
            long minRtt = Long.MAX_VALUE;
            long minRttHoldTerm = 0;
            long bestBound = Long.MAX_VALUE;
            for (ProbeWindow w : f.windows(a.name())) {
                Probe p = w.best();
                long rtt = (p.t4() - p.t1()) - (p.t3() - p.t2());
                assertThat(rtt)
                        .as("%s %s: the kept probe has the window's minimum RTT", a.name(), w.label())
                        .isEqualTo(Arrays.stream(w.rtts()).min().orElseThrow());
                Anchor an = p.anchor();
                long holdTerm = (long) Math.ceil(Probe.MAX_RATE_ERROR * (p.t3() - p.t2()) / 2);
                assertThat(an.bound())
                        .as("%s %s: bound from the probe's own RTT", a.name(), w.label())
                        .isBetween((rtt + 1) / 2, (rtt + 1) / 2 + holdTerm + 1);
                assertThat(Math.abs(an.controller() - a.clock().unskew(an.remote())))
                        .as("%s %s: the true offset inside the bound", a.name(), w.label())
                        .isLessThanOrEqualTo(an.bound());
                if (rtt < minRtt) minRttHoldTerm = holdTerm;
                minRtt = Math.min(minRtt, rtt);
                bestBound = Math.min(bestBound, an.bound());
            }
            assertThat(r.minRtt())
                    .as("%s: the relation's minimum RTT is the trial's", a.name())
                    .isEqualTo(minRtt);
            assertThat(r.windowBound())
                    .as("%s: e within 2× of the best anchor's bound", a.name())
                    .isLessThanOrEqualTo(2 * bestBound);
            // so e ≤ 2 × ½ minimum RTT, up to the minimum-RTT probe's hold term and integer halves (ns)
            assertThat(r.windowBound())
                    .as("%s: e within 2× of ½ the minimum RTT", a.name())
                    .isLessThanOrEqualTo(minRtt + 2 * minRttHoldTerm + 3);
            long first = f.windows(a.name()).get(0).best().anchor().remote();
            List<ProbeWindow> ws = f.windows(a.name());
            long last = ws.get(ws.size() - 1).best().anchor().remote();
            long margin = (last - first) / 10;
            for (int i = 0; i <= 1_000; i++) {
                long y = first - margin + (last - first + 2 * margin) / 1_000 * i;
                assertThat(Math.abs(r.toController(y) - a.clock().unskew(y)))
                        .as("%s: reading %d mapped within its bound", a.name(), y)
                        .isLessThanOrEqualTo(r.boundAt(y) + 1);
            }
            ratios.put(a.name(), r.windowBound() / (minRtt / 2.0));
        }
        return ratios;
    }

    /**
     * How far two driver agents' intended times, mapped onto the controller's clock, may be off one
     * absolute schedule from one start: twice the largest mapping bound of any intended time, plus
     * each driver's start bound (its "before" window's anchor, through which it was told the start).
     */
    static long unionSlack(AgentFigures f) {
        long slack = 0;
        for (int g = 0; g < f.planned(); g++)
            slack = Math.max(slack, f.relation(f.driverOf(g)).boundAt(f.intendedOnAgent(g)));
        return 2 * slack + startBound(f, "driver-1") + startBound(f, "driver-2") + 2;
    }

    private static long startBound(AgentFigures f, String agent) {
        return f.windows(agent).get(0).best().anchor().bound();
    }

    /** Every agent ends by itself once its controller said bye. */
    void assertAllExit(Duration within) throws InterruptedException {
        List<Agent> all = new ArrayList<>(drivers);
        all.add(sink);
        for (Agent a : all)
            assertThat(a.process().awaitExit(within)).as(a.name()).isTrue();
    }
}
