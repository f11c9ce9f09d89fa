package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.analysis.stats.Comparison;
import dev.evperf.analysis.stats.RunWarnings;
import dev.evperf.analysis.summary.RunSummary;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evperf compare} on two real runs of the null engine, which spins a known time per event:
 * 100 µs in run A, 200 µs in run B. (Repeated runs of one configuration: {@link CompareAcceptanceTest}.)
 */
class CompareTest {
    @TempDir
    static Path tmp;

    static Path runA;
    static Path runB;

    static String nullEngine(String serviceTime) {
        return Cli.nullEngine(
                "cmp",
                serviceTime,
                """
                  phases:
                    - {name: warmup, measure: false, bursts: {count: 2, size: 50, distance: 20ms}}
                    - {name: measure, bursts: {count: 20, size: 50, distance: 20ms}}
                """);
    }

    @BeforeAll
    static void runBoth() throws Exception {
        runA = tmp.resolve("a");
        runB = tmp.resolve("b");
        Cli a = Cli.run("run", Cli.write(tmp, "a.yaml", nullEngine("100us")).toString(), "--out", runA.toString());
        assertThat(a.exit).as(a.toString()).isZero();
        Cli b = Cli.run("run", Cli.write(tmp, "b.yaml", nullEngine("200us")).toString(), "--out", runB.toString());
        assertThat(b.exit).as(b.toString()).isZero();
    }

    static Cli compare(List<Path> runs, RunSummary.Format format) {
        return Cli.capture((out, err) -> CompareCommand.run(runs, format, Comparison.Options.DEFAULT, false, out, err));
    }

    @Test
    void twiceTheServiceTimeIsAFasterBeyondTheSpread() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = CompareCommand.run(
                List.of(runA, runB),
                new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(text + err).isZero();
        assertThat(text)
                .contains(
                        "A: " + runA,
                        "B: " + runB,
                        "event processing time",
                        "burst time",
                        "A faster",
                        "Configurations differ (A | B): workload engine.options.service_time: \"100us\" | \"200us\".");
        assertThat(text).containsPattern("event processing time +µs .* A faster \\(");

        Cli json = compare(List.of(runA, runB), RunSummary.Format.JSON);
        assertThat(json.exit).as(json.err).isZero();
        JsonNode metrics = new ObjectMapper().readTree(json.out).at("/pairs/0/groups/0/metrics");
        JsonNode event = find(metrics, "event_time"), burst = find(metrics, "burst_time");
        // One trial per run: blocks of consecutive events, and a difference far beyond their spread.
        assertThat(event.get("verdict").asText()).as(event.toString()).isEqualTo("A faster");
        assertThat(event.get("units").asText()).isEqualTo("block");
        assertThat(event.get("effect").asDouble())
                .isGreaterThan(event.get("min_effect").asDouble());
        // Per burst (a few dozen values, the runs one after the other): the engine spins on the clock, so on a
        // busy machine preemption lengthens bursts by whole time slices, and by more in one run than in the
        // other when the load changes between them (under load 15: A's median 15.9 ms, B's 10.2 ms). What no
        // machine changes: a burst lasts at least its 50 spins, 5 ms in A and 10 ms in B, and a verdict's
        // direction is the sign of the difference it found.
        assertThat(burst.at("/a/median").asDouble()).as(burst.toString()).isGreaterThanOrEqualTo(5.0);
        assertThat(burst.at("/b/median").asDouble()).as(burst.toString()).isGreaterThanOrEqualTo(10.0);
        String burstVerdict = burst.get("verdict").asText();
        if (!burstVerdict.equals(Comparison.NO_DIFFERENCE)) {
            assertThat(Math.signum(burst.at("/diff_median/estimate").asDouble()))
                    .as(burst.toString())
                    .isEqualTo(burstVerdict.equals("A faster") ? 1.0 : -1.0);
        }
        // Each event spins 100 µs longer in B: the interval of the median difference lies around +100 µs.
        assertThat(event.at("/diff_median/lo").asDouble()).isBetween(50.0, 150.0);
        assertThat(event.at("/diff_median/hi").asDouble()).isBetween(50.0, 150.0);
        // n as summary counts it: the measured events after the warm-up cut
        long processed = new ObjectMapper()
                .readTree(Cli.run("summary", runA.toString(), "--format", "json").out)
                .at("/trials/0/latency/processing/count")
                .asLong();
        assertThat(event.at("/a/n").asLong()).isEqualTo(processed).isPositive().isLessThanOrEqualTo(1000);

        Cli csv = compare(List.of(runA, runB), RunSummary.Format.CSV);
        assertThat(csv.out.lines().findFirst().orElseThrow())
                .startsWith("a,b,group,metric,unit,units,block_length,n_a,n_b,");
        assertThat(csv.out).containsPattern("(?m)^A,B,all,event_time,µs,block,.*,A faster,");
    }

