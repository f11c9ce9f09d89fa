package dev.evperf.results;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** result.json and run.json are written from the records the readers read: what is written reads back the same. */
class TrialResultTest {
    @Test
    void aTrialsResultReadsBackAsItWasWritten(@TempDir Path dir) throws Exception {
        TrialResult.Draft d = new TrialResult.Draft();
        d.status = "ok";
        d.eventsSent = 1000L;
        d.outputsReceived = 990L;
        d.runNs = 2_000_000_000L;
        d.drainNs = 5L;
        d.records = true;
        d.outputDelivery = "sending-thread";
        d.phases = List.of(new TrialResult.Phase(
                "measure", true, "constant", 0, 1000, null, 500.0, 2_000_000_000L, 499.5, 1.5, 0.5));
        d.links = Map.of("send", 990L, "differing", 0L);
        d.timing = Map.of("every", 10);
        d.errors = new TrialResult.Errors(1, 1, 0, 10, List.of(new TrialResult.First(7, "engine", null, "boom")), 1);
        d.disturbance =
                new TrialResult.Disturbance(new TrialResult.Stalls(1, 2, 3, 2, 2), null, 0.0, null, null, "note");
        d.clock = new TrialResult.Clock(1, 2, 3, 4, "n", 5);
        TrialResult written = d.result();
        Files.writeString(dir.resolve(Layout.RESULT_JSON), ResultsJson.MAPPER.writeValueAsString(written));

        assertThat(TrialResult.load(dir)).isEqualTo(written);
        assertThat(TrialResult.load(dir).sampleEvery()).isEqualTo(10);
        JsonNode tree = ResultsJson.readTree(dir.resolve(Layout.RESULT_JSON));
        // as the map of puts wrote it: snake_case; reason null but present; fields never set absent;
        // a phase's target_rate null ("as fast as possible") present; unreadable switches null
        assertThat(tree.has("reason")).isTrue();
        assertThat(tree.has("cpu")).isFalse();
        assertThat(tree.path("events_sent").asLong()).isEqualTo(1000);
        assertThat(tree.path("phases").path(0).has("target_rate")).isTrue();
        assertThat(tree.path("phases").path(0).path("intended_span_ns").asLong())
                .isEqualTo(2_000_000_000L);
        assertThat(tree.path("disturbance").has("driver_involuntary_switches")).isTrue();
        assertThat(tree.path("errors").path("first").path(0).path("t_ns").asLong())
                .isEqualTo(7);
        assertThat(tree.path("clock").path("origin_nanotime").asLong()).isEqualTo(1);
    }

    @Test
    void theControllersVerdictIsAddedWithEveryFieldTheTrialWroteKept(@TempDir Path dir) throws Exception {
        TrialResult.Draft d = new TrialResult.Draft();
        d.status = "ok";
        d.eventsSent = 20L;
        d.prepareMs = 12.345;
        d.timing = Map.of("every", 10, "share", 0.1);
        d.cpu = ResultsJson.MAPPER.createObjectNode().put("cores_busy", 1.25);
        d.phases = List.of(new TrialResult.Phase("all", true, "constant", 0, 20, null, null, 1000L, 20.0, 0.5, 0.1));
        Path file = dir.resolve(Layout.RESULT_JSON);
        Files.writeString(file, ResultsJson.MAPPER.writeValueAsString(d.result()));
        String asTheTrialWroteIt = Files.readString(file);
        // a result.json without the section (every other workload, older results) reads with none
        TrialResult read = TrialResult.load(dir);
        assertThat(read.validation()).isNull();
        assertThat(TrialResult.Draft.of(read).result()).isEqualTo(read);

        TrialResult.Draft withVerdict = TrialResult.Draft.of(read);
        withVerdict.validation = new TrialResult.Validation(
                "invalid",
                null,
                10,
                9,
                8,
                2,
                1,
                1,
                2L,
                0L,
                "8 of 10 expected rows correct",
                List.of("out missing [1]"));
        Files.writeString(file, ResultsJson.MAPPER.writeValueAsString(withVerdict.result()));

        assertThat(TrialResult.load(dir)).isEqualTo(withVerdict.result());
        // the same bytes as the trial wrote, the verdict appended; no reason when it was checked
        String added = Files.readString(file);
        String head = asTheTrialWroteIt
                .substring(0, asTheTrialWroteIt.lastIndexOf('}'))
                .stripTrailing();
        assertThat(added).startsWith(head + ",");
        assertThat(added.substring(head.length() + 1).stripLeading()).startsWith("\"validation\"");
        JsonNode v = ResultsJson.readTree(file).path("validation");
        assertThat(v.has("reason")).isFalse();
        assertThat(v.path("verdict").asText()).isEqualTo("invalid");
        assertThat(v.path("correct").asLong()).isEqualTo(8);
        assertThat(v.path("open_at_end").asLong()).isEqualTo(2);
        assertThat(v.path("examples").path(0).asText()).isEqualTo("out missing [1]");
    }

    @Test
    void runJsonReadsBackAsItWasWritten(@TempDir Path dir) throws Exception {
        RunFile.Draft run = new RunFile.Draft();
        run.format = Layout.FORMAT;
        run.workloadFile = "/w.yaml";
        run.workload = ResultsJson.MAPPER.createObjectNode().put("name", "w");
        run.started = "2026-11-23T03:00:00Z";
        RunFile.Trial.Draft t = new RunFile.Trial.Draft();
        t.id = "t001";
        t.dir = Layout.TRIALS + "/t001";
        t.label = "t001";
        t.params = ResultsJson.MAPPER.createObjectNode();
        t.repetition = 0;
        t.jvm = List.of("-Xmx1g");
        t.status = RunFile.FAILED;
        t.reason = "why";
        t.exitCode = 1;
        run.trials.add(t);
        Files.writeString(dir.resolve(Layout.RUN_JSON), ResultsJson.MAPPER.writeValueAsString(run.file()));

        RunFile read = ResultsJson.read(dir.resolve(Layout.RUN_JSON), RunFile.class);
        assertThat(read).isEqualTo(run.file());
        assertThat(RunDir.open(dir).trials()).extracting(RunFile.Trial::reason).containsExactly("why");
        assertThat(ResultsJson.readTree(dir.resolve(Layout.RUN_JSON)).has("finished"))
                .isFalse();
    }
}
