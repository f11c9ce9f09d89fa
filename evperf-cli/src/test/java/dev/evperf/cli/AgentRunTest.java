package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evperf run} of a workload with an agents section: real agent JVMs on loopback started by
 * the run, the example workload as shipped, and the section's bad input and faults.
 */
class AgentRunTest {
    @TempDir
    Path tmp;

    private Path example(String replace, String with) throws Exception {
        String text =
                Files.readString(Path.of("").toAbsolutePath().getParent().resolve("examples/agents-loopback.yaml"));
        assertThat(text).contains(replace);
        return Cli.write(tmp, "agents.yaml", text.replace(replace, with));
    }

    @Test
    void theLoopbackExampleRunsADriverAgentAndASinkAgent() throws Exception {
        Path w = example("duration: 2s", "duration: 1s");
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out)
                .contains("t001:", "events: 2000 planned, 2000 received", "latency across clocks ±", "clock driver-1:");
        JsonNode r =
                new ObjectMapper().readTree(tmp.resolve("run/t001/result.json").toFile());
        assertThat(r.path("status").asText()).isEqualTo("ok");
        assertThat(r.path("latency").path("clock_bound_us").asDouble()).isPositive();
        assertThat(r.path("clocks").path("sink-1").path("probes").asInt()).isGreaterThanOrEqualTo(64);
        assertThat(Files.readAllLines(tmp.resolve("run/t001/events.csv"))).hasSize(2001);
        assertThat(tmp.resolve("agents.secret")).exists();
    }

    /** Seed 004's first scenario as shipped: the broker the run starts between a driver agent and a sink agent. */
    @Test
    void theKafkaExampleRunsADriverAgentAndASinkAgentAroundTheBrokerTheRunStarts() throws Exception {
        String text = Files.readString(Path.of("").toAbsolutePath().getParent().resolve("examples/agents-kafka.yaml"));
        Path w = Cli.write(tmp, "agents-kafka.yaml", text.replace("duration: 2s", "duration: 1s"));
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out)
                .contains(
                        "evperf: broker 127.0.0.1:",
                        "events: 1000 planned, 1000 received",
                        "latency across clocks ±",
                        "clock sink-1:");
        JsonNode r =
                new ObjectMapper().readTree(tmp.resolve("run/t001/result.json").toFile());
        assertThat(r.path("status").asText()).as(r.toString()).isIn("ok", "marked");
        assertThat(r.path("latency").path("clock_bound_us").asDouble()).isPositive();
        // the broker the run started is stopped, and its log is in the run directory
        assertThat(tmp.resolve("run/components")).exists();
        assertThat(CliProcess.runningFor(tmp)).isEmpty();
    }

    @Test
    void aClockBoundAboveTheLimitMarksTheTrial() throws Exception {
        Path w = example("clock_bound_limit: 1ms", "clock_bound_limit: 1us");
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(cli.out).contains("MARKED: clock bound ±", "above agents.clock_bound_limit 1us");
        JsonNode r =
                new ObjectMapper().readTree(tmp.resolve("run/t001/result.json").toFile());
        assertThat(r.path("status").asText()).isEqualTo("marked");
    }

    @Test
    void aBadAgentsSectionIsOneLineAndNothingRuns() throws Exception {
        Path w = example("role: sink}", "role: sinc}");
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).isEqualTo(2);
        assertThat(cli.err.strip())
                .isEqualTo("evperf: " + w + ": agents.nodes[1].role: expected driver or sink, got 'sinc'");
        assertThat(tmp.resolve("run")).doesNotExist();
    }

    @Test
    void anAgentThatCannotBeReachedFailsTheTrialWithItsName() throws Exception {
        int free;
        try (ServerSocket s = new ServerSocket(0)) {
            free = s.getLocalPort();
        }
        Files.writeString(tmp.resolve("agents.secret"), "0123456789abcdef0123456789abcdef\n");
        Path w = example(
                "  nodes:\n    - {name: driver-1, role: driver}\n    - {name: sink-1, role: sink}",
                "  local: false\n  nodes:\n    - {name: driver-1, role: driver, address: 127.0.0.1:" + free + "}\n"
                        + "    - {name: sink-1, role: sink, address: 127.0.0.1:" + free + "}");
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isEqualTo(1);
        assertThat(cli.err)
                .contains("evperf: trial t001 failed: agent 'driver-1' cannot be reached at 127.0.0.1:" + free);
        JsonNode r =
                new ObjectMapper().readTree(tmp.resolve("run/t001/result.json").toFile());
        assertThat(r.path("agent").asText()).isEqualTo("driver-1");
    }
}