    @Test
    void aRunAgainstItselfShowsNoDifference() throws Exception {
        Cli o = compare(List.of(runA, runA), RunSummary.Format.JSON);
        assertThat(o.exit).isZero();
        JsonNode pair = new ObjectMapper().readTree(o.out).at("/pairs/0");
        assertThat(pair.get("differences")).isEmpty();
        for (JsonNode m : pair.at("/groups/0/metrics"))
            assertThat(m.get("verdict").asText()).as(m.toString()).isEqualTo("no difference");
    }

    @Test
    void optionsOutOfRangeAreOneLineOfBadInput() {
        Cli change = Cli.run("compare", runA.toString(), runB.toString(), "--min-change", "lots");
        assertThat(change.exit).isEqualTo(Main.BAD_INPUT);
        assertThat(change.err.strip())
                .isEqualTo("evperf: --min-change: expected a fraction or a percentage such as 0.01 or 1%, got 'lots'");
        Cli effect = Cli.run("compare", runA.toString(), runB.toString(), "--min-effect", "-1");
        assertThat(effect.exit).isEqualTo(Main.BAD_INPUT);
        assertThat(effect.err.strip()).isEqualTo("evperf: min-effect must be a number >= 0, got -1.0");
        // a least change of 200 % leaves B's 100 µs more no difference: ~+100 % of A's median, a little more or
        // less as the machine lengthens the spins (+101.7 % under load; only B's median ≥ 3 × A's would reach it)
        Cli lenient = Cli.run("compare", runA.toString(), runB.toString(), "--min-change", "200%", "--format", "csv");
        assertThat(lenient.exit).as(lenient.toString()).isZero();
        assertThat(lenient.out)
                .containsPattern("(?m)^A,B,all,event_time,.*,no difference,\\|Δ\\| = \\d+\\.\\d+ % < 200 % of A,");
    }

    @Test
    void aDirectoryThatIsNotARunIsOneLineOfBadInput() throws Exception {
        Path notRun = Files.createDirectories(tmp.resolve("not-a-run"));
        Cli o = compare(List.of(runA, notRun), RunSummary.Format.TEXT);
        assertThat(o.exit).isEqualTo(Main.BAD_INPUT);
        assertThat(o.out).isEmpty();
        assertThat(o.err).startsWith("evperf: not a run directory: " + notRun).contains("run.json");
        assertThat(o.err.strip()).doesNotContain("\n");
        Cli one = compare(List.of(runA), RunSummary.Format.TEXT);
        assertThat(one.exit).isEqualTo(Main.BAD_INPUT);
        assertThat(one.err).contains("at least two run directories");
    }

