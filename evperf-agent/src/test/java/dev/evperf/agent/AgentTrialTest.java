package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.agent.clock.ClockRelation;
import dev.evperf.agent.clock.ProbeWindow;
import dev.evperf.agent.wire.Secret;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real agent JVMs on loopback, started as a controller starts them: a driver agent sending to a
 * sink agent, each with a known test-only clock skew, related to this JVM's clock by probes. Every
 * process on one host reads one monotonic clock, so the truth of every mapped timestamp is known.
 */
class AgentTrialTest {
    @TempDir
    Path dir;

    @RegisterExtension
    final TestAgents agents = new TestAgents();

    private LocalAgent agent(String name, Path secret, String... extra) throws IOException {
        return agents.start(name, secret, extra);
    }

    private static AgentTrial.Plan plan(
            List<AgentAddress> agents, List<String> drivers, String sink, int events, double rate) {
        return new AgentTrial.Plan(agents, drivers, List.of(sink), events, rate, 32, 8, 200, 15_000);
    }

    @Test
    void aDriverAndASinkOnSkewedClocksAreMappedWithinTheBound() throws Exception {
        SkewedAgents a = SkewedAgents.driverAndSink(agents, dir);
        AgentFigures f = new AgentTrial(plan(a.addresses(), a.driverNames(), "sink-1", 3_000, 2_000), a.secret()).run();

        assertThat(f.received()).isEqualTo(3_000);
        ClockRelation dr = f.relation("driver-1");
        ClockRelation sr = f.relation("sink-1");
        a.assertWithinBounds(f);
        // the estimated offsets and drift are the injected ones, within their bounds
        long driverBase = a.driver().process().clockBase();
        assertThat(Math.abs(-dr.offset()
                        - SkewedAgents.PLUS_5_MS
                        - SkewedAgents.DRIFT_PPM
                                * 1e-6
                                * (dr.anchors().get(0).remote() - SkewedAgents.PLUS_5_MS - driverBase)))
                .isLessThanOrEqualTo(dr.windowBound() + 2.0);
        assertThat(Math.abs(-sr.offset() - SkewedAgents.MINUS_37_MS)).isLessThanOrEqualTo(sr.windowBound() + 1);
        assertThat(Math.abs(dr.driftPpm() - SkewedAgents.DRIFT_PPM)).isLessThanOrEqualTo(dr.driftBoundPpm() + 0.01);

        f.write(dir.resolve("trial"));
        String result = Files.readString(dir.resolve("trial/result.json"));
        assertThat(result).contains("\"clock_bound_us\"", "\"driver-1\"", "\"sink-1\"", "\"min_rtt_us\"");
        assertThat(String.join("\n", f.summary())).contains("latency across clocks ±");
        System.out.println(String.join("\n", f.summary()));
        // both agents end on their own once their controller said bye
        a.assertAllExit(Duration.ofSeconds(20));
    }

