package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code evperf report} end to end: a small real run (null engine, a sweep of two burst distances
 * and a JVM option that fails its trials), its report, and that report opened in headless
 * Chromium: no JavaScript error, every chart drawn. The screenshot is kept as
 * target/report-screenshot.png, the page as target/report-test.html.
 */
class ReportTest {
    @TempDir
    static Path tmp;

    static Path run;
    static Cli runCli;

    static final String WORKLOAD =
            """
            name: report-test
            description: the null engine in bursts, for the HTML report's test
            streams:
              S: {fields: {v: double}}
            engine: {name: "null", outputs: {out: {}}}
            load:
              phases:
                - {name: warmup, measure: false, bursts: {count: 3, size: 500, distance: 5ms}}
                - {name: measure, bursts: {count: 8, size: 500, distance: 5ms}}
            matrix:
              load.phases.measure.bursts.distance: [0ms, 5ms]
              jvm: [[], [-XX:MaxMetaspaceSize=8m]]
            measure: {sensors: {interval: 20ms}}
            """;

    @BeforeAll
    static void runTheWorkload() throws IOException {
        run = tmp.resolve("run");
        runCli = Cli.run("run", Cli.write(tmp, "report-test.yaml", WORKLOAD).toString(), "--out", run.toString());
    }

    private static String[] report(Path runDir, Path html) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ReportCommand.run(runDir, html, new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(code), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void theReportOfARealRunOpensInChromiumWithEveryChartDrawnAndNoError() throws Exception {
        // the run: two ok trials (distance 0 and 5 ms) and two whose JVM runs out of class space (a JVM option it
        // accepts, so that the run starts, but too small for the trial's classes)
        assertThat(runCli.exit).as(runCli.toString()).isEqualTo(1);
        JsonNode trials =
                new ObjectMapper().readTree(run.resolve("run.json").toFile()).get("trials");
        assertThat(trials).hasSize(4);
        List<String> statuses = new ArrayList<>();
        trials.forEach(t -> statuses.add(t.get("status").asText()));
        assertThat(statuses).containsExactlyInAnyOrder("ok", "ok", "failed", "failed");

        Path html = tmp.resolve("report.html");
        String[] r = report(run, html);
        assertThat(r[0]).as(r[1]).isEqualTo("0");
        assertThat(r[1].strip().lines()).hasSize(1);
        assertThat(r[1]).contains("report of 4 trials (2 failed, listed with their reasons) written to " + html);
        String page = Files.readString(html);
        assertThat(page.length()).isLessThan(1_500_000);
        assertThat(page).contains("MaxMetaspaceSize=8m").contains("Metaspace");
        Path target = Path.of("target");
        Files.createDirectories(target);
        Files.copy(html, target.resolve("report-test.html"), StandardCopyOption.REPLACE_EXISTING);

        String chromium = Chromium.required();
        String dom = Chromium.openWithEveryChartDrawn(chromium, html, tmp.resolve("chromium"));
        // 2 trials × (latency, rate, 3 percentiles over time, timeline, burst histogram, CDF, 2 event histograms,
        // 2 per-position, head-tail, 3 sensors) + across trials (sweep, its metric, every trial, JVM side by side)
        assertThat(Integer.parseInt(Chromium.bodyData(dom).get("data-charts"))).isGreaterThanOrEqualTo(2 * 15 + 4);
        // The headline comes first: per trial its status, the failed ones with the JVM's reason.
        assertThat(dom.indexOf("id=\"summary\"")).isPositive().isLessThan(dom.indexOf("id=\"overview\""));
        String summary = dom.substring(dom.indexOf("id=\"summary\""), dom.indexOf("id=\"overview\""));
        assertThat(summary)
                .contains("4 trials: ")
                .contains("2 failed")
                .contains("Metaspace")
                .contains("distance=0ms jvm=default")
                .contains("distance=5ms jvm=-XX:MaxMetaspaceSize=8m");
        assertThat(summary.split("class=\"status-failed\">failed<", -1)).hasSize(3);
        // The matrix by short names and values; the environment folded, the kernel command line inside it.
        assertThat(dom)
                .contains(
                        "distance (load.phases.measure.bursts.distance): 0ms, 5ms\njvm: default, -XX:MaxMetaspaceSize=8m");
        assertThat(dom)
                .contains("<details class=\"env\"><summary>Environment (controller): ")
                .doesNotContain("<details class=\"env\" open");
        assertThat(dom.indexOf("kernel_cmdline")).isGreaterThan(dom.indexOf("<details class=\"env\">"));
        // Spikes in words; no placeholder positions.
        assertThat(dom)
                .doesNotContain("pos -1")
                .doesNotContain("burst -1")
                .doesNotContain("gc-pause=")
                .contains("slow event");
        // Phase labels were drawn on the time charts, none past the next phase's mark or the plot's edge.
        assertThat(Integer.parseInt(Chromium.bodyData(dom).get("data-phase-labels")))
                .isPositive();
        assertThat(Chromium.bodyData(dom).get("data-phase-labels-past-room")).isEqualTo("0");

        Path png = target.resolve("report-screenshot.png");
        Chromium.screenshot(chromium, html, png, 3000, tmp.resolve("chromium"));
        assertThat(Files.size(png)).isGreaterThan(50_000);
    }

    @Test
    void theCommandLineWritesNextToTheRunByDefault() throws Exception {
        Path copy = tmp.resolve("copy");
        copyTree(run, copy);
        int code = new CommandLine(new ReportCommand()).execute(copy.toString());
        assertThat(code).isZero();
        assertThat(copy.resolve("report.html")).exists();
        Path other = tmp.resolve("elsewhere/r.html");
        assertThat(new CommandLine(new ReportCommand()).execute(copy.toString(), "-o", other.toString()))
                .isZero();
        assertThat(other).exists();
    }

    @Test
    void badInputGetsOneLineAndExitCode2() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        String[] r = report(empty, null);
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[1])
                .isEqualTo("evperf: not a run directory: " + empty
                        + " has no run.json (expected a directory written by 'evperf run', holding run.json and trials/)"
                        + System.lineSeparator());

