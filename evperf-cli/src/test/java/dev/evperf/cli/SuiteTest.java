package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code evperf suite}: a real {@code --quick} subset on Siddhi, Esper and ref (micro) and on
 * Siddhi and Esper (Nexmark), one results directory that summary and report read, a section per
 * test with the figures and the verdicts; and its bad input. Small event counts keep it short;
 * what it checks is behaviour (which trials ran, what they were judged), not speed.
 */
class SuiteTest {
    @TempDir
    Path tmp;

    @ParameterizedTest
    @CsvSource(
            delimiter = '|',
            value = {
                "macro|suite: unknown suite 'macro'; expected micro or nexmark",
                "micro --tests selction|unknown test 'selction'; did you mean 'selection'?",
                "nexmark --queries q4|unknown test 'q4'",
                "micro --engines sidhi|--engines: unknown engine 'sidhi'; did you mean 'siddhi'?",
                "micro --events 10|--events: expected at least 100, got 10",
                "micro --flink-cluster mini|--flink-cluster: expected standalone or minicluster, got 'mini'",
                "micro --adaptivity-load 0|--adaptivity-load: expected a fraction above 0 and at most 1, got 0.0",
                "micro --adaptivity-load 1.5|--adaptivity-load: expected a fraction above 0 and at most 1, got 1.5",
                "micro --adaptivity-rate 0|--adaptivity-rate: expected a rate above 0, got 0.0",
                "micro --adaptivity-rate 100 --adaptivity-load 0.5|--adaptivity-load: not with --adaptivity-rate",
                "micro --tests selection --adaptivity-load 0.5|--adaptivity-load: sets λ of the adaptivity test, which"
                        + " the selected tests do not include (add adaptivity to --tests",
                "nexmark --adaptivity-rate 100|--adaptivity-rate: sets λ of the adaptivity test",
            })
    void badInputIsOneLineAndNothingRuns(String args, String message) {
        Path out = tmp.resolve("out");
        String[] words = ("suite " + args + " --quick --out " + out).split(" ");
        Cli cli = Cli.run(words);
        assertThat(cli.exit).as(cli.toString()).isEqualTo(2);
        assertThat(cli.err.strip().lines()).as(cli.err).hasSize(1);
        assertThat(cli.err).contains(message).doesNotContain("Exception");
        assertThat(out).doesNotExist();
    }

