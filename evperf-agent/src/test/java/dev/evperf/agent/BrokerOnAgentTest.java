package dev.evperf.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Kafka broker on an agent's node: the sink agent (a real JVM, clock skewed) starts a real KRaft
 * broker as a JVM of its own when the controller plans it, the driver agent produces to it and the
 * sink agent consumes from it, and nothing is left running afterwards: the broker is stopped with the
 * agent's parts, or, when the agent is killed mid-trial, by its parent-death watch; the trial then
 * fails with the agent's name.
 */
class BrokerOnAgentTest {
    @TempDir
    Path dir;

    @RegisterExtension
    final TestAgents agents = new TestAgents();

    @Test
    void theSinkAgentsBrokerCarriesTheTrialAndIsGoneAfterIt() throws Exception {
        SkewedAgents a = SkewedAgents.driverAndSink(agents, dir);
        BrokerWatch broker = BrokerWatch.of(a.sink().process().process());
        AgentFigures f;
        try {
            f = new AgentTrial(
                            a.plan(new Schedule(List.of(Schedule.constant(1_000, 1_000)), Schedule.BY_RATE, 1, 1, 0)),
                            a.secret())
                    .brokerOn("sink-1")
                    .run();
        } finally {
            broker.stopWatching();
        }
        assertThat(f.received()).isEqualTo(1_000);
        a.assertWithinBounds(f);
        String summary = String.join("\n", f.summary());
        System.out.println(summary);
        assertThat(summary).contains("broker: on agent sink-1 at 127.0.0.1:");
        // the broker was a child of the sink agent, with its data in a directory of its own
        ProcessHandle b = broker.found().orElseThrow(() -> new AssertionError("no broker under the sink agent"));
        Path data = broker.dataDir();
        a.assertAllExit(Duration.ofSeconds(30));
        assertThat(b.isAlive()).as("the broker after the trial").isFalse();
        assertThat(data).as("the broker's directory after the trial").doesNotExist();
    }

    @Test
    void aKilledBrokerAgentFailsTheTrialWithItsNameAndLeavesNoBroker() throws Exception {
        SkewedAgents a = SkewedAgents.driverAndSink(agents, dir);
        BrokerWatch broker = BrokerWatch.of(a.sink().process().process());
        Thread killer = new Thread(() -> {
            try {
                // once the broker serves and the load runs: the driver's events pass the broker
                long until = System.nanoTime() + 150_000_000_000L; // the controller's own limit is 130 s
                while (broker.found().isEmpty()) {
                    if (System.nanoTime() > until) return;
                    Thread.sleep(100);
                }
                Thread.sleep(8_000);
            } catch (InterruptedException e) {
                return;
            }
            a.sink().process().process().destroyForcibly(); // SIGKILL: no hook of the agent runs
        });
        killer.start();
        // 30 s planned: the kill comes long before its end
        AgentTrial trial = new AgentTrial(
                        a.plan(new Schedule(List.of(Schedule.constant(30_000, 1_000)), Schedule.BY_RATE, 1, 1, 0)),
                        a.secret())
                .brokerOn("sink-1");
        try {
            assertThatThrownBy(trial::run).isInstanceOf(AgentFailure.class).satisfies(e -> {
                assertThat(((AgentFailure) e).agent()).as(e.getMessage()).isEqualTo("sink-1");
                assertThat(e.getMessage()).startsWith("agent 'sink-1' lost");
            });
        } finally {
            killer.join();
            broker.stopWatching();
        }
        ProcessHandle b = broker.found().orElseThrow();
        // the broker's parent-death watch ends it: its stdin (the agent's pipe) closed
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (b.isAlive() && System.nanoTime() < deadline) Thread.sleep(100);
        assertThat(b.isAlive()).as("the broker of a killed agent").isFalse();
        a.assertAllExit(Duration.ofSeconds(30));
        // a SIGKILLed agent cannot delete its broker's directory; the next agent on the host does
        Path data = broker.dataDir();
        assertThat(data).as("the killed agent's broker directory").exists();
        agents.start("next", dir.resolve("secret"));
        assertThat(data).as("the broker directory once the next agent started").doesNotExist();
        assertThat(java.nio.file.Files.readString(agents.log("next"))).contains("removed " + data);
    }

