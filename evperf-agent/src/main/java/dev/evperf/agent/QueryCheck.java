package dev.evperf.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.api.EngineException;
import dev.evperf.kstreams.QueryTopology;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The check of a Kafka Streams query between the agents when no broker runs before them (the
 * broker on an agent's node, {@code agents.broker_on}): the query's topology is built, as the engine
 * part builds it, against placeholder topics, in a JVM on the agent module's class path (Kafka
 * Streams never joins the controller's). A query that does not parse, or names a stream or field
 * that is not there, is one line before any agent starts.
 */
public final class QueryCheck {
    private static final ObjectMapper JSON = new ObjectMapper();
    /** The child JVM's exit code for a query that does not build. */
    static final int INVALID = 2;

    private QueryCheck() {}

    /**
     * @return null when the query builds, otherwise its one-line problem
     * @throws IOException the check's JVM did not answer within {@code timeout}
     */
    public static String check(String classPath, PartPlan.Query query, Duration timeout)
            throws IOException, InterruptedException {
        Process p = new ProcessBuilder(
                        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                        "-Xmx128m",
                        "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
                        "-cp",
                        classPath,
                        QueryCheck.class.getName())
                .redirectErrorStream(true)
                .start();
        try (OutputStream in = p.getOutputStream()) {
            in.write(JSON.writeValueAsBytes(query));
        }
        if (!p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
            p.destroyForcibly();
            throw new IOException("the query check did not finish within " + timeout.toSeconds() + " s");
        }
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        if (p.exitValue() == 0) return null;
        String[] lines = out.split("\\R");
        return p.exitValue() == INVALID ? lines[lines.length - 1] : "the query check failed: " + out;
    }

    /** Reads the query as JSON from stdin; exit 0 when it builds, {@value #INVALID} with its problem. */
    public static void main(String[] args) throws IOException {
        PartPlan.Query q = JSON.readValue(System.in.readAllBytes(), PartPlan.Query.class);
        try {
            QueryTopology.build(q.queries(), List.of(QueryRows.schema(q)), n -> "evperf-check-" + n);
        } catch (EngineException | IllegalArgumentException e) {
            System.out.println(String.valueOf(e.getMessage()).replaceAll("\\s*\\R\\s*", " "));
            System.exit(INVALID);
        }
    }
}
