package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.core.component.BrokerExtension;
import dev.evperf.core.component.Procs;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGKILL of {@code evperf run} (the controller), which runs no shutdown hook: every JVM it started
 * — the trial JVM of an in-JVM engine and of an engine behind Kafka, the engine-check JVM, a broker
 * it started — ends by itself ({@code ParentWatch}), and nothing of the run remains in {@code ps}.
 */
class ControllerSigkillTest {
    @RegisterExtension
    static final BrokerExtension BROKER = new BrokerExtension();

    @TempDir
    Path tmp;

    @Test
    void aTrialJvmOfAnInJvmEngineEndsWithItsController() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                Cli.nullEngine(
                                "sigkill",
                                "0",
                                """
                  phases:
                    - {name: measure, constant: {rate: 1000, duration: 120s}}
                """)
                        + "measure: {jfr: false}\n");
        killControllerWhen(w, "TrialMain", true);
    }

    @Test
    void aKafkaStreamsTrialJvmEndsWithItsController() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                KafkaEnginesRunTest.workload(
                        "kafka-streams",
                        "broker: {bootstrap_servers: \"" + BROKER.bootstrap() + "\"}",
                        "from StockStream count by symbol every 100ms into OutputStream",
                        "{OutputStream: {sequence: none}}",
                        "{}",
                        "- {name: m, constant: {rate: 500, duration: 120s}}"));
        killControllerWhen(w, "TrialMain", true);
    }

    /** Killed while the engine is checked: the check's JVM and the broker the run started both end. */
    @Test
    void theEngineCheckJvmAndAStartedBrokerEndWithTheirController() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                KafkaEnginesRunTest.baselineOnItsOwnBroker("- {name: m, constant: {rate: 500, duration: 120s}}"));
        List<String> killed = killControllerWhen(w, "EngineCheck", false);
        assertThat(killed).as("the broker was among them").anyMatch(c -> c.contains("BrokerMain"));
    }

    /**
     * Runs the workload, waits until a process of the run's tree has {@code marker} in its command
     * line (and, for a trial, sends: its live line), SIGKILLs the controller, and checks that every
     * process it had started ends within 60 s. @return their command lines
     */
    private List<String> killControllerWhen(Path workload, String marker, boolean sending) throws Exception {
        Path run = tmp.resolve("run");
        CliProcess cli = CliProcess.start(tmp.resolve("cli"), "run", workload.toString(), "--out", run.toString());
        try {
            // from procfs: ProcessHandle.Info has no command line for the JVMs' long class paths
            Predicate<ProcessHandle> isMarked = h -> CliProcess.cmdline(h).contains(marker);
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(3);
            while (true) {
                assertThat(cli.process.isAlive())
                        .as("evperf ended before the kill: %s", cli.err())
                        .isTrue();
                assertThat(System.nanoTime())
                        .as("%s never ran: %s", marker, cli.err())
                        .isLessThan(deadline);
                boolean marked = cli.process.descendants().anyMatch(isMarked);
                if (marked && (!sending || sendsNow(run))) break;
                Thread.sleep(sending ? 100 : 20);
            }
            List<ProcessHandle> started = cli.process.descendants().toList();
            List<String> cmdlines = started.stream().map(CliProcess::cmdline).toList();
            assertThat(cmdlines).anyMatch(c -> c.contains(marker));
            cli.process.destroyForcibly(); // SIGKILL: no shutdown hook runs in the controller
            cli.process.waitFor();
            for (ProcessHandle h : started) {
                assertThat(Procs.awaitGone(h.pid(), Duration.ofSeconds(60)))
                        .as("pid %d (%s) outlived its controller", h.pid(), CliProcess.cmdline(h))
                        .isTrue();
            }
            String dir = run.toAbsolutePath().toString();
            assertThat(ProcessHandle.allProcesses()
                            .filter(h -> CliProcess.cmdline(h).contains(dir))
                            .map(ProcessHandle::pid))
                    .as("processes of the run still alive")
                    .isEmpty();
            return cmdlines;
        } finally {
            cli.process.descendants().forEach(ProcessHandle::destroyForcibly);
            cli.process.destroyForcibly();
        }
    }

    private static boolean sendsNow(Path run) throws java.io.IOException {
        Path stdout = run.resolve("trials/t001/stdout.txt");
        return java.nio.file.Files.exists(stdout)
                && java.nio.file.Files.readString(stdout).contains("evperf-live ");
    }
}