    @Test
    void aQuickMicroSubsetRunsValidatesAndReportsPerTest() throws Exception {
        Path out = tmp.resolve("micro");
        Cli cli = Cli.run(
                "suite",
                "micro",
                "--quick",
                "--engines",
                "siddhi,esper,ref",
                "--tests",
                "projection,count_sliding_median,table_join_database",
                "--events",
                "3000",
                "--out",
                out.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        JsonNode suite = new ObjectMapper().readTree(out.resolve("suite.json").toFile());
        assertThat(suite.path("tests")).hasSize(3);
        for (JsonNode row : suite.path("tests").get(0).path("rows")) { // projection, 5 and 25 attributes
            assertThat(row.path("status").asText()).as(row.toString()).isEqualTo("ok");
            assertThat(row.path("verdict").asText()).as(row.toString()).startsWith("valid");
            assertThat(row.path("throughput").asDouble()).as(row.toString()).isPositive();
            assertThat(row.path("p99_us").asDouble()).as(row.toString()).isPositive();
            // the heap after a full GC at the end holds at least the engine's state and evperf's records
            assertThat(row.path("heap_mb").asDouble()).as(row.toString()).isPositive();
            assertThat(row.has("heap_growth_mb")).as(row.toString()).isTrue();
        }
        assertThat(suite.path("tests").get(0).path("rows")).hasSize(6);
        for (JsonNode row : suite.path("tests").get(1).path("rows")) { // median: Siddhi's known defect
            String engine = row.path("engine").asText();
            assertThat(row.path("status").asText())
                    .as(row.toString())
                    .isEqualTo(engine.equals("siddhi") ? "INVALID" : "ok");
        }
        for (JsonNode row : suite.path("tests").get(2).path("rows")) { // PostgreSQL join: the run starts one
            boolean siddhi = row.path("engine").asText().equals("siddhi"); // no RDBMS store from Maven Central
            assertThat(row.path("status").asText()).as(row.toString()).isEqualTo(siddhi ? "unsupported" : "ok");
            if (!siddhi)
                assertThat(row.path("verdict").asText()).as(row.toString()).startsWith("valid");
        }
        String md = Files.readString(out.resolve("suite.md"));
        assertThat(md)
                .contains(
                        "## projection",
                        "## count_sliding_median",
                        "## table_join_database",
                        "## Time",
                        "Estimate, not measured");
        assertThat(cli.out).isEqualTo(md);
        assertThat(Files.readString(out.resolve("suite.html"))).contains("<svg", "INVALID");
        assertThat(new ObjectMapper()
                        .readTree(out.resolve("run.json").toFile())
                        .path("suite")
                        .path("suite")
                        .asText())
                .isEqualTo("micro");
        // an ordinary results directory
        Cli summary = Cli.run("summary", out.toString());
        assertThat(summary.exit).as(summary.toString()).isZero();
        assertThat(summary.out).contains("INVALID", "unsupported");
        Path html = tmp.resolve("r.html");
        Cli report = Cli.run("report", out.toString(), "--out", html.toString());
        assertThat(report.exit).as(report.toString()).isZero();
        reportHasTheSuiteSection(html, suite);
    }

    /**
     * evperf report's own page has the suite's section, made from the same rows as suite.json:
     * per test a chart per figure (throughput, p99, heap after GC) with a line per engine, drawn in
     * headless Chromium with no script error, and the table with each row's verdict.
     */
    private void reportHasTheSuiteSection(Path html, JsonNode suite) throws Exception {
        String page = Files.readString(html);
        assertThat(page).contains("\"suite\":{\"definition\"");
        String dom = Chromium.openWithEveryChartDrawn(Chromium.required(), html, tmp.resolve("chromium"));
        assertThat(dom).contains("id=\"suite\"", "Suite micro --quick: every test on every engine");
        for (JsonNode test : suite.path("tests")) {
            assertThat(dom).contains(test.path("test").path("name").asText() + ": ");
            for (JsonNode row : test.path("rows")) {
                String line = String.format(
                        "%-12s%s",
                        row.path("check").asText(),
                        test.path("test").path("name").asText());
                assertThat(dom).contains(line);
            }
        }
        assertThat(dom)
                .contains("throughput vs attributes N", "p99 latency vs attributes N", "heap after GC vs attributes N")
                .contains("Wrong outputs (figures flagged, hollow in the charts): siddhi at 500");
    }

    @Test
    void aQuickNexmarkSubsetHasCoresLatencyAndVerdicts() throws Exception {
        Path out = tmp.resolve("nexmark");
        Cli cli = Cli.run(
                "suite",
                "nexmark",
                "--quick",
                "--engines",
                "siddhi,esper",
                "--queries",
                "q3,q5",
                "--events",
                "4000",
                "--rate",
                "5000",
                "--out",
                out.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        JsonNode suite = new ObjectMapper().readTree(out.resolve("suite.json").toFile());
        for (JsonNode test : suite.path("tests")) {
            assertThat(test.path("rows")).hasSize(2);
            for (JsonNode row : test.path("rows")) {
                assertThat(row.path("status").asText()).as(row.toString()).isEqualTo("ok");
                assertThat(row.path("verdict").asText()).as(row.toString()).startsWith("valid");
                assertThat(row.path("cores").asDouble()).as(row.toString()).isPositive();
                assertThat(row.path("events_per_cpu_s").asDouble())
                        .as(row.toString())
                        .isPositive();
                assertThat(row.path("p50_us").asDouble()).as(row.toString()).isPositive();
            }
        }
        assertThat(cli.out).contains("## q3", "## q5");
        // Each row names its cause (declared): q5's the event that closed its window (from wend), q3's the later of
        // its pair (pseq, aseq); Siddhi and Esper delivered each inside that very event's send (seq): the two agree.
        try (var files = Files.walk(out)) {
            List<Path> all = files.filter(p -> p.endsWith("values-Out.csv")).toList();
            assertThat(all).as("q3 and q5 on siddhi and esper").hasSize(4);
            assertThat(all.stream().filter(SuiteTest::isWindowRows)).as("q5").hasSize(2);
            List<Path> outputs =
                    all.stream().map(p -> p.resolveSibling("outputs.parquet")).toList();
            for (Path p : outputs) {
                String o = "read_parquet('" + p + "')";
                assertThat(Cli.one("SELECT count(*) FROM " + o + " WHERE declared >= 0"))
                        .as(p.toString())
                        .isPositive();
                assertThat(Cli.one("SELECT count(*) FROM " + o + " WHERE declared <> seq"))
                        .as(p.toString())
                        .isZero();
            }
        }
    }

    /** Whether a values file holds window rows: its first column is the window end. */
    static boolean isWindowRows(Path values) {
        try (var lines = Files.lines(values)) {
            return lines.findFirst().orElse("").startsWith("wend");
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    /**
     * {@code --sustain}: each engine's best sustained throughput per query, found by evperf sustain's
     * own search (a short quick one here), reported with its criterion in suite.md and on the report
     * page. The figure must be the search's own: the highest sustained rate among its probes, the
     * lowest failed next to it, each probe judged by its own figures.
     */
    @Test
    void aQuickSustainSearchGivesEachEnginesBestThroughputPerQuery() throws Exception {
        Path out = tmp.resolve("sustain");
        Cli cli = Cli.run(
                "suite",
                "nexmark",
                "--quick",
                "--engines",
                "siddhi,esper",
                "--queries",
                "q1",
                "--events",
                "2000",
                "--rate",
                "2000",
                "--sustain",
                "--sustain-probes",
                "2",
                // the search only: the steady runs after it are SuiteMethodTest's
                "--steady-runs",
                "0",
                "--out",
                out.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        assertThat(out.resolve("sustain/q1-q1-siddhi-steady"))
                .as("no steady runs asked for")
                .doesNotExist();
        JsonNode suite = new ObjectMapper().readTree(out.resolve("suite.json").toFile());
        String md = Files.readString(out.resolve("suite.md"));
        assertThat(md)
                .contains("## Best sustained throughput", "achieved ≥ 99 % of its rate", "starts at 2000 ev/s")
                .contains("in at most 2 probes");
        JsonNode rows = suite.path("tests").get(0).path("rows");
        assertThat(rows).hasSize(2);
        for (JsonNode row : rows) {
            JsonNode s = row.path("sustain");
            assertThat(s.path("dir").asText())
                    .as(row.toString())
                    .isEqualTo("sustain/q1-q1-" + row.path("engine").asText());
            JsonNode probes = new ObjectMapper()
                    .readTree(out.resolve(s.path("dir").asText())
                            .resolve("run.json")
                            .toFile())
                    .path("sustain")
                    .path("probe_results");
            assertThat(probes.size()).as(s.toString()).isBetween(1, 2);
            assertThat(probes.get(0).path("rate").asDouble()).isEqualTo(2000.0); // the suite's rate starts it
            double highest = Double.NaN, lowest = Double.NaN;
            for (JsonNode p : probes) {
                double rate = p.path("rate").asDouble();
                if (p.path("sustained").asBoolean()) {
                    assertThat(p.path("achieved_rate").asDouble())
                            .as(p.toString())
                            .isGreaterThanOrEqualTo(0.99 * rate);
                    highest = Double.isNaN(highest) ? rate : Math.max(highest, rate);
                } else {
                    assertThat(p.path("reason").asText()).as(p.toString()).isNotBlank();
                    lowest = Double.isNaN(lowest) ? rate : Math.min(lowest, rate);
                }
            }
            // Double.compare: NaN (no probe sustained, or none failed) is NaN on both sides
            assertThat(Double.compare(s.path("sustainable_rate").asDouble(Double.NaN), highest))
                    .as(s + " highest sustained probe " + highest)
                    .isZero();
            assertThat(Double.compare(s.path("lowest_failed_rate").asDouble(Double.NaN), lowest))
                    .as(s + " lowest failed probe " + lowest)
                    .isZero();
            assertThat(s.path("probes").asInt()).isEqualTo(probes.size());
            assertThat(s.path("probes_invalid").asInt())
                    .as("q1's outputs validate at every rate")
                    .isZero();
            assertThat(md)
                    .contains("| q1 | q1 | " + row.path("engine").asText() + " | " + SuiteReport.num(highest) + " | ");
        }
        Path html = tmp.resolve("sustain.html");
        Cli report = Cli.run("report", out.toString(), "--out", html.toString());
        assertThat(report.exit).as(report.toString()).isZero();
        String dom = Chromium.openWithEveryChartDrawn(Chromium.required(), html, tmp.resolve("chromium"));
        assertThat(dom).contains("Best sustained throughput", "best sustained ev/s", "sustain/q1-q1-siddhi");
    }

    /**
     * Flink (its job on the standalone cluster evperf starts: a JobManager and a TaskManager JVM) and Kafka Streams, both behind the broker
     * evperf starts: one Nexmark point each, run end to end through the suite and validated
     * against the reference model; the components are the suite's, started and stopped by it.
     */
    @Test
    void aFlinkAndAKafkaStreamsPointRunBehindTheBrokerAndValidate() throws Exception {
        Path out = tmp.resolve("external");
        Cli cli = Cli.run(
                "suite",
                "nexmark",
                "--quick",
                "--engines",
                "flink,kafka-streams",
                "--flink-cluster",
                "standalone",
                "--queries",
                "q0",
                "--events",
                "2000",
                "--rate",
                "2000",
                "--out",
                out.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        JsonNode rows = new ObjectMapper()
                .readTree(out.resolve("suite.json").toFile())
                .path("tests")
                .get(0)
                .path("rows");
        assertThat(rows).hasSize(2);
        for (JsonNode row : rows) {
            assertThat(row.path("status").asText()).as(row.toString()).isEqualTo("ok");
            assertThat(row.path("verdict").asText()).as(row.toString()).startsWith("valid");
            assertThat(row.path("throughput").asDouble()).as(row.toString()).isPositive();
            assertThat(row.path("p99_us").asDouble()).as(row.toString()).isPositive();
            assertThat(row.path("cores").asDouble()).as(row.toString()).isPositive();
        }
        assertThat(cli.out).contains("CORRECT     q0 query=q0 flink", "CORRECT     q0 query=q0 kafka-streams");
        // --flink-cluster standalone: the job ran on a JobManager and a TaskManager JVM of the suite's own
        List<String> jvms = new ArrayList<>();
        for (JsonNode c :
                new ObjectMapper().readTree(out.resolve("run.json").toFile()).path("components"))
            for (JsonNode j : c.path("jvms")) jvms.add(j.path("name").asText());
        assertThat(jvms).as(jvms.toString()).contains("flink-taskmanager-1");
    }
}
