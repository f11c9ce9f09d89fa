package dev.evperf.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run over agents as {@code evperf summary} and {@code evperf report} read it: the index {@value
 * #INDEX} the run writes ({@link #writeIndex}) and each trial's {@code result.json}
 * ({@link AgentTrialFiles}). Every latency figure is printed with its clock bound ("± X ms
 * (clock)"), and every agent with how its clock was related (offset, drift, minimum RTT, bound).
 */
public final class AgentRunSummary {
    /** The file that makes a directory a run over agents. */
    public static final String INDEX = "agents-run.json";

    static final String FORMAT = "evperf-agents-run/1";
    private static final ObjectMapper JSON = AgentTrialFiles.JSON;

    private final Path dir;
    private final JsonNode index;
    private final List<JsonNode> trials;

    private AgentRunSummary(Path dir, JsonNode index, List<JsonNode> trials) {
        this.dir = dir;
        this.index = index;
        this.trials = trials;
    }

    public static boolean isAgentRun(Path runDir) {
        return Files.isRegularFile(runDir.resolve(INDEX));
    }

    /**
     * Writes the run's index: its workload, the system between the agents, and its trials (each trial's
     * figures are in {@code <trial>/result.json}).
     */
    public static void writeIndex(Path runDir, String workload, String between, List<String> trialIds)
            throws IOException {
        ObjectNode n = JSON.createObjectNode();
        n.put("format", FORMAT);
        n.put("workload", workload);
        n.put("between", between);
        ArrayNode t = n.putArray("trials");
        trialIds.forEach(t::add);
        JSON.writeValue(runDir.resolve(INDEX).toFile(), n);
    }

    /**
     * Reads the index and every trial's result.json.
     *
     * @throws IllegalArgumentException one line naming the file that is missing or not of this format
     */
    public static AgentRunSummary load(Path runDir) {
        JsonNode index = read(runDir.resolve(INDEX));
        if (!FORMAT.equals(index.path("format").asText())) {
            throw new IllegalArgumentException(
                    runDir.resolve(INDEX) + ": format '" + index.path("format").asText() + "' is not " + FORMAT);
        }
        List<JsonNode> trials = new ArrayList<>();
        for (JsonNode id : index.path("trials")) {
            ObjectNode r = (ObjectNode) read(runDir.resolve(id.asText()).resolve(AgentTrialFiles.RESULT));
            r.put("id", id.asText());
            trials.add(r);
        }
        return new AgentRunSummary(runDir, index, trials);
    }

    private static JsonNode read(Path file) {
        if (!Files.isRegularFile(file)) throw new IllegalArgumentException(file + ": missing");
        try {
            JsonNode n = JSON.readTree(file.toFile());
            if (n == null || !n.isObject()) throw new IllegalArgumentException(file + ": not a JSON object");
            return n;
        } catch (IOException e) {
            throw new IllegalArgumentException(file + ": not readable JSON ("
                    + e.getMessage().lines().findFirst().orElse("") + ")");
        }
    }

    public Path dir() {
        return dir;
    }

    public String workload() {
        return index.path("workload").asText();
    }

    /** What the events went through between the agents: "tcp", "kafka" or "kafka-streams". */
    public String between() {
        return index.path("between").asText();
    }

    /** The trials' result.json, each with its {@code id}. */
    public List<JsonNode> trials() {
        return trials;
    }

    /** "p99 = 1.830 ms ± 0.040 ms (clock)", or "(one clock)" when driver and sink shared an agent. */
    static String figure(JsonNode latency, String p) {
        double v = latency.path(p + "_us").asDouble() / 1e3;
        double b = latency.path("clock_bound_us").asDouble() / 1e3;
        String clock = latency.path("clock").asText().startsWith("one") ? "one clock" : "clock";
        return String.format(Locale.ROOT, "%s = %.3f ms ± %.3f ms (%s)", p, v, b, clock);
    }

    /** One agent's clock line: offset, drift, minimum and median RTT, bound. */
    static String clockLine(String agent, JsonNode c) {
        return String.format(
                Locale.ROOT,
                "clock %s: offset %+.3f ms, drift %+.1f ± %.1f ppm, min RTT %.1f µs, RTT p50 %.1f µs, bound ± %.1f µs"
                        + " (%d probes, %d of %d windows left out)",
                agent,
                c.path("offset_ns").asDouble() / 1e6,
                c.path("drift_ppm").asDouble(),
                c.path("drift_bound_ppm").asDouble(),
                c.path("min_rtt_us").asDouble(),
                c.path("rtt_p50_us").asDouble(),
                c.path("bound_us").asDouble(),
                c.path("probes").asInt(),
                c.path("windows_left_out").asInt(),
                c.path("windows").asInt());
    }

    /** The text tables: per trial its status, events, latency ± bound, and one line per agent's clock. */
    public void text(PrintStream out) {
        out.printf("run over agents: %s (%s between the agents), %d trial(s)%n", workload(), between(), trials.size());
        for (JsonNode t : trials) {
            String status = t.path("status").asText();
            if ("failed".equals(status)) {
                out.printf(
                        "%s  FAILED  %s%n",
                        t.path("id").asText(), t.path("failure").asText());
                continue;
            }
            JsonNode l = t.path("latency");
            out.printf(
                    "%s  %s  events %d/%d  end-to-end %s, %s, %s%n",
                    t.path("id").asText(),
                    status,
                    t.path("events_received").asInt(),
                    t.path("events_planned").asInt(),
                    figure(l, "p50"),
                    figure(l, "p99"),
                    figure(l, "p100"));
            for (JsonNode m : t.path("marks")) out.println("  MARKED: " + m.asText());
            for (JsonNode sw : t.path("switches"))
                out.println("  " + HandlerSwitch.of(sw).line());
            JsonNode lag = t.path("generator_lag");
            out.printf(
                    Locale.ROOT,
                    "  generator lag p50 = %.3f ms, p99 = %.3f ms (each driver agent's clock)%n",
                    lag.path("p50_us").asDouble() / 1e3,
                    lag.path("p99_us").asDouble() / 1e3);
            out.printf(
                    "  latency from %s to %s; %s%n",
                    l.path("from").asText(),
                    l.path("to").asText(),
                    l.path("clock").asText());
            t.path("clocks").fields().forEachRemaining(c -> out.println("  " + clockLine(c.getKey(), c.getValue())));
            for (JsonNode pr : l.path("pairs")) {
                String pair =
                        pr.path("driver").asText() + " -> " + pr.path("sink").asText();
                if (pr.has("direct_unavailable")) {
                    out.println("  latency " + pair + " timed via the controller (no direct probe: "
                            + pr.path("direct_unavailable").asText() + ")");
                    continue;
                }
                out.printf(
                        Locale.ROOT,
                        "  latency %s timed %s: direct probe ± %.1f µs, via the controller ± %.1f µs%n",
                        pair,
                        "direct".equals(pr.path("used").asText()) ? "by their direct probe" : "via the controller",
                        pr.path("direct_bound_us").asDouble(),
                        pr.path("controller_bound_us").asDouble());
                out.println("  " + clockLine(pair, pr.path("clock")));
            }
        }
    }

    /** The same figures as JSON: the index's fields and per trial its result.json without the anchors. */
    public void json(PrintStream out) {
        ObjectNode n = JSON.createObjectNode();
        n.put("workload", workload());
        n.put("between", between());
        ArrayNode ts = n.putArray("trials");
        for (JsonNode t : trials) {
            ObjectNode c = t.deepCopy();
            c.path("clocks").forEach(a -> ((ObjectNode) a).remove("anchors"));
            c.path("latency").path("pairs").forEach(p -> {
                if (p.path("clock") instanceof ObjectNode pc) pc.remove("anchors");
            });
            ts.add(c);
        }
        try {
            out.println(JSON.writeValueAsString(n));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** One row per trial and agent: the latency figures with their bound, and that agent's clock. */
    public void csv(PrintStream out) {
        out.println("trial,status,events_planned,events_received,p50_us,p99_us,p100_us,clock_bound_us,"
                + "agent,offset_ns,drift_ppm,drift_bound_ppm,min_rtt_us,rtt_p50_us,agent_bound_us");
        for (JsonNode t : trials) {
            JsonNode l = t.path("latency");
            String head = String.join(
                    ",",
                    t.path("id").asText(),
                    t.path("status").asText(),
                    t.path("events_planned").asText(""),
                    t.path("events_received").asText(""),
                    l.path("p50_us").asText(""),
                    l.path("p99_us").asText(""),
                    l.path("p100_us").asText(""),
                    l.path("clock_bound_us").asText(""));
            if (!t.path("clocks").fields().hasNext()) out.println(head + ",,,,,,,");
            t.path("clocks")
                    .fields()
                    .forEachRemaining(c -> out.println(String.join(
                            ",",
                            head,
                            c.getKey(),
                            c.getValue().path("offset_ns").asText(),
                            c.getValue().path("drift_ppm").asText(),
                            c.getValue().path("drift_bound_ppm").asText(),
                            c.getValue().path("min_rtt_us").asText(),
                            c.getValue().path("rtt_p50_us").asText(),
                            c.getValue().path("bound_us").asText())));
        }
    }
}
