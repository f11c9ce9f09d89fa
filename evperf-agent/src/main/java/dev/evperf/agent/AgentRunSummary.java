package dev.evperf.agent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.results.Layout;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * A run over agents as {@code evperf summary} and {@code evperf report} read it: an ordinary results
 * directory (run.json, {@code trials/<id>/}) whose run.json has {@code agents} set (written by the
 * run, {@code AgentRun}), and each trial's {@code result.json} ({@link AgentTrialFiles}). Every
 * latency figure is printed with its clock bound ("± X ms (clock)"), and every agent with how its
 * clock was related (offset, drift, minimum RTT, bound).
 */
public final class AgentRunSummary {
    private static final ObjectMapper JSON = AgentTrialFiles.JSON;

    private final Path dir;
    private final RunFile run;
    private final List<JsonNode> trials;

    private AgentRunSummary(Path dir, RunFile run, List<JsonNode> trials) {
        this.dir = dir;
        this.run = run;
        this.trials = trials;
    }

    /** A results directory whose run.json says it ran over agents (false for anything else, readable or not). */
    public static boolean isAgentRun(Path runDir) {
        Path file = runDir.resolve(Layout.RUN_JSON);
        if (!Files.isRegularFile(file)) return false;
        try {
            return JSON.readTree(file.toFile()).hasNonNull("agents");
        } catch (IOException e) {
            return false; // RunDir.open says what is wrong with it
        }
    }

    /**
     * Reads run.json (checked: every trial that ran ok has its result.json and events.csv) and the
     * result.json of every trial that ran; a trial that did not has its run.json status and reason.
     *
     * @throws IllegalArgumentException one line naming the file that is missing or not of this format
     */
    public static AgentRunSummary load(Path runDir) {
        RunDir rd = RunDir.open(runDir);
        if (rd.run().agents() == null)
            throw new IllegalArgumentException(rd.runJson() + ": not a run over agents (no \"agents\")");
        rd.check();
        List<JsonNode> trials = new ArrayList<>();
        for (RunFile.Trial t : rd.trials()) {
            Path result = rd.trialDir(t).resolve(Layout.RESULT_JSON);
            ObjectNode r;
            if (t.ok() || Files.isRegularFile(result)) {
                r = (ObjectNode) read(result);
            } else {
                r = JSON.createObjectNode();
                r.put("status", t.status());
                if (t.reason() != null) r.put("failure", t.reason());
            }
            r.put("id", t.id());
            trials.add(r);
        }
        return new AgentRunSummary(runDir, rd.run(), trials);
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
        return run.workload()
                .path("name")
                .asText(dir.getFileName() == null ? "run" : dir.getFileName().toString());
    }

    /** What the events went through between the agents: "tcp", "kafka" or "kafka-streams". */
    public String between() {
        return run.agents().path("between").asText();
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
            if (!"ok".equals(status) && !"marked".equals(status)) {
                out.printf(
                        "%s  %s  %s%n",
                        t.path("id").asText(),
                        status.toUpperCase(Locale.ROOT),
                        t.path("failure").asText());
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

    /**
     * A trial's result.json without the probe windows' anchors: its figures, clocks and bounds. It is the
     * trial's {@code summary} in run.json, with each mark also as a warning ({@code evperf compare} lists them).
     */
    public static ObjectNode brief(JsonNode result) {
        ObjectNode c = withoutAnchors(result);
        ArrayNode warnings = c.putArray("warnings");
        for (JsonNode m : result.path("marks")) {
            ObjectNode w = warnings.addObject();
            w.put("kind", "marked");
            w.put("figure", "clock bound");
            w.put("message", m.asText());
        }
        return c;
    }

    private static ObjectNode withoutAnchors(JsonNode result) {
        ObjectNode c = result.deepCopy();
        c.path("clocks").forEach(a -> ((ObjectNode) a).remove("anchors"));
        c.path("latency").path("pairs").forEach(p -> {
            if (p.path("clock") instanceof ObjectNode pc) pc.remove("anchors");
        });
        return c;
    }

    /** The same figures as JSON: the run's workload and what was between the agents, per trial its result.json without the anchors. */
    public void json(PrintStream out) {
        ObjectNode n = JSON.createObjectNode();
        n.put("workload", workload());
        n.put("between", between());
        ArrayNode ts = n.putArray("trials");
        for (JsonNode t : trials) ts.add(withoutAnchors(t));
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
