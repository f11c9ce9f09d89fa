package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.results.Json;
import dev.evperf.results.Layout;
import dev.evperf.suites.run.SuiteTests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * The suite's section of a results directory: per test, in the shape of the thesis's figures, for
 * each engine the figures against the test's factor: throughput (the measured phase's achieved
 * events/s), p50 and p99 latency, the peak heap the JVM reported, CPU, and the validation verdict;
 * unsupported points with the reason. Written as suite.json (the data), suite.md (tables) and
 * suite.html (the tables with a chart per figure); figures of trials with invalid results are marked.
 */
final class SuiteReport {
    private SuiteReport() {}

    /** What was written (a class: Siddhi's ClassIndex annotation processor on the class path rejects records). */
    static final class Written {
        private final Path markdown, html;
        private final String text;

        Written(Path markdown, Path html, String text) {
            this.markdown = markdown;
            this.html = html;
            this.text = text;
        }

        Path markdown() {
            return markdown;
        }

        Path html() {
            return html;
        }

        String text() {
            return text;
        }
    }

    static Written write(Path runDir) throws IOException {
        JsonNode run = Json.MAPPER.readTree(runDir.resolve(Layout.RUN_JSON).toFile());
        JsonNode def = run.path("suite");
        boolean micro = def.path("suite").asText().equals("micro");
        ObjectNode data = Json.MAPPER.createObjectNode();
        data.set("definition", def);
        ArrayNode tests = data.putArray("tests");
        StringBuilder md = new StringBuilder("# evperf suite "
                + def.path("suite").asText() + (def.path("quick").asBoolean() ? " --quick" : "") + "\n\n");
        md.append("Events per trial: ")
                .append(def.path("events").asLong())
                .append(" measured (after ")
                .append(def.path("events").asLong() / 2)
                .append(" of warm-up), ")
                .append(
                        micro
                                ? "sent at maximum rate; latency is the processing time (send start to receipt)"
                                : "sent at " + num(def.path("rate").asDouble())
                                        + " ev/s; latency is scheduled (intended send time to receipt)")
                .append(
                        ". Memory: the peak of the JVM's heap used (MemoryMXBean, sampled each interval). Each trial validated against the reference model.\n");
        StringBuilder html = new StringBuilder();
        // One line per test point and engine, as the Yahoo streaming benchmark's --check prints them.
        StringBuilder checks = new StringBuilder("\n## Verdicts\n\n```\n");
        for (JsonNode test : def.path("tests")) {
            ObjectNode t = tests.addObject();
            t.set("test", test);
            ArrayNode rows = t.putArray("rows");
            md.append("\n## ")
                    .append(test.path("name").asText())
                    .append(": ")
                    .append(test.path("title").asText())
                    .append("\n\n");
            List<String> headers = headers(test.path("factor").asText());
            md.append("| ").append(String.join(" | ", headers)).append(" |\n");
            md.append("|---".repeat(headers.size())).append("|\n");
            for (JsonNode engine : def.path("engines")) {
                for (JsonNode point : test.path("points")) {
                    ObjectNode r = row(runDir, run, engine.asText(), point, micro);
                    r.put("engine", engine.asText());
                    r.put("factor", point.path("value").asText());
                    rows.add(r);
                    String st = r.path("status").asText();
                    checks.append(String.format(
                            Locale.ROOT,
                            "%-11s %s %s=%s %s%n",
                            st.equals("ok") && r.path("verdict").asText().startsWith("valid")
                                    ? "CORRECT"
                                    : st.equals("INVALID")
                                            ? "DIFFER"
                                            : st.equals("ok") ? "NOT CHECKED" : st.toUpperCase(Locale.ROOT),
                            test.path("name").asText(),
                            test.path("factor").asText().replace(' ', '_'),
                            point.path("value").asText(),
                            engine.asText()));
                    List<String> cells = cells(r);
                    cells.set(cells.size() - 1, cells.get(cells.size() - 1).replace("|", "/"));
                    md.append("| ").append(String.join(" | ", cells)).append(" |\n");
                }
            }
            html.append(SuiteHtml.section(test, rows));
        }
        md.append(checks).append("```\n");
        md.append(timing(run, def, micro));
        Path json = runDir.resolve("suite.json"),
                mdFile = runDir.resolve("suite.md"),
                htmlFile = runDir.resolve("suite.html");
        Json.write(json, data);
        Files.writeString(mdFile, md);
        Files.writeString(
                htmlFile,
                SuiteHtml.page(
                        "evperf suite " + def.path("suite").asText(), md.substring(0, md.indexOf("\n## ")), html));
        return new Written(mdFile, htmlFile, md.toString());
    }

