package dev.evperf.agent;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * {@code evperf report} of a run over agents: one self-contained HTML page (no script, no external
 * file) with what was measured from where to where, per trial the end-to-end latency with its clock
 * bound ("p99 = 1.830 ms ± 0.040 ms (clock)"), and per agent how its clock was related to the
 * controller's: offset, drift, RTTs, bound, and the anchor each probe window kept or left out.
 */
public final class AgentReportPage {
    private AgentReportPage() {}

    /** Writes the page; @return its size in bytes. */
    public static long write(AgentRunSummary run, Path file) throws IOException {
        StringBuilder h = new StringBuilder();
        h.append("<!doctype html><html><head><meta charset=\"utf-8\"><title>evperf agents: ")
                .append(esc(run.workload()))
                .append("</title><style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse;"
                        + "margin:.5em 0 1.5em}td,th{border:1px solid #ccc;padding:.2em .6em;text-align:right}"
                        + "th{background:#f3f3f3}td.l,th.l{text-align:left}.bad{color:#a00}</style></head><body>");
        h.append("<h1>Run over agents: ").append(esc(run.workload())).append("</h1>");
        h.append("<p>Events went from driver agents to sink agents ")
                .append(run.between().equals("kafka") ? "through a Kafka broker (a topic per driver)" : "over TCP")
                .append(". Every agent timestamp is mapped onto the controller's clock with seed 004's two-point"
                        + " MinRTT relation; an event's latency carries the sum of its two ends' bounds, and a"
                        + " percentile the largest of them (± … (clock)). Directory: <code>")
                .append(esc(run.dir().toString()))
                .append("</code></p>");
        h.append("<h2>Trials</h2><table><tr><th class=l>trial</th><th class=l>status</th><th>events</th>"
                + "<th>p50</th><th>p99</th><th>max</th><th>clock bound</th><th class=l>from → to</th></tr>");
        for (JsonNode t : run.trials()) {
            h.append("<tr><td class=l>").append(esc(t.path("id").asText())).append("</td>");
            if ("failed".equals(t.path("status").asText())) {
                h.append("<td class='l bad' colspan=7>FAILED: ")
                        .append(esc(t.path("failure").asText()))
                        .append("</td></tr>");
                continue;
            }
            JsonNode l = t.path("latency");
            h.append("<td class=l>").append(esc(t.path("status").asText()));
            for (JsonNode m : t.path("marks"))
                h.append("<br><span class=bad>").append(esc(m.asText())).append("</span>");
            h.append("</td><td>")
                    .append(t.path("events_received").asInt())
                    .append(" / ")
                    .append(t.path("events_planned").asInt())
                    .append("</td>");
            for (String p : new String[] {"p50", "p99", "p100"}) {
                h.append("<td>").append(ms(l.path(p + "_us").asDouble())).append(" ± ");
                h.append(ms(l.path("clock_bound_us").asDouble())).append("</td>");
            }
            h.append("<td>± ").append(us(l.path("clock_bound_us").asDouble())).append("</td><td class=l>");
            h.append(esc(l.path("from").asText()))
                    .append(" → ")
                    .append(esc(l.path("to").asText()))
                    .append("<br>")
                    .append(esc(l.path("clock").asText()))
                    .append("</td></tr>");
        }
        h.append("</table>");
        for (JsonNode t : run.trials()) clocks(h, t);
        h.append("</body></html>\n");
        byte[] bytes = h.toString().getBytes(StandardCharsets.UTF_8);
        Files.write(file, bytes);
        return bytes.length;
    }

    private static void clocks(StringBuilder h, JsonNode t) {
        if (!t.path("clocks").fields().hasNext()) return;
        h.append("<h2>Clocks in ").append(esc(t.path("id").asText())).append("</h2>");
        h.append("<table><tr><th class=l>agent</th><th>offset</th><th>drift</th><th>min RTT</th><th>RTT p50</th>"
                + "<th>bound</th><th>probes</th><th>windows left out</th></tr>");
        // every agent's relation to the controller, then each driver-sink pair's own (direct probes)
        List<Map.Entry<String, JsonNode>> relations = new ArrayList<>();
        t.path("clocks").fields().forEachRemaining(relations::add);
        for (JsonNode p : t.path("latency").path("pairs")) {
            if (!p.has("clock")) continue; // no direct probe was possible: the pair has no relation of its own
            relations.add(Map.entry(
                    p.path("driver").asText() + " → " + p.path("sink").asText() + " (direct probe; "
                            + ("direct".equals(p.path("used").asText())
                                    ? "used for the latency)"
                                    : "the controller's relations used)"),
                    p.path("clock")));
        }
        relations.forEach(e -> {
            JsonNode c = e.getValue();
            h.append("<tr><td class=l>").append(esc(e.getKey())).append("</td><td>");
            h.append(String.format(Locale.ROOT, "%+.3f ms", c.path("offset_ns").asDouble() / 1e6))
                    .append("</td><td>")
                    .append(String.format(
                            Locale.ROOT,
                            "%+.1f ± %.1f ppm",
                            c.path("drift_ppm").asDouble(),
                            c.path("drift_bound_ppm").asDouble()))
                    .append("</td><td>")
                    .append(us(c.path("min_rtt_us").asDouble()))
                    .append("</td><td>")
                    .append(us(c.path("rtt_p50_us").asDouble()))
                    .append("</td><td>± ")
                    .append(us(c.path("bound_us").asDouble()))
                    .append("</td><td>")
                    .append(c.path("probes").asInt())
                    .append("</td><td>")
                    .append(c.path("windows_left_out").asInt())
                    .append(" of ")
                    .append(c.path("windows").asInt())
                    .append("</td></tr>");
        });
        h.append("</table><details><summary>anchors (each probe window's minimum-RTT probe)</summary>");
        relations.forEach(e -> {
            h.append("<table><tr><th class=l>").append(esc(e.getKey())).append(": window</th><th>RTT</th>");
            h.append("<th>bound</th><th class=l>kept</th></tr>");
            for (JsonNode a : e.getValue().path("anchors")) {
                h.append("<tr><td class=l>")
                        .append(esc(a.path("window").asText()))
                        .append("</td><td>")
                        .append(us(a.path("rtt_ns").asDouble() / 1e3))
                        .append("</td><td>± ")
                        .append(us(a.path("bound_ns").asDouble() / 1e3))
                        .append("</td><td class=l>")
                        .append(a.path("kept").asBoolean() ? "kept" : "left out (congested)")
                        .append("</td></tr>");
            }
            h.append("</table>");
        });
        h.append("</details>");
    }

    private static String ms(double us) {
        return String.format(Locale.ROOT, "%.3f ms", us / 1e3);
    }

    private static String us(double us) {
        return String.format(Locale.ROOT, "%.1f µs", us);
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("\"", "&quot;")
                .replace("'", "&#39;");
    }
}