    @Test
    void theHtmlPageOverlaysEveryRunPerMetricAndOpensInChromiumWithEveryChartDrawn() throws Exception {
        // three runs (C is A again): every chart must carry three series
        Path html = tmp.resolve("page/compare.html");
        Cli c = Cli.run(
                "compare",
                runA.toString(),
                runB.toString(),
                runA.toString(),
                "--format",
                "json",
                "--html",
                html.toString());
        assertThat(c.exit).as(c.toString()).isZero();
        assertThat(c.err.strip())
                .startsWith("evperf: comparison page written to " + html)
                .doesNotContain("\n");
        JsonNode json = new ObjectMapper().readTree(c.out);
        String page = Files.readString(html);
        // quantiles, not raw samples: small whatever the runs' sizes (uPlot and the scripts are ~110 KB of it)
        assertThat(page.length()).isLessThan(150_000);
        assertThat(page).doesNotContainPattern("(?i)<script[^>]+src=").doesNotContainPattern("(?i)<link[^>]+href=");

        // one chart per group and metric that any run has values of, every run a series of 101 quantiles
        JsonNode data = new ObjectMapper().readTree(dataBlock(page));
        Set<String> expected = new TreeSet<>(), charted = new TreeSet<>();
        json.get("distributions").fields().forEachRemaining(run -> run.getValue()
                .fields()
                .forEachRemaining(group -> group.getValue().fields().forEachRemaining(metric -> {
                    if (metric.getValue().get("n").asInt() > 0) expected.add(group.getKey() + "/" + metric.getKey());
                })));
        for (JsonNode chart : data.get("charts")) {
            charted.add(chart.get("group").asText() + "/" + chart.get("metric").asText());
            assertThat(chart.get("series").findValuesAsText("run"))
                    .as(chart.get("title").asText())
                    .containsExactly("A", "B", "C");
            for (JsonNode series : chart.get("series"))
                assertThat(series.get("q")).hasSize(101);
        }
        assertThat(charted).contains("all/event_time", "all/burst_time").isEqualTo(expected);
        Path target = Files.createDirectories(Path.of("target"));
        Files.copy(html, target.resolve("compare-test.html"), StandardCopyOption.REPLACE_EXISTING);

        String chromium = Chromium.required();
        String dom = Chromium.openWithEveryChartDrawn(chromium, html, tmp.resolve("chromium"));
        assertThat(Chromium.bodyData(dom).get("data-charts")).isEqualTo(Integer.toString(charted.size()));
        // each drawn chart's legend names the three runs
        Matcher legend = Pattern.compile("<table class=\"u-legend[^\"]*\">(.*?)</table>", Pattern.DOTALL)
                .matcher(dom);
        int legends = 0;
        for (; legend.find(); legends++)
            assertThat(labels(legend.group(1))).as(legend.group(1)).contains("A", "B", "C");
        assertThat(legends).isEqualTo(charted.size());

        // the A vs B table as drawn shows the JSON's figures (rounded to 4 digits) and the text output's cells
        List<String> row = tableRow(dom, "A vs B", "event processing time");
        JsonNode event = find(json.at("/pairs/0/groups/0/metrics"), "event_time");
        assertThat(row.get(2)).isEqualTo(event.at("/a/n").asText());
        assertThat(row.get(3)).isEqualTo(event.at("/b/n").asText());
        assertClose(
                numbers(row.get(7)),
                event.at("/diff_median/estimate"),
                event.at("/diff_median/lo"),
                event.at("/diff_median/hi"));
        assertClose(
                numbers(row.get(10)),
                event.at("/diff_mean/estimate"),
                event.at("/diff_mean/lo"),
                event.at("/diff_mean/hi"));
        assertClose(numbers(row.get(11)), event.at("/rank_sum_p"));
        assertThat(row.get(12))
                .isEqualTo(event.get("verdict").asText() + " ("
                        + event.get("reason").asText() + ")")
                .startsWith("A faster");
        assertThat(dom)
                .contains(
                        "Configurations differ (A | B): workload engine.options.service_time: \"100us\" | \"200us\".");
        Cli text = compare(List.of(runA, runB, runA), RunSummary.Format.TEXT);
        assertThat(text.out).contains(row.get(7), row.get(10), row.get(12));

        // the warnings the text output lists (its block after the heading), drawn above the differences
        List<String> warnings = RunWarnings.text(RunWarnings.load(List.of(runA, runB, runA)))
                .strip()
                .lines()
                .skip(1)
                .map(String::strip)
                .toList();
        assertThat(warnings).isNotEmpty();
        for (String w : warnings)
            assertThat(dom)
                    .contains(w.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"));
        assertThat(dom.indexOf("id=\"warnings\"")).isPositive().isLessThan(dom.indexOf("id=\"differences\""));

        Path png = target.resolve("compare-screenshot.png");
        Chromium.screenshot(chromium, html, png, 2200, tmp.resolve("chromium"));
        assertThat(Files.size(png)).isGreaterThan(30_000);
    }

    @Test
    void anUnwritableHtmlPathIsOneLineOfBadInput() throws Exception {
        Path file = Files.writeString(tmp.resolve("a-file"), "");
        Path html = file.resolve("compare.html");
        Cli c = Cli.run("compare", runA.toString(), runB.toString(), "--html", html.toString());
        assertThat(c.exit).as(c.toString()).isEqualTo(Main.BAD_INPUT);
        assertThat(c.out).isEmpty();
        assertThat(c.err)
                .isEqualTo("evperf: " + html + ": cannot write (" + file + " is not a directory)"
                        + System.lineSeparator());

        Cli dir = Cli.run("compare", runA.toString(), runB.toString(), "--html", tmp.toString());
        assertThat(dir.exit).as(dir.toString()).isEqualTo(Main.BAD_INPUT);
        assertThat(dir.out).isEmpty();
        assertThat(dir.err.strip()).isEqualTo("evperf: " + tmp + ": cannot write (Is a directory)");
    }

    /** The JSON block the page's script reads. */
    static String dataBlock(String page) {
        Matcher m = Pattern.compile(
                        "<script type=\"application/json\" id=\"evperf-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(page);
        assertThat(m.find()).as("the page's data block").isTrue();
        return m.group(1);
    }

    /** The cells of the row starting with {@code first} in the table under the heading {@code title}, as shown. */
    static List<String> tableRow(String dom, String title, String first) {
        int at = dom.indexOf("<h3>" + title + "</h3>");
        assertThat(at).as("a table headed " + title).isNotNegative();
        String table = dom.substring(at, dom.indexOf("</table>", at));
        Matcher tr = Pattern.compile("<tr>(.*?)</tr>", Pattern.DOTALL).matcher(table);
        while (tr.find()) {
            List<String> cells = new ArrayList<>();
            Matcher td =
                    Pattern.compile("<t[dh][^>]*>(.*?)</t[dh]>", Pattern.DOTALL).matcher(tr.group(1));
            while (td.find())
                cells.add(td.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"));
            if (!cells.isEmpty() && cells.get(0).equals(first)) return cells;
        }
        throw new AssertionError("no row " + first + " in " + table);
    }

    static List<String> labels(String legend) {
        List<String> out = new ArrayList<>();
        Matcher m = Pattern.compile("<div class=\"u-label\">([^<]*)</div>").matcher(legend);
        while (m.find()) out.add(m.group(1));
        return out;
    }

    static List<Double> numbers(String cell) {
        List<Double> out = new ArrayList<>();
        Matcher m = Pattern.compile("[-+]?\\d+(?:\\.\\d+)?(?:e[-+]?\\d+)?").matcher(cell);
        while (m.find()) out.add(Double.parseDouble(m.group()));
        return out;
    }

    /** Shown figures against the JSON's: the page prints 3 or 4 significant digits, small p-values 4 decimals. */
    static void assertClose(List<Double> shown, JsonNode... exact) {
        assertThat(shown).hasSize(exact.length);
        for (int i = 0; i < exact.length; i++) {
            double x = exact[i].asDouble();
            assertThat(shown.get(i))
                    .as("shown %s vs %s", shown, x)
                    .isCloseTo(x, org.assertj.core.data.Offset.offset(Math.abs(x) * 5e-3 + 5e-5));
        }
    }

    static JsonNode find(JsonNode metrics, String key) {
        for (JsonNode m : metrics) if (m.get("metric").asText().equals(key)) return m;
        throw new AssertionError("no metric " + key + " in " + metrics);
    }
}
