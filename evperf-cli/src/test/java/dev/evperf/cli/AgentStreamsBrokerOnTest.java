package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evperf run examples/agents-streams-broker-on-sink.yaml}: a Kafka Streams query between the
 * agents with the broker on the sink agent's node (no broker beside the controller); a query that
 * does not build is one line, exit 2, before any agent starts.
 */
class AgentStreamsBrokerOnTest {
    @TempDir
    Path tmp;

    @Test
    void theQueryRunsThroughTheBrokerOnTheSinksNodeAndABadQueryIsOneLine() throws Exception {
        String text = Files.readString(
                Path.of("").toAbsolutePath().getParent().resolve("examples/agents-streams-broker-on-sink.yaml"));
        Path w = Cli.write(tmp, "streams-broker-on-sink.yaml", text);
        Cli cli = Cli.run("run", w.toString(), "--out", tmp.resolve("run").toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        // 1000 events, v = (seq mod 1000) / 1000: the filter keeps the 500 with v < 0.5
        assertThat(cli.out)
                .contains(
                        "events: 1000 planned, 500 outputs received from a Kafka Streams query on sink-1",
                        "broker: on agent sink-1 at 127.0.0.1:",
                        "latency across clocks ±")
                .doesNotContain("evperf: broker ");
        JsonNode r = new ObjectMapper()
                .readTree(tmp.resolve("run/trials/t001/result.json").toFile());
        assertThat(r.path("broker_on").asText()).startsWith("sink-1 at 127.0.0.1:");
        assertThat(tmp.resolve("run/components")).doesNotExist();
        assertThat(CliProcess.runningFor(tmp)).isEmpty();

        Path bad = Cli.write(tmp, "bad.yaml", text.replace("where v < 0.5", "where w < 0.5"));
        Cli refused = Cli.run("run", bad.toString(), "--out", tmp.resolve("bad").toString());
        assertThat(refused.exit).as(refused.toString()).isEqualTo(2);
        // the run's progress lines, then the problem as one line
        String[] lines = refused.err.strip().split("\\R");
        assertThat(lines[lines.length - 1])
                .isEqualTo("evperf: " + bad + ": engine.queries (trial t001): kafka-streams: line 1 column 14: "
                        + "no field 'w'; the rows here have [seq, k, v]");
        assertThat(refused.err).doesNotContain("at dev.evperf");
        // nothing ran: no agent was started, so no trial directory has an agent's log
        assertThat(tmp.resolve("bad/trials/t001/agent-sink-1.log")).doesNotExist();
    }
}