        r = report(tmp.resolve("missing"), null);
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[1].strip())
                .startsWith("evperf: not a run directory: ")
                .endsWith("(expected a directory written by 'evperf run', holding run.json and trials/)");
        assertThat(r[1].strip().lines()).hasSize(1);

        Path older = tmp.resolve("older");
        copyTree(run, older);
        Path runJson = older.resolve("run.json");
        Files.writeString(runJson, Files.readString(runJson).replace("\"evperf-run/1\"", "\"evperf-run/0\""));
        r = report(older, null);
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[1].strip().lines()).hasSize(1);
        assertThat(r[1])
                .startsWith("evperf: " + runJson + ": results format \"evperf-run/0\" is not one this evperf reads");
        assertThat(older.resolve("report.html")).doesNotExist();
    }

    /**
     * A category axis (a swept parameter whose values are words, e.g. rate patterns) with more and longer
     * labels than fit: the labels go on two staggered rows, the longest are shortened, and none runs into
     * its neighbour as measured in the browser's own font. The run's two ok trials are copied four times
     * each, every copy with its own long value of a made-up category parameter.
     */
    @Test
    void categoryAxisLabelsAreStaggeredAndShortenedSoNoneOverlaps() throws Exception {
        Path many = tmp.resolve("categories");
        copyTree(run, many);
        ObjectMapper json = new ObjectMapper();
        var runJson = (ObjectNode) json.readTree(many.resolve("run.json").toFile());
        var trials = json.createArrayNode();
        int n = 0;
        for (JsonNode t : runJson.get("trials")) {
            if (!t.get("status").asText().equals("ok")) continue;
            for (int copy = 0; copy < 4; copy++) {
                var c = (ObjectNode) t.deepCopy();
                String id = String.format("t%03d", 100 + ++n);
                copyTree(many.resolve(t.get("dir").asText()), many.resolve("trials/" + id));
                c.put("id", id).put("dir", "trials/" + id);
                ((ObjectNode) c.get("params"))
                        .put("pattern", "a rate pattern with a long descriptive name, number " + n);
                trials.add(c);
            }
        }
        runJson.set("trials", trials);
        json.writeValue(many.resolve("run.json").toFile(), runJson);

        Path html = tmp.resolve("categories.html");
        String[] r = report(many, html);
        assertThat(r[0]).as(r[1]).isEqualTo("0");
        String dom = Chromium.openWithEveryChartDrawn(Chromium.required(), html, tmp.resolve("chromium-categories"));
        var body = Chromium.bodyData(dom);
        // 8 categories on each category chart, some of them drawn
        assertThat(Integer.parseInt(body.get("data-category-labels"))).isGreaterThanOrEqualTo(8);
        assertThat(body.get("data-category-labels-overlapping")).isEqualTo("0");
        assertThat(Integer.parseInt(body.get("data-category-charts-staggered"))).isPositive();
        assertThat(Integer.parseInt(body.get("data-category-labels-shortened"))).isPositive();
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (var s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path d = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(d);
                else Files.copy(p, d, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