    /**
     * A Kafka Streams query between the agents with the broker on the sink's node: the sink agent
     * starts the broker, the driver agent's node runs the application (topics created there, on the
     * sink's broker), the sink reads its outputs; the broker and its directory are gone after it.
     */
    @Test
    void aKafkaStreamsQueryRunsThroughTheSinkAgentsBroker() throws Exception {
        SkewedAgents a = SkewedAgents.driverAndSink(agents, dir);
        BrokerWatch broker = BrokerWatch.of(a.sink().process().process());
        AgentTrial.Plan p = a.plan(new Schedule(List.of(Schedule.constant(1_000, 1_000)), Schedule.BY_RATE, 1, 1, 0));
        AgentFigures f;
        try {
            f = new AgentTrial(
                            new AgentTrial.Plan(
                                    p.agents(),
                                    p.drivers(),
                                    p.sinks(),
                                    p.load(),
                                    p.probes(),
                                    p.probesDuring(),
                                    p.probePeriodMs(),
                                    p.replyMs(),
                                    null,
                                    new AgentTrial.Engine(
                                            "driver-1", AgentKafkaTest.query("from S where v < 0.5 into Out"))),
                            a.secret())
                    .brokerOn("sink-1")
                    .run();
        } finally {
            broker.stopWatching();
        }
        // v = (g mod 1000) / 1000: the filter keeps g < 500
        for (int g = 0; g < 1_000; g++)
            assertThat(f.receipt(g) >= 0).as("output of %d", g).isEqualTo(g < 500);
        assertThat(f.received()).isEqualTo(500);
        a.assertWithinBounds(f);
        String summary = String.join("\n", f.summary());
        System.out.println(summary);
        assertThat(summary)
                .contains(
                        "500 outputs received from a Kafka Streams query on driver-1",
                        "broker: on agent sink-1 at 127.0.0.1:");
        ProcessHandle b = broker.found().orElseThrow(() -> new AssertionError("no broker under the sink agent"));
        Path data = broker.dataDir();
        a.assertAllExit(Duration.ofSeconds(60));
        assertThat(b.isAlive()).as("the broker after the trial").isFalse();
        assertThat(data).as("the broker's directory after the trial").doesNotExist();
    }

    /** Finds the broker JVM an agent starts, among its children, while a trial runs. */
    private static final class BrokerWatch {
        private final AtomicReference<ProcessHandle> broker = new AtomicReference<>();
        private final AtomicReference<String> command = new AtomicReference<>();
        private final Thread thread;

        private BrokerWatch(Process agent) {
            thread = new Thread(() -> {
                while (broker.get() == null && !Thread.currentThread().isInterrupted()) {
                    agent.children()
                            .filter(c -> cmdline(c).contains("BrokerMain"))
                            .findFirst()
                            .ifPresent(c -> {
                                command.set(cmdline(c));
                                broker.set(c);
                            });
                    try {
                        Thread.sleep(50);
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            thread.setDaemon(true);
            thread.start();
        }

        /** The command line as /proc has it, arguments separated by NUL ("" once it is gone). */
        private static String cmdline(ProcessHandle p) {
            try {
                return java.nio.file.Files.readString(Path.of("/proc", Long.toString(p.pid()), "cmdline"));
            } catch (java.io.IOException e) {
                return "";
            }
        }

        static BrokerWatch of(Process agent) {
            return new BrokerWatch(agent);
        }

        Optional<ProcessHandle> found() {
            return Optional.ofNullable(broker.get());
        }

        /** The directory BrokerMain was given (its first argument). */
        Path dataDir() {
            String[] words = command.get().split("\0");
            for (int i = 0; i < words.length - 1; i++)
                if (words[i].endsWith("BrokerMain")) return Path.of(words[i + 1]);
            throw new AssertionError("no directory in " + command.get());
        }

        void stopWatching() throws InterruptedException {
            thread.interrupt();
            thread.join(1_000);
        }
    }
}
