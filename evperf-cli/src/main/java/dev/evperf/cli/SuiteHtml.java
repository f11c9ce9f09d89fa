package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * suite.html: one section per test, a small chart per figure (throughput, p99 latency, heap after GC)
 * with a line per engine against the factor, and the table under them. Plain SVG, no script, so
 * the page opens anywhere and prints as it shows. Points of invalid trials are hollow and marked.
 */
final class SuiteHtml {
    private static final String[] COLOURS = {"#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b"};

    private SuiteHtml() {}

    static String page(String title, String intro, CharSequence sections) {
        return "<!doctype html><html><head><meta charset=\"utf-8\"><title>" + esc(title) + "</title><style>"
                + "body{font:14px sans-serif;margin:2em;max-width:1200px}table{border-collapse:collapse;margin:.5em 0 2em}"
                + "td,th{border:1px solid #ccc;padding:2px 6px;text-align:right}td:last-child{text-align:left;max-width:480px}"
                + ".bad{color:#b00;font-weight:bold}svg{margin-right:1em}</style></head><body><h1>" + esc(title)
                + "</h1><p>"
                + esc(intro.replaceAll("^# .*\\n", "").strip()) + "</p>" + sections + "</body></html>\n";
    }

    static String section(JsonNode test, Iterable<JsonNode> rows) {
        Map<String, List<JsonNode>> byEngine = new LinkedHashMap<>();
        List<String> factors = new ArrayList<>();
        for (JsonNode r : rows) {
            byEngine.computeIfAbsent(r.path("engine").asText(), k -> new ArrayList<>())
                    .add(r);
            if (!factors.contains(r.path("factor").asText()))
                factors.add(r.path("factor").asText());
        }
        StringBuilder s = new StringBuilder("<h2>" + esc(test.path("name").asText()) + ": "
                + esc(test.path("title").asText()) + "</h2><div>");
        s.append(chart("throughput (ev/s)", "throughput", test.path("factor").asText(), factors, byEngine));
        s.append(chart("p99 latency (µs)", "p99_us", test.path("factor").asText(), factors, byEngine));
        s.append(chart("heap after GC (MB)", "heap_mb", test.path("factor").asText(), factors, byEngine));
        s.append("</div><table><tr>");
        for (String h : SuiteReport.headers(test.path("factor").asText()))
            s.append("<th>").append(esc(h)).append("</th>");
        s.append("</tr>");
        for (JsonNode r : rows) {
            boolean bad = !r.path("status").asText().equals("ok");
            List<String> cells = SuiteReport.cells(r);
            s.append("<tr>");
            for (int i = 0; i < cells.size(); i++) {
                s.append(i == 2 && bad ? "<td class=\"bad\">" : "<td>")
                        .append(esc(cells.get(i)))
                        .append("</td>");
            }
            s.append("</tr>");
        }
        return s.append("</table>").toString();
    }

    /** A line per engine over the factor's values (equally spaced, in the sweep's order); y from 0. */
    private static String chart(
            String title, String key, String factor, List<String> factors, Map<String, List<JsonNode>> byEngine) {
        int w = 360, h = 200, left = 60, bottom = 40, top = 20;
        double max = 0;
        for (List<JsonNode> rs : byEngine.values())
            for (JsonNode r : rs) if (r.has(key)) max = Math.max(max, r.get(key).asDouble());
        if (max <= 0) max = 1;
        StringBuilder s = new StringBuilder(String.format(
                Locale.ROOT,
                "<svg width=\"%d\" height=\"%d\"><text x=\"%d\" y=\"14\">%s</text>",
                w,
                h,
                left,
                esc(title)));
        s.append(String.format(
                Locale.ROOT,
                "<line x1=\"%d\" y1=\"%d\" x2=\"%d\" y2=\"%d\" stroke=\"#999\"/>",
                left,
                h - bottom,
                w - 10,
                h - bottom));
        s.append(String.format(
                Locale.ROOT,
                "<text x=\"4\" y=\"%d\" font-size=\"11\">%s</text><text x=\"4\" y=\"%d\" font-size=\"11\">0</text>",
                top + 10,
                SuiteReport.num(max),
                h - bottom));
        double dx = factors.size() > 1 ? (w - left - 30.0) / (factors.size() - 1) : 0;
        for (int i = 0; i < factors.size(); i++) {
            s.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%.0f\" y=\"%d\" font-size=\"11\" text-anchor=\"middle\">%s</text>",
                    left + 10 + i * dx,
                    h - bottom + 14,
                    esc(factors.get(i))));
        }
        s.append(String.format(
                Locale.ROOT, "<text x=\"%d\" y=\"%d\" font-size=\"11\">%s</text>", left, h - 6, esc(factor)));
        int c = 0;
        for (var e : byEngine.entrySet()) {
            String colour = COLOURS[c++ % COLOURS.length];
            StringBuilder path = new StringBuilder();
            for (JsonNode r : e.getValue()) {
                if (!r.has(key)) continue;
                double x = left + 10 + factors.indexOf(r.path("factor").asText()) * dx;
                double y = h - bottom - (h - bottom - top) * r.get(key).asDouble() / max;
                path.append(path.length() == 0 ? "M" : "L").append(String.format(Locale.ROOT, "%.1f %.1f ", x, y));
                boolean invalid = r.path("status").asText().equals("INVALID");
                s.append(String.format(
                        Locale.ROOT,
                        "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3.5\" fill=\"%s\" stroke=\"%s\"><title>%s %s: %s%s</title></circle>",
                        x,
                        y,
                        invalid ? "white" : colour,
                        colour,
                        esc(e.getKey()),
                        esc(r.path("factor").asText()),
                        SuiteReport.num(r.get(key).asDouble()),
                        invalid ? " (INVALID results)" : ""));
            }
            if (path.length() > 0)
                s.append("<path d=\"")
                        .append(path)
                        .append("\" fill=\"none\" stroke=\"")
                        .append(colour)
                        .append("\"/>");
            s.append(String.format(
                    Locale.ROOT,
                    "<text x=\"%d\" y=\"%d\" font-size=\"11\" fill=\"%s\">%s</text>",
                    w - 90,
                    top + 12 * c,
                    colour,
                    esc(e.getKey())));
        }
        return s.append("</svg>").toString();
    }

    /** A table section (title, note, headers, rows: the steady runs, adaptivity) in suite.md. */
    static String sectionMarkdown(JsonNode sec) {
        StringBuilder md = new StringBuilder("\n## " + sec.path("title").asText() + "\n\n")
                .append(sec.path("note").asText())
                .append("\n\n|");
        sec.path("headers").forEach(h -> md.append(' ').append(h.asText()).append(" |"));
        md.append('\n').append("|---".repeat(sec.path("headers").size())).append("|\n");
        for (JsonNode r : sec.path("rows")) {
            md.append('|');
            r.forEach(c -> md.append(' ').append(c.asText().replace("|", "/")).append(" |"));
            md.append('\n');
        }
        return md.toString();
    }

    /** The same section in suite.html. */
    static String sectionHtml(JsonNode sec) {
        StringBuilder h = new StringBuilder("<h2>" + esc(sec.path("title").asText()) + "</h2><p>"
                + esc(sec.path("note").asText()) + "</p><table><tr>");
        sec.path("headers")
                .forEach(x -> h.append("<th>").append(esc(x.asText())).append("</th>"));
        h.append("</tr>");
        for (JsonNode r : sec.path("rows")) {
            h.append("<tr>");
            r.forEach(c -> h.append("<td>").append(esc(c.asText())).append("</td>"));
            h.append("</tr>");
        }
        return h.append("</table>").toString();
    }

    static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