    @Test
    void aDriverAndSinkInOneAgentNeedNoRelation() throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        LocalAgent both = agent("both", secretFile);
        AgentFigures f =
                new AgentTrial(plan(List.of(both.address()), List.of("both"), "both", 500, 1_000), secret).run();
        assertThat(f.received()).isEqualTo(500);
        assertThat(f.sameClock()).isTrue();
        assertThat(String.join("\n", f.summary())).contains("no relation needed");
        assertThat(f.maxBound()).isLessThan(f.latencyPercentile(100) / 100 + 2);
    }

    @Test
    void twoDriverAgentsShareOneLoad() throws Exception {
        SkewedAgents a = SkewedAgents.twoDriversAndSink(agents, dir);
        AgentFigures f = new AgentTrial(plan(a.addresses(), a.driverNames(), "sink-1", 1_001, 1_000), a.secret()).run();
        assertThat(f.received()).isEqualTo(1_001);
        a.assertWithinBounds(f);
    }

    /**
     * Two driver agents on skewed clocks split a two-phase load by key; both start at one instant of
     * the controller's clock, so every event's intended time, mapped back, is the load's start plus
     * its offset in the whole schedule, within the two drivers' bounds.
     */
    @Test
    void twoDriverAgentsSplitATwoPhaseLoadByKeyOnOneAbsoluteSchedule() throws Exception {
        SkewedAgents a = SkewedAgents.twoDriversAndSink(agents, dir);
        Schedule load = new Schedule(
                List.of(Schedule.constant(600, 1_000), Schedule.constant(1_200, 2_000)), Schedule.BY_KEY, 10, 2, 0);
        AgentFigures f = new AgentTrial(a.plan(load), a.secret()).run();
        assertThat(f.received()).isEqualTo(1_800);
        long start = f.intended(0);
        long[] offsets = load.offsets();
        // each driver's start carries the error of the anchor it was told through (its "before"
        // window's, kept in the relation or not); event 0's mapping its own
        long both = beforeBound(f, "driver-1")
                + beforeBound(f, "driver-2")
                + f.relation("driver-1").boundAt(f.intendedOnAgent(0));
        for (int g = 0; g < 1_800; g++) {
            // keys 0-4 on driver-1, 5-9 on driver-2
            assertThat(f.driverOf(g)).as("driver of %d", g).isEqualTo(g % 10 < 5 ? "driver-1" : "driver-2");
            assertThat(Math.abs(f.intended(g) - start - offsets[g]))
                    .as("intended time of %d against the whole schedule", g)
                    .isLessThanOrEqualTo(both + f.relation(f.driverOf(g)).boundAt(f.intendedOnAgent(g)) + 2);
        }
        a.assertWithinBounds(f);
    }

    private static long beforeBound(AgentFigures f, String agent) {
        ProbeWindow before = f.windows(agent).get(0);
        assertThat(before.label()).isEqualTo("before");
        return before.best().anchor().bound();
    }

    @Test
    void twoDriverAgentsAndTwoSinkAgentsShareTheLoadAndTheOutputs() throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        List<AgentAddress> all = new ArrayList<>();
        for (String n : List.of("d1", "d2", "s1", "s2"))
            all.add(agent(n, secretFile, "--test-clock-offset-ns", "" + n.hashCode() * 1000L)
                    .address());
        AgentFigures f = new AgentTrial(
                        new AgentTrial.Plan(
                                all, List.of("d1", "d2"), List.of("s1", "s2"), 1_000, 1_000, 32, 8, 200, 15_000),
                        secret)
                .run();
        assertThat(f.received()).isEqualTo(1_000);
        for (int i = 0; i < 1_000; i++) assertThat(f.latency(i)).isGreaterThanOrEqualTo(-f.bound(i));
        assertThat(String.join("\n", f.summary())).contains("clock s1:", "clock s2:", "latency across clocks ±");
    }

    @Test
    void aWrongSecretIsRefusedAndNamed() throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret.create(secretFile);
        LocalAgent a = agent("driver-1", secretFile);
        Secret other = Secret.create(dir.resolve("other"));
        assertThatThrownBy(() ->
                        AgentLink.connect("driver-1", "127.0.0.1", a.address().port(), other, 10_000))
                .isInstanceOf(AgentFailure.class)
                .hasMessageContaining("agent 'driver-1'")
                .hasMessageContaining("refused the run's secret");
        assertThat(Files.readString(agents.log("driver-1"))).contains("wrong secret");
    }

    @Test
    void everyWaitOfAnAgentIsBounded() throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        Secret wrong = Secret.create(dir.resolve("wrong"));
        // no controller comes
        LocalAgent lonely = agent("lonely", secretFile, "--accept-ms", "1000");
        assertThat(lonely.awaitExit(Duration.ofSeconds(60))).isTrue();
        assertThat(lonely.process().exitValue()).isEqualTo(AgentServer.NO_CONTROLLER);
        assertThat(Files.readString(agents.log("lonely"))).contains("no controller connected within 1000 ms");
        // a controller that says nothing after the handshake is taken as gone
        LocalAgent idle = agent("idle", secretFile, "--idle-ms", "1000");
        AgentLink link = AgentLink.connect("idle", "127.0.0.1", idle.address().port(), secret, 10_000);
        assertThat(idle.awaitExit(Duration.ofSeconds(60))).isTrue();
        link.close();
        assertThat(Files.readString(agents.log("idle"))).contains("controller silent for 1000 ms");
        // three wrong answers end the agent
        LocalAgent guarded = agent("guarded", secretFile);
        for (int i = 0; i < AgentOptions.MAX_REFUSALS; i++) {
            assertThatThrownBy(() -> AgentLink.connect(
                            "guarded", "127.0.0.1", guarded.address().port(), wrong, 10_000))
                    .hasMessageContaining("refused the run's secret");
        }
        assertThat(guarded.awaitExit(Duration.ofSeconds(60))).isTrue();
        assertThat(guarded.process().exitValue()).isEqualTo(AgentServer.NO_CONTROLLER);
    }

    @Test
    void anAgentThatCannotBeReachedIsNamed() throws Exception {
        int free;
        try (ServerSocket s = new ServerSocket(0)) {
            free = s.getLocalPort();
        }
        Secret secret = Secret.create(dir.resolve("secret"));
        assertThatThrownBy(() -> AgentLink.connect("far-away", "127.0.0.1", free, secret, 5_000))
                .hasMessageStartingWith("agent 'far-away' cannot be reached at 127.0.0.1:" + free);
    }

    @Test
    void aLostAgentFailsTheTrialWithItsNameAndNothingRemains() throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        LocalAgent driver = agent("driver-1", secretFile);
        LocalAgent sink = agent("sink-1", secretFile);
        Thread killer = new Thread(() -> {
            try {
                Thread.sleep(1_500);
            } catch (InterruptedException e) {
                return;
            }
            driver.process().destroyForcibly(); // SIGKILL
        });
        killer.start();
        // 20 s planned: the kill comes long before the end
        AgentTrial trial = new AgentTrial(
                plan(List.of(driver.address(), sink.address()), List.of("driver-1"), "sink-1", 40_000, 2_000), secret);
        long t0 = System.nanoTime();
        assertThatThrownBy(trial::run).isInstanceOf(AgentFailure.class).satisfies(e -> {
            assertThat(((AgentFailure) e).agent()).isEqualTo("driver-1");
            assertThat(e.getMessage()).startsWith("agent 'driver-1' lost");
        });
        killer.join();
        // the plan is 20 s long: a trial that noticed the loss only at its end would take longer
        assertThat((System.nanoTime() - t0) / 1e9)
                .as("seconds until the trial failed")
                .isLessThan(20);
        assertThat(driver.process().isAlive()).isFalse();
        // the sink agent was told bye and exits by itself
        assertThat(sink.awaitExit(Duration.ofSeconds(20))).isTrue();
    }

    @Test
    void optionsRefuseARemoteAddressAndAShortSecret() throws IOException {
        Path secret = dir.resolve("s");
        Files.writeString(secret, "short\n");
        assertThatThrownBy(() -> Secret.read(secret))
                .hasMessage("secret file " + secret + ": the secret has 5 bytes, at least 16 needed");
        AgentOptions remote =
                AgentMain.parse(new String[] {"--listen", "0.0.0.0:7000", "--secret-file", secret.toString()});
        assertThatThrownBy(remote::bindAddress).hasMessageStartingWith("--listen: 0.0.0.0 is not a loopback address");
        AgentOptions allowed = AgentMain.parse(
                new String[] {"--listen", "0.0.0.0:7000", "--secret-file", secret.toString(), "--allow-remote"});
        assertThat(allowed.bindAddress().isAnyLocalAddress()).isTrue();
        assertThatThrownBy(() -> AgentMain.parse(new String[] {"--listen", "127.0.0.1:x", "--secret-file", "f"}))
                .hasMessage("--listen: port 'x' is not a number");
        assertThatThrownBy(() -> AgentMain.parse(new String[] {"--listen", "127.0.0.1:1"}))
                .hasMessage("--secret-file is required");
    }

    /**
     * Seed 004's remote configuration: 700 ms into the load the controller switches the sink agent's
     * handler to record one arrival in 10; the switch is recorded between two arrivals, mapped onto the
     * controller's clock, and the records follow it exactly.
     */
    @Test
    void theControllerSwitchesASinksDownsamplingWhileTheTrialRuns() throws Exception {
        SkewedAgents a = SkewedAgents.driverAndSink(agents, dir);
        AgentFigures f = new AgentTrial(plan(a.addresses(), a.driverNames(), "sink-1", 3_000, 2_000), a.secret())
                .switching(List.of(new AgentTrial.Switch("sink-1", "downsample", 10, 700)))
                .run();

        assertThat(f.switches()).hasSize(1);
        HandlerSwitch sw = f.switches().get(0);
        assertThat(sw.from()).isEqualTo(1);
        assertThat(sw.to()).isEqualTo(10);
        int before = (int) sw.arrivalsBefore();
        assertThat(before).isBetween(1, 2_999);
        // one driver over TCP: arrival i is event i; every one before the switch, then one in 10
        for (int i = 0; i < 3_000; i++) {
            assertThat(f.receipt(i) >= 0).as("event %d recorded", i).isEqualTo(i < before || (i - before) % 10 == 0);
        }
        assertThat(f.received()).isEqualTo(before + (3_000 - before + 9) / 10);
        // the last arrival before the switch had its receipt read before the switch (one agent, one clock)
        assertThat(f.receiptOnAgent(before - 1)).isLessThanOrEqualTo(sw.atAgent());
        // sent 700 ms into the load by the controller's clock: not earlier on the agent's, within its bound
        assertThat(sw.at()).isGreaterThanOrEqualTo(700_000_000L - sw.bound());
        assertThat(String.join("\n", f.summary()))
                .contains("switch (controller's request): sink-1 part 0 downsample 1 -> 10 at ");
        f.write(dir.resolve("trial"));
        assertThat(Files.readString(dir.resolve("trial/result.json")))
                .contains("\"switches\"", "\"arrivals_before\" : " + before);
    }

    /** A switch needs the run's secret on the request itself, is taken once, and names a setting the part has. */
    @Test
    void aSwitchNotSignedWithTheRunsSecretOrReplayedIsRefused() throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        Secret other = Secret.create(dir.resolve("other"));
        LocalAgent sink = agent("sink-1", secretFile);
        try (AgentLink link =
                AgentLink.connect("sink-1", "127.0.0.1", sink.address().port(), secret, 15_000)) {
            int part = link.plan(PartPlan.sink(10, null, null)).get("part").asInt();
            assertThatThrownBy(() -> link.configure(part, "downsample", 3, other, 1))
                    .isInstanceOf(AgentFailure.class)
                    .hasMessage("agent 'sink-1' refused a request: configure: not signed with the run's secret");
            assertThat(link.configure(part, "downsample", 3, secret, 5)
                            .get("to")
                            .asLong())
                    .isEqualTo(3);
            assertThatThrownBy(() -> link.configure(part, "downsample", 4, secret, 5))
                    .hasMessageContaining("counter 5 was used before (a replay)");
            assertThatThrownBy(() -> link.configure(part, "bogus", 2, secret, 6))
                    .hasMessageContaining("a sink has settings downsample and xoy, not 'bogus'");
            assertThatThrownBy(() -> link.configure(part, "xoy", ReceivingPart.xoy(3, 6), secret, 8))
                    .hasMessageContaining("configure: xoy 3/6 is not x/y with y a power of two");
            assertThat(link.configure(part, "downsample", 1, secret, 9)
                            .get("from")
                            .asLong())
                    .isEqualTo(3);
        }
        assertThat(sink.awaitExit(Duration.ofSeconds(20))).isTrue();
    }
}