    /** One engine at one point: the figures averaged over the repetitions that ran, or why none ran. */
    static ObjectNode row(Path runDir, JsonNode run, String engine, JsonNode point, boolean micro) throws IOException {
        ObjectNode r = Json.MAPPER.createObjectNode();
        List<JsonNode> trials = new ArrayList<>();
        for (JsonNode t : run.path("trials")) {
            if (t.path("params").path("engine.name").asText().equals(engine)
                    && t.path("params").path("engine.query").equals(point.path("spec"))) trials.add(t);
        }
        if (trials.isEmpty()) return r.put("status", "not planned").put("verdict", "");
        JsonNode first = trials.get(0);
        r.set(
                "trials",
                Json.MAPPER.valueToTree(
                        trials.stream().map(t -> t.path("id").asText()).toList()));
        String status = first.path("status").asText();
        if (!status.equals("ok"))
            return r.put("status", status).put("verdict", first.path("reason").asText(""));
        double[] sum = new double[6];
        int n = 0;
        String verdict = "";
        boolean invalid = false;
        for (JsonNode t : trials) {
            if (!t.path("status").asText().equals("ok")) continue;
            n++;
            JsonNode s = t.path("summary");
            JsonNode lat =
                    micro || s.path("latency").path("scheduled").path("count").asLong() == 0
                            ? s.path("latency").path("processing")
                            : s.path("latency").path("scheduled");
            Path dir = runDir.resolve(
                    t.path("dir").asText(Layout.TRIALS + "/" + t.path("id").asText()));
            JsonNode cpu = Json.MAPPER
                    .readTree(dir.resolve(Layout.RESULT_JSON).toFile())
                    .path("cpu");
            double[] v = {
                s.path("achieved_rate").asDouble(Double.NaN),
                lat.path("p50_us").asDouble(Double.NaN),
                lat.path("p99_us").asDouble(Double.NaN),
                peakHeapMb(dir),
                cpu.path("cores_busy").asDouble(Double.NaN),
                cpu.path("events_per_cpu_s").asDouble(Double.NaN)
            };
            for (int i = 0; i < sum.length; i++) sum[i] += v[i];
            JsonNode val = t.path("validation");
            invalid |= val.path("verdict").asText().equals("invalid");
            verdict = val.path("verdict").asText()
                    + (val.path("verdict").asText().equals("invalid")
                                    || val.path("verdict").asText().equals("not checked")
                            ? ": " + val.path("text").asText()
                            : " (" + val.path("correct").asLong() + " rows)");
        }
        String[] keys = {"throughput", "p50_us", "p99_us", "peak_heap_mb", "cores", "events_per_cpu_s"};
        for (int i = 0; i < keys.length; i++) if (n > 0 && !Double.isNaN(sum[i])) r.put(keys[i], sum[i] / n);
        r.put("status", invalid ? "INVALID" : "ok");
        r.put("repetitions", n);
        return r.put("verdict", verdict);
    }

    /** The largest {@code sensor://jvm/heap/used_bytes} sample of the trial, in MB; NaN without sensors. */
    static double peakHeapMb(Path trialDir) throws IOException {
        Path csv = trialDir.resolve("sensors.csv");
        if (!Files.exists(csv)) return Double.NaN;
        double max = Double.NaN;
        try (var lines = Files.lines(csv)) {
            for (String l : (Iterable<String>) lines::iterator) {
                int a = l.indexOf(",sensor://jvm/heap/used_bytes,");
                if (a < 0) continue;
                double v = Double.parseDouble(l.substring(l.lastIndexOf(',') + 1));
                if (Double.isNaN(max) || v > max) max = v;
            }
        }
        return max / 1e6;
    }

    /** The run's measured time and the full sweep's, estimated from the measured per-trial times. */
    static String timing(JsonNode run, JsonNode def, boolean micro) {
        double[] durations = new double[run.path("trials").size()];
        int ran = 0;
        for (JsonNode t : run.path("trials"))
            if (t.has("duration_s")) durations[ran++] = t.get("duration_s").asDouble();
        double total = Arrays.stream(durations, 0, ran).sum();
        double median = ran == 0
                ? Double.NaN
                : Arrays.stream(durations, 0, ran).sorted().toArray()[ran / 2];
        int engines = def.path("engines").size();
        long fullPoints = (micro ? SuiteTests.micro(false) : SuiteTests.nexmark(false))
                .stream().mapToLong(x -> x.points().size()).sum();
        long fullTrials = fullPoints * engines * 2;
        double perTrial = median + 60 + 600; // the thesis's method: a 1 min ramp and 10 min at the sustainable rate
        return String.format(
                Locale.ROOT,
                "%n## Time%n%nMeasured: %d trial(s) ran in %.0f s of trial time (median %.1f s a trial, JVM"
                        + " start, preparation, validation included); %d planned.%n%nEstimate, not measured: the full sweep (%d points × %d"
                        + " engine(s) × 2 repetitions = %d trials) by the thesis's method (1 min ramp, 10 min steady at the"
                        + " sustainable rate, per trial) takes ≈ %.1f h: %d × (%.1f s measured overhead + 660 s).%n",
                ran,
                total,
                median,
                run.path("trials").size(),
                fullPoints,
                engines,
                fullTrials,
                fullTrials * perTrial / 3600,
                fullTrials,
                median);
    }

    /** The figures of a row, in the table's order (suite.md and suite.html show the same columns). */
    private static final String[] FIGURES = {
        "throughput", "p50_us", "p99_us", "peak_heap_mb", "cores", "events_per_cpu_s"
    };

    /** The table's headers: engine, the test's factor, status, the figures, validation. */
    static List<String> headers(String factor) {
        return List.of(
                "engine",
                factor,
                "status",
                "throughput ev/s",
                "p50 µs",
                "p99 µs",
                "peak heap MB",
                "cores",
                "ev per CPU-s",
                "validation");
    }

    /** One row's cells under {@link #headers}, as text. */
    static List<String> cells(JsonNode r) {
        List<String> c = new ArrayList<>();
        c.add(r.path("engine").asText());
        c.add(r.path("factor").asText());
        c.add(r.path("status").asText());
        for (String key : FIGURES) c.add(cell(r, key));
        c.add(r.path("verdict").asText());
        return c;
    }

    private static String cell(JsonNode r, String key) {
        return r.has(key) ? num(r.get(key).asDouble()) : "–";
    }

    static String num(double v) {
        if (Double.isNaN(v)) return "–";
        if (Math.abs(v) >= 100) return String.format(Locale.ROOT, "%.0f", v);
        if (Math.abs(v) >= 1) return String.format(Locale.ROOT, "%.2f", v);
        return String.format(Locale.ROOT, "%.3f", v);
    }
}
