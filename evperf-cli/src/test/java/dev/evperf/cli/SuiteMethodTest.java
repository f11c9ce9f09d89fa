package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.suites.run.SuiteTests;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The thesis's method in {@code evperf suite micro}: the adaptivity test (its own load, a peak of
 * 1.5 λ, on every engine; unsupported where the engine has no count window) and the steady runs at
 * the rate a sustain search found. What is checked is behaviour: which trials ran under which load,
 * and that the report's figures are the trials' own.
 */
class SuiteMethodTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path tmp;

    @Test
    void adaptivityIsATestOfTheMicroSuiteOnEveryEngineThatHasCountWindows() throws Exception {
        Path out = tmp.resolve("adaptivity");
        Cli cli = Cli.run(
                "suite",
                "micro",
                "--quick",
                "--engines",
                "siddhi,ref,kafka-streams",
                "--tests",
                "count_tumbling_max,adaptivity",
                "--events",
                "2000",
                "--adaptivity-rate",
                "1000",
                "--out",
                out.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        // the suite's own trials ran at maximum rate; the adaptivity test's in a run of its own
        JsonNode suite = JSON.readTree(out.resolve("suite.json").toFile());
        JsonNode rows = suite.path("tests").get(1).path("rows");
        assertThat(suite.path("tests").get(1).path("test").path("name").asText())
                .isEqualTo(SuiteTests.ADAPTIVITY);
        JsonNode adaptivityRun =
                JSON.readTree(out.resolve("adaptivity/run.json").toFile());
        assertThat(adaptivityRun.path("trials")).hasSize(3);
        for (JsonNode row : rows) {
            String engine = row.path("engine").asText();
            if (engine.equals("kafka-streams")) {
                assertThat(row.path("status").asText()).isEqualTo("unsupported");
                assertThat(row.path("verdict").asText()).contains("a count window is a Processor API state store");
                continue;
            }
            assertThat(row.path("status").asText()).as(row.toString()).isEqualTo("ok");
            assertThat(row.path("verdict").asText()).as(row.toString()).startsWith("valid");
            // its trial ran the adaptivity load: steady λ, the peak 1.5 λ, λ again
            Path trial = out.resolve("adaptivity/trials")
                    .resolve(row.path("trials").get(0).asText());
            assertThat(targetRates(trial))
                    .containsEntry("adaptivity.steady", 1000.0)
                    .containsEntry("adaptivity.peak", 1500.0)
                    .containsEntry("adaptivity.recovery", 1000.0);
        }
        // the section's figures are the trials' summaries'
        JsonNode section = null;
        for (JsonNode s : suite.path("sections")) if (s.path("title").asText().equals("Adaptivity")) section = s;
        assertThat(section).as(suite.path("sections").toString()).isNotNull();
        List<String> headers = JSON.convertValue(section.path("headers"), List.class);
        assertThat(section.path("rows")).hasSize(3);
        for (JsonNode r : section.path("rows")) {
            JsonNode trial = null;
            for (JsonNode t : adaptivityRun.path("trials"))
                if (r.get(headers.indexOf("trial"))
                        .asText()
                        .endsWith(t.path("id").asText())) trial = t;
            assertThat(trial).as(r.toString()).isNotNull();
            if (!trial.path("status").asText().equals("ok")) continue;
            JsonNode a = trial.path("summary").path("adaptivity");
            assertThat(r.get(headers.indexOf("degradation")).asText())
                    .isEqualTo(SuiteReport.num(a.path("degradation").asDouble()));
            assertThat(r.get(headers.indexOf("steady p99.9 ms")).asText())
                    .isEqualTo(SuiteReport.num(a.path("steady_p999_ms").asDouble()));
            assertThat(a.path("degradation").asDouble())
                    .isEqualTo(
                            a.path("peak_p999_ms").asDouble()
                                    / a.path("steady_p999_ms").asDouble(),
                            within(1e-9));
        }
        assertThat(Files.readString(out.resolve("suite.md")))
                .contains("## Adaptivity", "λ = 1000 ev/s", "CORRECT     adaptivity peak_factor=1.5 ref")
                .contains("UNSUPPORTED adaptivity peak_factor=1.5 kafka-streams");
    }

    /**
     * λ per engine (--adaptivity-load 0.75, as --sustain sets it): each engine's search of the test's
     * spec runs first (the suite's other test is not searched without --sustain), then its adaptivity trial at 0.75 × the rate that search sustained, as its
     * result.json's target rates show; the section's λ is that figure. The search starts low (--rate 1000)
     * so that a busy machine still sustains something; an engine whose search sustained nothing must have
     * no trial and a row saying so.
     */
    @Test
    void adaptivityRunsEachEngineAtThreeQuartersOfItsOwnSustainedRate() throws Exception {
        Path out = tmp.resolve("lambda");
        Cli cli = Cli.run(
                "suite",
                "micro",
                "--quick",
                "--engines",
                "ref,esper",
                "--tests",
                "count_tumbling_max,adaptivity",
                "--events",
                "2000",
                "--adaptivity-load",
                "0.75",
                "--sustain-probes",
                "2",
                "--rate",
                "1000",
                "--out",
                out.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
        JsonNode suite = JSON.readTree(out.resolve("suite.json").toFile());
        assertThat(suite.path("definition").path("adaptivity").path("load").asDouble())
                .isEqualTo(0.75);
        // without --sustain only the adaptivity test's point is searched; its trials are a run of their own
        assertThat(suite.path("definition").has("sustain")).isFalse();
        assertThat(out.resolve("sustain").resolve(SuiteSustain.key("count_tumbling_max", "500", "ref")))
                .doesNotExist();
        Path adaptivity = out.resolve(SuiteAdaptivity.DIR);
        JsonNode run = JSON.readTree(adaptivity.resolve("run.json").toFile());
        JsonNode section = null;
        for (JsonNode sec : suite.path("sections"))
            if (sec.path("title").asText().equals("Adaptivity")) section = sec;
        assertThat(section).as(suite.path("sections").toString()).isNotNull();
        assertThat(section.path("note").asText()).contains("λ per engine = 0.75 × the engine's best sustained rate");
        List<String> headers = JSON.convertValue(section.path("headers"), List.class);
        int ran = 0;
        for (String engine : List.of("ref", "esper")) {
            // the search's own result, as evperf sustain wrote it in this run
            Path search = out.resolve("sustain").resolve(SuiteSustain.key("adaptivity", "1.5", engine));
            JsonNode sustained = JSON.readTree(search.resolve("run.json").toFile())
                    .path("sustain")
                    .path("sustainable_rate");
            JsonNode row = null;
            for (JsonNode r : section.path("rows")) if (r.get(0).asText().equals(engine)) row = r;
            assertThat(row).as(section.toString()).isNotNull();
            List<JsonNode> trials = new java.util.ArrayList<>();
            for (JsonNode t : run.path("trials"))
                if (t.path("params").path("engine.name").asText().equals(engine)) trials.add(t);
            if (!(sustained.isNumber() && sustained.asDouble() > 0)) {
                assertThat(trials).as(engine + " sustained nothing: no trial").isEmpty();
                assertThat(row.get(headers.indexOf("validation")).asText())
                        .startsWith("not run: its search sustained no rate");
                continue;
            }
            ran++;
            double lambda = 0.75 * sustained.asDouble();
            assertThat(row.get(headers.indexOf("λ ev/s")).asText()).isEqualTo(SuiteReport.num(lambda));
            assertThat(row.get(headers.indexOf("sustained ev/s")).asText())
                    .isEqualTo(SuiteReport.num(sustained.asDouble()));
            assertThat(trials).hasSize(1);
            JsonNode t = trials.get(0);
            assertThat(t.path("status").asText()).as(t.toString()).isEqualTo("ok");
            Map<String, Double> target =
                    targetRates(adaptivity.resolve(t.path("dir").asText()));
            // a phase holds whole events: its target rate is its count over its span, one event in the 1 s peak = 1
            // ev/s
            Offset<Double> event = within(1.0);
            assertThat(target.get("adaptivity.steady")).isCloseTo(lambda, event);
            assertThat(target.get("adaptivity.peak")).isCloseTo(1.5 * lambda, event);
            assertThat(target.get("adaptivity.recovery")).isCloseTo(lambda, event);
            // the trial JVM's CPU in the steady phase is measured (procfs), whatever it was on this machine
            String cpu = row.get(headers.indexOf("steady CPU %")).asText();
            assertThat(Double.parseDouble(cpu)).as(row.toString()).isGreaterThan(0);
        }
        // On a machine so loaded that no search sustained a rate, the rows saying so were checked above and no
        // trial ran; the line below says which way this run went.
        System.out.printf("adaptivity λ per engine: %d of 2 engines sustained a rate; %s%n", ran, section.path("rows"));
    }

    /**
     * λ per engine where a search gave no λ: an engine whose search sustained nothing, and one whose search
     * could not run, have no trial and a row saying why (here the searches' results are written as evperf
     * sustain writes them, so that the outcome does not depend on this machine).
     */
    @Test
    void anEngineWhoseSearchSustainedNoRateHasARowSayingWhy() throws Exception {
        List<SuiteTests.Test> tests = SuiteTests.select(SuiteTests.micro(true), List.of(SuiteTests.ADAPTIVITY));
        ObjectNode definition = SuiteWorkload.definition("micro", true, tests, List.of("ref", "esper"), 2000, 1000, 1);
        SuiteAdaptivity.configurePerEngine(definition, true, 0.75, SuiteSustain.settings(true, 1000, 2));
        Path suite = tmp.resolve("suite");
        Files.createDirectories(suite.resolve(SuiteAdaptivity.DIR));
        Files.writeString(suite.resolve(SuiteAdaptivity.DIR).resolve("run.json"), "{\"trials\": []}");
        Path sustain = suite.resolve(SuiteSustain.DIR);
        Path ref = Files.createDirectories(sustain.resolve(SuiteAdaptivity.searchKey(definition, "ref")));
        Files.writeString(
                ref.resolve("run.json"),
                "{\"trials\": [], \"sustain\": {\"sustainable_rate\": null, \"lowest_failed_rate\": 250.0}}");
        Files.writeString(
                sustain.resolve(SuiteAdaptivity.searchKey(definition, "esper") + ".failed"),
                "evperf sustain x.yaml exited with 2 (its message is in the suite's log)\n");

        ObjectNode section = SuiteAdaptivity.section(suite, definition);
        List<String> headers = JSON.convertValue(section.path("headers"), List.class);
        assertThat(section.path("rows")).hasSize(2);
        JsonNode r = section.path("rows").get(0), e = section.path("rows").get(1);
        assertThat(r.get(0).asText()).isEqualTo("ref");
        assertThat(r.get(headers.indexOf("status")).asText()).isEqualTo("not run");
        assertThat(r.get(headers.indexOf("λ ev/s")).asText()).isEqualTo("–");
        assertThat(r.get(headers.indexOf("validation")).asText())
                .isEqualTo("not run: its search sustained no rate (lowest rate tried 250 ev/s failed)");
        assertThat(r.get(headers.indexOf("trial")).asText()).isEqualTo("sustain/adaptivity-1.5-ref");
        assertThat(e.get(0).asText()).isEqualTo("esper");
        assertThat(e.get(headers.indexOf("validation")).asText())
                .startsWith("not run: its search could not run: evperf sustain x.yaml exited with 2");
    }

    /** A trial's target rate per phase, from its result.json. */
    private static Map<String, Double> targetRates(Path trial) throws Exception {
        Map<String, Double> target = new HashMap<>();
        JSON.readTree(trial.resolve("result.json").toFile())
                .path("phases")
                .forEach(p -> target.put(
                        p.path("name").asText(), p.path("target_rate").asDouble()));
        return target;
    }

    /**
     * The steady runs of a point: at the rate its search found (here a search's result written as
     * evperf sustain writes it, so that the rate is known whatever this machine sustains today), a
     * ramp and a steady phase at that rate, twice, each a validated trial; the section shows each run.
     */
    @Test
    void theSteadyRunsRunTwiceAtTheSearchsRateAndValidate() throws Exception {
        List<SuiteTests.Test> tests = SuiteTests.select(SuiteTests.micro(true), List.of("count_tumbling_max"));
        ObjectNode definition = SuiteWorkload.definition("micro", true, tests, List.of("ref"), 2000, 10_000, 1);
        ObjectNode s = SuiteSustain.settings(true, 10_000, 2);
        SuiteSteady.settings(s, true, null);
        definition.set("sustain", s);
        ObjectNode workload = SuiteWorkload.workload(definition, true);
        JsonNode point = definition.path("tests").get(0).path("points").get(0);
        String key = SuiteSustain.key("count_tumbling_max", "500", "ref");
        Path sustain = Files.createDirectories(
                tmp.resolve("suite").resolve(SuiteSustain.DIR).resolve(key));
        Files.writeString(sustain.resolve("run.json"), "{\"trials\": [], \"sustain\": {\"sustainable_rate\": 2000.0}}");

        Main main = new Main();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        main.err = new PrintStream(err, true, StandardCharsets.UTF_8);
        int failed = SuiteSteady.run(main, SuiteSustain.probeBase(workload, "ref", point), s, sustain.getParent(), key);
        assertThat(failed).as(err.toString(StandardCharsets.UTF_8)).isZero();

        Path steady = sustain.getParent().resolve(key + "-steady");
        JsonNode run = JSON.readTree(steady.resolve("run.json").toFile());
        assertThat(run.path("trials")).hasSize(2);
        for (JsonNode t : run.path("trials")) {
            assertThat(t.path("status").asText()).as(t.toString()).isEqualTo("ok");
            assertThat(t.path("validation").path("verdict").asText()).isEqualTo("valid");
            JsonNode result = JSON.readTree(steady.resolve(t.path("dir").asText())
                    .resolve("result.json")
                    .toFile());
            JsonNode phases = result.path("phases");
            assertThat(phases).hasSize(2);
            assertThat(phases.get(0).path("name").asText()).isEqualTo("ramp");
            assertThat(phases.get(1).path("name").asText()).isEqualTo("steady");
            assertThat(phases.get(1).path("target_rate").asDouble()).isEqualTo(2000.0);
        }
        ObjectNode section = SuiteSteady.section(tmp.resolve("suite"), definition);
        assertThat(section.path("rows")).hasSize(2);
        for (int i = 0; i < 2; i++) {
            JsonNode r = section.path("rows").get(i);
            JsonNode t = run.path("trials").get(i);
            assertThat(r.get(3).asText()).isEqualTo("2000");
            assertThat(r.get(4).asText()).isEqualTo(Integer.toString(i + 1));
            assertThat(r.get(6).asText())
                    .isEqualTo(SuiteReport.num(
                            t.path("summary").path("achieved_rate").asDouble()));
            assertThat(r.get(10).asText()).startsWith("valid");
        }
    }

    /** A table cell's verdict says how the engine's end of input treated the windows still open (docs/suites.md §3). */
    @Test
    void aVerdictCellNamesTheWindowsTheEndOfInputClosed() {
        ObjectNode flink = JSON.createObjectNode()
                .put("verdict", "valid")
                .put("correct", 29)
                .put("open_at_end", 10)
                .put("closed_at_end", 10);
        assertThat(SuiteSteady.verdict(flink))
                .isEqualTo("valid (29 rows; 10 of 10 windows open at the end of input closed by it)");
        ObjectNode siddhi = flink.deepCopy().put("closed_at_end", 0);
        assertThat(SuiteSteady.verdict(siddhi))
                .isEqualTo("valid (29 rows; 0 of 10 windows open at the end of input closed by it)");
        ObjectNode selection = JSON.createObjectNode().put("verdict", "valid").put("correct", 339);
        assertThat(SuiteSteady.verdict(selection)).isEqualTo("valid (339 rows)");
        ObjectNode wrong = flink.deepCopy().put("verdict", "invalid").put("text", "28 of 29 expected rows correct");
        assertThat(SuiteSteady.verdict(wrong)).isEqualTo("invalid: 28 of 29 expected rows correct");
    }
}
