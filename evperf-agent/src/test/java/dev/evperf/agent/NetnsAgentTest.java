package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.evperf.agent.clock.ProbeWindow;
import dev.evperf.agent.wire.Secret;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Issue 13's separation on one host: a driver agent in a network namespace of its own, reached over
 * a veth pair the test makes, sending to a sink agent in the test's namespace that listens on the
 * veth's address (not loopback). Needs root and {@code ip netns}; skipped with the reason otherwise
 * (AgentTrialTest covers separate processes on loopback).
 */
class NetnsAgentTest {
    @TempDir
    Path dir;

    /**
     * Names of this test's own, new for each test: deleting a namespace destroys its end of the veth
     * pair asynchronously, and on a busy machine the other end was seen to outlive it into the next
     * test's "ip link add" (File exists).
     */
    private static final AtomicInteger MADE = new AtomicInteger();

    private final int made = MADE.incrementAndGet();
    private final String ns = "evperf-t" + ProcessHandle.current().pid() + "-" + made;
    private final String veth = "evp" + ProcessHandle.current().pid() % 100_000 + "x" + made;
    private final String subnet = "10.213." + ProcessHandle.current().pid() % 250 + ".";
    private final List<LocalAgent> started = new ArrayList<>();

    private static String ip(String... args) throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of("ip"));
        cmd.addAll(Arrays.asList(args));
        Process p = new ProcessBuilder(cmd).redirectErrorStream(true).start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!p.waitFor(20, TimeUnit.SECONDS) || p.exitValue() != 0) {
            throw new IOException("ip " + String.join(" ", args) + ": " + out.strip());
        }
        return out;
    }

    @BeforeEach
    void makeTheNamespace() throws Exception {
        assumeTrue("root".equals(System.getProperty("user.name")), "needs root to make network namespaces");
        try {
            ip("netns", "add", ns);
        } catch (IOException e) {
            assumeTrue(false, "ip netns is not usable here: " + e.getMessage());
        }
        ip("link", "add", veth + "a", "type", "veth", "peer", "name", veth + "b");
        ip("link", "set", veth + "b", "netns", ns);
        ip("addr", "add", subnet + "1/30", "dev", veth + "a");
        ip("link", "set", veth + "a", "up");
        ip("netns", "exec", ns, "ip", "addr", "add", subnet + "2/30", "dev", veth + "b");
        ip("netns", "exec", ns, "ip", "link", "set", veth + "b", "up");
        ip("netns", "exec", ns, "ip", "link", "set", "lo", "up");
    }

    @AfterEach
    void removeIt() throws Exception {
        for (LocalAgent a : started) a.close();
        try {
            ip("link", "del", veth + "a"); // both ends, at once (the namespace's deletion would take them later)
        } catch (IOException e) {
            // not made (skipped)
        }
        try {
            ip("netns", "del", ns);
        } catch (IOException e) {
            // not made (skipped)
        }
        assertThat(ip("link", "show")).doesNotContain(veth + "a");
        assertThat(ip("netns", "list")).doesNotContain(ns);
    }

    @Test
    void aDriverInANamespaceSendsOverVethToASinkWithinTheBound() throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        String cp = System.getProperty("java.class.path");
        LocalAgent driver = LocalAgent.start(
                "driver-1",
                List.of("ip", "netns", "exec", ns),
                subnet + "2",
                cp,
                secretFile,
                dir.resolve("driver.log"),
                Duration.ofSeconds(90),
                SkewedAgents.options(SkewedAgents.PLUS_5_MS, 0));
        started.add(driver);
        LocalAgent sink = LocalAgent.start(
                "sink-1",
                List.of(),
                subnet + "1",
                cp,
                secretFile,
                dir.resolve("sink.log"),
                Duration.ofSeconds(90),
                SkewedAgents.options(SkewedAgents.MINUS_37_MS, SkewedAgents.DRIFT_PPM));
        started.add(sink);
        AgentFigures f = new AgentTrial(
                        new AgentTrial.Plan(
                                List.of(driver.address(), sink.address()),
                                List.of("driver-1"),
                                List.of("sink-1"),
                                2_000,
                                2_000,
                                64,
                                8,
                                200,
                                15_000),
                        secret)
                .run();
        assertThat(f.received()).isEqualTo(2_000);
        SkewedAgents skewed = SkewedAgents.of(
                secret,
                List.of(SkewedAgents.skewed(driver, SkewedAgents.PLUS_5_MS, 0)),
                SkewedAgents.skewed(sink, SkewedAgents.MINUS_37_MS, SkewedAgents.DRIFT_PPM));
        skewed.assertWithinBounds(f);
        System.out.println("veth: e / (min RTT / 2) = " + skewed.assertBoundStructure(f));
        f.write(dir.resolve("trial"));
        System.out.println(String.join("\n", f.summary()));
        System.out.println(java.nio.file.Files.readString(dir.resolve("trial/result.json")));
        assertThat(driver.awaitExit(Duration.ofSeconds(20))).isTrue();
        assertThat(sink.awaitExit(Duration.ofSeconds(20))).isTrue();
    }

    /**
     * The non-loopback path: an agent with {@code --allow-remote} listening on the namespace's veth
     * address, reached from the test's namespace. The secret is still required there: a controller
     * with another secret is refused (the agent logs it), the run's secret is admitted and probes
     * cross the veth. Without {@code --allow-remote} the same address is refused: one line, exit 2.
     */
    @Test
    void overVethTheSecretIsStillRequiredAndAnAddressNeedsAllowRemote() throws Exception {
        Path secretFile = dir.resolve("secret");
        Secret secret = Secret.create(secretFile);
        Secret wrong = Secret.create(dir.resolve("wrong"));
        String cp = System.getProperty("java.class.path");
        String host = subnet + "2";
        LocalAgent agent = LocalAgent.start(
                "sink-1",
                List.of("ip", "netns", "exec", ns),
                host,
                cp,
                secretFile,
                dir.resolve("agent.log"),
                Duration.ofSeconds(90),
                List.of());
        started.add(agent);
        assertThat(agent.address().host()).isEqualTo(host);
        int port = agent.address().port();
        assertThatThrownBy(() -> AgentLink.connect("sink-1", host, port, wrong, 15_000))
                .isInstanceOf(AgentFailure.class)
                .hasMessageContaining("agent 'sink-1' at " + host + ":" + port + " refused the run's secret");
        try (AgentLink link = AgentLink.connect("sink-1", host, port, secret, 15_000)) {
            ProbeWindow w = new ProbeWindow("veth");
            link.probe(w, 32, 0);
            System.out.println("veth probe min RTT " + w.best().rtt() + " ns");
            assertThat(w.best().rtt()).isPositive();
        }
        assertThat(agent.awaitExit(Duration.ofSeconds(20))).isTrue();
        assertThat(java.nio.file.Files.readString(dir.resolve("agent.log")))
                .contains("agent sink-1: refused a controller from /" + subnet + "1:", "wrong secret");

        Process bare = new ProcessBuilder(
                        "ip",
                        "netns",
                        "exec",
                        ns,
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-cp",
                        cp,
                        AgentMain.class.getName(),
                        "--listen",
                        host + ":0",
                        "--secret-file",
                        secretFile.toString(),
                        "--name",
                        "bare")
                .start();
        assertThat(bare.waitFor(60, TimeUnit.SECONDS)).isTrue();
        String err = new String(bare.getErrorStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertThat(bare.exitValue()).as(err).isEqualTo(2);
        assertThat(err)
                .isEqualTo("evperf agent: --listen: " + host + " is not a loopback address; an agent listens on "
                        + "another only with --allow-remote (and a firewall that admits the controller alone)");
    }
}
