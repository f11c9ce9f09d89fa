package dev.evperf.agent;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import dev.evperf.results.Layout;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The files of one trial over agents, and their only writer: {@value #RESULT} (the figures, each with
 * where it was timed from and to and on which clock, the clocks, the handler switches; or the failure)
 * and {@value #EVENTS} (one row per event). {@link AgentRunSummary} is their reader; docs/agents.md
 * describes the fields. They are not evperf-results' {@code TrialResult}, which is a trial JVM's; the
 * run's run.json lists the trials like any run's.
 */
public final class AgentTrialFiles {
    static final String RESULT = Layout.RESULT_JSON;
    static final String EVENTS = Layout.AGENT_EVENTS;
    static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private AgentTrialFiles() {}

    /** A trial that ran: its figures and clocks, and its events. */
    static void write(AgentFigures f, Path dir, List<String> marks) throws IOException {
        Files.createDirectories(dir);
        Map<String, Object> result = new LinkedHashMap<>();
        result.put("status", marks.isEmpty() ? "ok" : "marked");
        result.put("marks", marks);
        result.put("events_planned", f.planned());
        result.put("events_received", f.received());
        if (f.broker() != null) result.put("broker_on", f.broker());
        Map<String, Object> latency = new LinkedHashMap<>();
        latency.put("from", "driver agent: send start");
        latency.put(
                "to",
                f.between() == null
                        ? "sink agent: receipt of the whole event"
                        : "sink agent: receipt of the output the event caused (" + f.between() + ")");
        latency.put(
                "clock",
                f.sameClock()
                        ? "one agent's clock, no relation needed"
                        : f.pairs().stream().anyMatch(PairLatency.Choice::direct)
                                ? "per driver-sink pair (pairs): the sink's receipt mapped onto the driver's clock by their direct probes, or both ends onto the controller's"
                                : "both ends mapped onto the controller's clock");
        latency.put("clock_bound_us", f.maxBound() / 1e3);
        for (double p : new double[] {50, 99, 100}) latency.put("p" + (int) p + "_us", f.latencyPercentile(p) / 1e3);
        latency.put("pairs", f.pairs().stream().map(PairLatency.Choice::json).toList());
        result.put("latency", latency);
        Map<String, Object> lag = new LinkedHashMap<>();
        lag.put("from", "intended time");
        lag.put("to", "send start");
        lag.put("clock", "each driver agent's own: no relation needed");
        for (double p : new double[] {50, 99, 100}) lag.put("p" + (int) p + "_us", f.lagPercentile(p) / 1e3);
        result.put("generator_lag", lag);
        Map<String, Object> cs = new LinkedHashMap<>();
        for (Map.Entry<String, AgentFigures.Clock> c : f.clocks().entrySet())
            cs.put(
                    c.getKey(),
                    ClockReport.of(c.getValue().relation(), c.getValue().windows()));
        result.put("clocks", cs);
        result.put("switches", f.switches());
        JSON.writeValue(dir.resolve(RESULT).toFile(), result);
        try (Writer w = Files.newBufferedWriter(dir.resolve(EVENTS), StandardCharsets.UTF_8)) {
            w.write("seq,intended_ns,send_ns,receipt_ns,latency_ns,clock_bound_ns\n");
            for (int i = 0; i < f.planned(); i++) {
                boolean lost = f.receipt(i) < 0;
                w.write(i + "," + f.intended(i) + "," + f.send(i) + "," + (lost ? "" : f.receipt(i)) + ","
                        + (lost ? "" : f.latency(i)) + "," + f.bound(i) + "\n");
            }
        }
    }

    /** A trial that failed: its status, the one-line failure and the agent it came from (null if none). */
    public static void writeFailed(Path dir, String failure, String agent) throws IOException {
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("status", "failed");
        r.put("failure", failure);
        r.put("agent", agent);
        JSON.writeValue(dir.resolve(RESULT).toFile(), r);
    }
}
