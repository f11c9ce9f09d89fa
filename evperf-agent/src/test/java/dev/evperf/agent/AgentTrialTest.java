package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.agent.clock.ClockRelation;
import dev.evperf.agent.clock.SkewedClock;
import dev.evperf.agent.wire.Secret;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real agent JVMs on loopback, started as a controller starts them: a driver agent sending to a
 * sink agent, each with a known test-only clock skew, related to this JVM's clock by probes. Every
 * process on one host reads one monotonic clock, so the truth of every mapped timestamp is known.
 */
class AgentTrialTest {
    @TempDir
    Path dir;

    private final List<LocalAgent> started = new ArrayList<>();

    @AfterEach
    void stopAgents() throws InterruptedException {
        for (LocalAgent a : started) a.close();
    }

    private LocalAgent agent(String name, Path secret, String... extra) throws IOException {
        LocalAgent a = LocalAgent.start(
                name,
                System.getProperty("java.class.path"),
                secret,
                dir.resolve(name + ".log"),
                Duration.ofSeconds(90),
                List.of(extra));
        started.add(a);
        return a;
    }

    private static AgentTrial.Plan plan(
            List<AgentAddress> agents, List<String> drivers, String sink, int events, double rate) {
        return new AgentTrial.Plan(agents, drivers, sink, events, rate, 32, 8, 200, 15_000);
    }

    @Test
    void aDriverAndASinkOnSkewedClocksAreMappedWithinTheBound() throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        LocalAgent driver =
                agent("driver-1", secretFile, "--test-clock-offset-ns", "5000000", "--test-clock-drift-ppm", "50");
        LocalAgent sink = agent("sink-1", secretFile, "--test-clock-offset-ns", "-37000000");
        AgentFigures f = new AgentTrial(
                        plan(List.of(driver.address(), sink.address()), List.of("driver-1"), "sink-1", 3_000, 2_000),
                        secret)
                .run();

        assertThat(f.received()).isEqualTo(3_000);
        SkewedClock driverClock = new SkewedClock(5_000_000, 50, driver.clockBase());
        SkewedClock sinkClock = new SkewedClock(-37_000_000, 0, sink.clockBase());
        ClockRelation dr = f.relation("driver-1");
        ClockRelation sr = f.relation("sink-1");
        for (int i = 0; i < 3_000; i++) {
            // this JVM's clock is the controller's, and every process here reads the same raw clock
            long trueSend = driverClock.unskew(f.sendOnAgent(i));
            long trueReceipt = sinkClock.unskew(f.receiptOnAgent(i));
            assertThat(Math.abs(f.send(i) - trueSend))
                    .as("send %d", i)
                    .isLessThanOrEqualTo(dr.boundAt(f.sendOnAgent(i)) + 1);
            assertThat(Math.abs(f.receipt(i) - trueReceipt))
                    .as("receipt %d", i)
                    .isLessThanOrEqualTo(sr.boundAt(f.receiptOnAgent(i)) + 1);
            assertThat(Math.abs(f.latency(i) - (trueReceipt - trueSend)))
                    .as("latency %d", i)
                    .isLessThanOrEqualTo(f.bound(i) + 2);
        }
        // the estimated offsets and drift are the injected ones, within their bounds
        assertThat(Math.abs(-dr.offset()
                        - 5_000_000
                        - 50e-6 * (dr.anchors().get(0).remote() - 5_000_000 - driver.clockBase())))
                .isLessThanOrEqualTo(dr.windowBound() + 2.0);
        assertThat(Math.abs(-sr.offset() + 37_000_000)).isLessThanOrEqualTo(sr.windowBound() + 1);
        assertThat(Math.abs(dr.driftPpm() - 50)).isLessThanOrEqualTo(dr.driftBoundPpm() + 0.01);

        f.write(dir.resolve("trial"));
        String result = Files.readString(dir.resolve("trial/result.json"));
        assertThat(result).contains("\"clock_bound_us\"", "\"driver-1\"", "\"sink-1\"", "\"min_rtt_us\"");
        assertThat(String.join("\n", f.summary())).contains("latency across clocks ±");
        System.out.println(String.join("\n", f.summary()));
        // both agents end on their own once their controller said bye
        assertThat(driver.awaitExit(Duration.ofSeconds(20))).isTrue();
        assertThat(sink.awaitExit(Duration.ofSeconds(20))).isTrue();
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
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        LocalAgent d1 = agent("d1", secretFile);
        LocalAgent d2 = agent("d2", secretFile, "--test-clock-offset-ns", "-37000000");
        LocalAgent s = agent("s", secretFile);
        AgentFigures f = new AgentTrial(
                        plan(List.of(d1.address(), d2.address(), s.address()), List.of("d1", "d2"), "s", 1_001, 1_000),
                        secret)
                .run();
        assertThat(f.received()).isEqualTo(1_001);
        for (int i = 0; i < 1_001; i++) assertThat(f.latency(i)).isGreaterThanOrEqualTo(-f.bound(i));
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
        assertThat(Files.readString(dir.resolve("driver-1.log"))).contains("wrong secret");
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
        assertThat((System.nanoTime() - t0) / 1e9)
                .as("seconds until the trial failed")
                .isLessThan(15);
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
}
