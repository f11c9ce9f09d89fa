package dev.evperf.analysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.analysis.summary.RunSummary;
import dev.evperf.analysis.summary.TrialSummary;
import dev.evperf.analysis.trial.TrialData;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Parquet + JSON on disk → RunSummary → text / JSON / CSV. Figures as worked out in AnalysesTest. */
class RunSummaryTest {
    @TempDir
    Path run;

    private static final String RUN_JSON =
            """
            {"workload":"seed-000","trials":[
              {"id":"d1000-r0","dir":"trials/d1000-r0","params":{"load.distance_ms":1000,"jvm":"default"},
               "repetition":0,"status":"ok","reason":null},
              {"id":"const-r0","dir":"trials/const-r0","params":{"load.distance_ms":0,"jvm":"default"},
               "repetition":0,"status":"ok","reason":null},
              {"id":"xint-r0","dir":"trials/xint-r0","params":{"load.distance_ms":1000,"jvm":"-Xint, -Xms4g"},
               "repetition":0,"status":"failed","reason":"trial JVM exited with code 137"}]}
            """;

    private void writeRun() throws Exception {
        Files.writeString(run.resolve("run.json"), RUN_JSON);
        Path bursty = Files.createDirectories(run.resolve("trials/d1000-r0"));
        dev.evperf.analysis.stats.TrialFiles.writeReversed(SyntheticTrial.bursty(), bursty);
        Files.writeString(bursty.resolve("result.json"), SyntheticTrial.BURSTY_RESULT);
        Path constant = Files.createDirectories(run.resolve("trials/const-r0"));
        dev.evperf.analysis.stats.TrialFiles.writeReversed(SyntheticTrial.constant(), constant);
        Files.writeString(constant.resolve("result.json"), SyntheticTrial.CONSTANT_RESULT);
    }

    @Test
    void loadsTheColumnsBackInSeqOrder() throws Exception {
        Path dir = Files.createDirectories(run.resolve("t"));
        TrialData written = SyntheticTrial.bursty();
        dev.evperf.analysis.stats.TrialFiles.writeReversed(written, dir);
        TrialData read = TrialData.load(dir);
        assertThat(read.size()).isEqualTo(14);
        for (int i = 0; i < 14; i++) {
            assertThat(new long[] {
                        read.phase(i), read.burst(i), read.pos(i), read.intended(i), read.sendStart(i), read.sendEnd(i)
                    })
                    .as("seq %d", i)
                    .containsExactly(
                            written.phase(i),
                            written.burst(i),
                            written.pos(i),
                            written.intended(i),
                            written.sendStart(i),
                            written.sendEnd(i));
            assertThat(read.measured(i)).isEqualTo(written.measured(i));
        }
        assertThat(read.outputCount()).isEqualTo(7);
        // sorted by seq, then received: (-1 OutputStream), (1), (2), (6 OutputStream 20290), (6 Alerts 20320), (9),
        // (13)
        assertThat(read.outputSeq(0)).isEqualTo(-1);
        assertThat(read.outputStream(4)).isEqualTo("Alerts");
        assertThat(read.outputReceived(4)).isEqualTo(20_320_000);
    }

    @Test
    void rendersText() throws Exception {
        writeRun();
        String text = render(RunSummary.load(run), RunSummary.Format.TEXT);
        assertThat(text)
                .contains("3 trials, 2 ok, 1 failed")
                .contains("== Trial d1000-r0  (distance_ms=1000 jvm=default)  repetition 0 ==")
                .contains("events 14 (12 measured), outputs 7")
                .containsPattern("mean ms +median ms +trimmed ms +min ms +max ms +sum ms +std ms\\n"
                        + " +0\\.242 +0\\.215 +0\\.242 +0\\.095 +0\\.415 +0\\.725 +0\\.162") // 3 bursts:
                // nothing trimmed
                .contains("shortest: burst 3; longest: burst 2, which alone lifts the mean by 35.9 %")
                .containsPattern("A µs +146\\.667")
                .containsPattern("A/B +3\\.38")
                .containsPattern("\\n +20 +3 +25\\.00\\n") // cumulative: 3 of 12 below 20 µs
                .containsPattern("\\n +300 +11 +91\\.67\\n") // 300 µs itself is not below 300
                .containsPattern("max µs +300\\.000")
                .containsPattern("\\n +2 +4 +0\\.415 +300\\.000 +100\\.000 +134\\.722") // top burst
                .containsPattern("processing +end-to-end +scheduled")
                .containsPattern("p90 +100\\.000 +320\\.000 +410\\.000")
                .containsPattern("main +bursts +600\\.0 +596\\.9 +12 +0\\.355 +0\\.085")
                .contains("FAILED: trial JVM exited with code 137")
                .contains("Across trials");
        // the constant stream has no burst tables, and no outputs to measure end-to-end
        String constant = text.substring(text.indexOf("== Trial const-r0"), text.indexOf("== Trial xint-r0"));
        assertThat(constant)
                .doesNotContain("Burst processing time")
                .doesNotContain("Head-tail")
                .doesNotContain("Top ")
                .containsPattern("p99 +40\\.000 +n/a +n/a")
                .containsPattern("steady +constant +1000\\.0 +1314\\.9 +4");
        String across = text.substring(text.indexOf("Across trials"));
        assertThat(across)
                .containsPattern(
                        "id +distance_ms +jvm +status +warnings +mean burst ms +p99 processing µs +p99 scheduled µs +A/B N=1 +achieved ev/s")
                .containsPattern(
                        "d1000-r0 +1000 +default +ok +dominated +0\\.242 +300\\.000 +410\\.000 +3\\.38 +596\\.9")
                .containsPattern("const-r0 +0 +default +ok +dominated +n/a +40\\.000 +n/a +n/a +1314\\.9")
                .containsPattern("xint-r0 +1000 +-Xint, -Xms4g +failed +n/a");
    }

    @Test
    void acrossTrialsLeavesOutTheFiguresNoTrialHas() throws Exception {
        writeRun();
        // Only the constant stream and the failed trial: no bursts, no outputs, so no burst, A/B or scheduled columns.
        Files.writeString(
                run.resolve("run.json"),
                RUN_JSON.replace(
                        RUN_JSON.substring(
                                RUN_JSON.indexOf("{\"id\":\"d1000-r0\""), RUN_JSON.indexOf("{\"id\":\"const-r0\"")),
                        ""));
        String text = render(RunSummary.load(run), RunSummary.Format.TEXT);
        String across = text.substring(text.indexOf("Across trials"));
        assertThat(across)
                .containsPattern("id +distance_ms +jvm +status +warnings +p99 processing µs +achieved ev/s\n")
                .doesNotContain("burst")
                .doesNotContain("A/B")
                .doesNotContain("scheduled");
        assertThat(render(RunSummary.load(run), RunSummary.Format.CSV))
                .startsWith(
                        "id,distance_ms,jvm,status,errors,disturbed,stall_ms,"
                                + "driver_switches,steal_ms,warnings,mean_burst_ms,p99_processing_us,p99_scheduled_us,a_over_b_n1,achieved_rate_per_s\n");
    }

    @Test
    void aPoissonPhaseShowsItsTargetAndTheRateItDrewLabelled() throws Exception {
        writeRun();
        Path constant = run.resolve("trials/const-r0/result.json");
        Files.writeString(
                constant,
                Files.readString(constant)
                        .replace("\"target_rate\":1000.0", "\"target_rate\":1000.0,\"intended_rate\":987.4"));
        String text = render(RunSummary.load(run), RunSummary.Format.TEXT);
        String trial = text.substring(text.indexOf("== Trial const-r0"), text.indexOf("== Trial xint-r0"));
        assertThat(trial)
                .contains("intended = the rate of the intended send times, Poisson arrivals drawn around the target")
                .containsPattern("phase +profile +target ev/s +intended ev/s +achieved ev/s")
                .containsPattern("steady +constant +1000\\.0 +987\\.4 +1314\\.9 +4");
        JsonNode json = new ObjectMapper().readTree(render(RunSummary.load(run), RunSummary.Format.JSON));
        JsonNode rate = json.get("trials").get(1).get("rates").get(0);
        assertThat(rate.get("target_rate").asDouble()).isEqualTo(1000.0);
        assertThat(rate.get("intended_rate").asDouble()).isEqualTo(987.4);
        // Deterministic arrivals: the same rate, so no second column.
        String bursty = text.substring(text.indexOf("== Trial d1000-r0"), text.indexOf("== Trial const-r0"));
        assertThat(bursty).doesNotContain("intended ev/s");
    }

    @Test
    void rendersJson() throws Exception {
        writeRun();
        JsonNode doc = new ObjectMapper().readTree(render(RunSummary.load(run), RunSummary.Format.JSON));
        assertThat(doc.get("options").get("skip_bursts").asInt()).isZero();
        JsonNode t = doc.get("trials").get(0);
        assertThat(t.get("id").asText()).isEqualTo("d1000-r0");
        assertThat(t.get("params").get("load.distance_ms").asInt()).isEqualTo(1000);
        assertThat(t.get("burst_stats").get("mean_ms").asDouble()).isCloseTo(0.725 / 3, within(1e-9));
        assertThat(t.get("head_tail").get(0).get("a_over_b").asDouble()).isCloseTo(440.0 / 130, within(1e-9));
        assertThat(t.get("head_tail").get(0).get("a_minus_b_us").asDouble()).isCloseTo(310.0 / 3, within(1e-9));
        assertThat(t.get("cumulative").get("rows").get(0).get("count").asInt()).isEqualTo(3);
        assertThat(t.get("top_bursts").get(0).get("burst").asInt()).isEqualTo(2);
        assertThat(t.get("latency").get("scheduled").get("max_us").asDouble()).isEqualTo(410.0);
        assertThat(t.get("latency").get("end_to_end").get("p50_us").asDouble()).isEqualTo(90.0);
        assertThat(t.get("rates").get(0).get("target_rate").asDouble()).isEqualTo(600.0);
        assertThat(t.has("ok")).isFalse();
        JsonNode constant = doc.get("trials").get(1);
        assertThat(constant.has("burst_stats")).isFalse();
        assertThat(constant.get("latency").get("end_to_end").get("count").asInt())
                .isZero();
        assertThat(constant.get("latency").get("end_to_end").get("p99_us").isNull())
                .isTrue(); // undefined: null, not "NaN"
        JsonNode failed = doc.get("trials").get(2);
        assertThat(failed.get("status").asText()).isEqualTo("failed");
        assertThat(failed.get("reason").asText()).isEqualTo("trial JVM exited with code 137");
        assertThat(failed.has("latency")).isFalse();
    }

    @Test
    void rendersCsv() throws Exception {
        writeRun();
        String[] lines = render(RunSummary.load(run), RunSummary.Format.CSV).split("\n");
        assertThat(lines).hasSize(4);
        assertThat(lines[0])
                .isEqualTo("id,distance_ms,jvm,status,errors,disturbed,stall_ms,driver_switches,steal_ms,warnings,"
                        + "mean_burst_ms,p99_processing_us,p99_scheduled_us,a_over_b_n1,achieved_rate_per_s");
        String[] bursty = lines[1].split(",", -1);
        // result.json of this synthetic run predates error and disturbance records: those cells are empty
        assertThat(bursty).hasSize(15).startsWith("d1000-r0", "1000", "default", "ok", "", "", "", "", "");
        assertThat(Double.parseDouble(bursty[10])).isCloseTo(0.725 / 3, within(1e-12)); // mean burst ms
        assertThat(Double.parseDouble(bursty[11])).isEqualTo(300.0); // p99 processing µs
        assertThat(Double.parseDouble(bursty[12])).isEqualTo(410.0); // p99 scheduled µs
        assertThat(Double.parseDouble(bursty[13])).isCloseTo(440.0 / 130, within(1e-12)); // A/B at N=1
        assertThat(Double.parseDouble(bursty[14])).isCloseTo(12 / 0.020105, within(1e-9)); // events/s
        // no bursts and no outputs: empty cells, not zeros
        assertThat(lines[2]).startsWith("const-r0,0,default,ok,,,,,,dominated,,40.0,,,");
        assertThat(Double.parseDouble(lines[2].substring(lines[2].lastIndexOf(',') + 1)))
                .isCloseTo(4 / 0.003042, within(1e-9));
        assertThat(lines[3]).isEqualTo("xint-r0,1000,\"-Xint, -Xms4g\",failed,,,,,,,,,,,");
    }

    @Test
    void trialSummaryAsATreeMatchesTheRunJson() throws Exception {
        writeRun();
        JsonNode tree = RunSummary.load(run).trials().get(1).toJsonTree(); // const-r0
        assertThat(tree.get("achieved_rate").asDouble()).isCloseTo(4 / 0.003042, within(1e-9));
        assertThat(tree.get("latency").get("scheduled").get("mean_us").isNull()).isTrue();
        assertThat(tree.has("json_tree")).isFalse();
        assertThat(tree.has("to_json_tree")).isFalse();
    }

    @Test
    void aTrialOkInRunJsonButWithoutFilesIsReportedNotFatal() throws Exception {
        writeRun();
        Files.delete(run.resolve("trials/const-r0/events.parquet"));
        TrialSummary t = RunSummary.load(run).trials().get(1);
        assertThat(t.status()).isEqualTo("failed");
        assertThat(t.reason()).contains("events.parquet: missing");
    }

    @Test
    void notARunDirectory() throws Exception {
        assertThatThrownBy(() -> RunSummary.load(run))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("not a run directory: " + run + " has no run.json"
                        + " (expected a directory written by 'evperf run', holding run.json and trials/)");
        assertThatThrownBy(() -> RunSummary.load(run.resolve("nope")))
                .hasMessageStartingWith("not a run directory: " + run.resolve("nope") + " does not exist");
        Files.writeString(run.resolve("run.json"), "{\"trials\": [");
        assertThatThrownBy(() -> RunSummary.load(run))
                .hasMessageStartingWith(run.resolve("run.json") + ":1:")
                .hasMessageContaining(": not valid JSON: ")
                .satisfies(e -> assertThat(e.getMessage()).doesNotContain("\n"));
        Files.writeString(run.resolve("run.json"), "{\"workload\": \"x\"}");
        assertThatThrownBy(() -> RunSummary.load(run))
                .hasMessage(run.resolve("run.json") + ": expected a \"trials\" array");
    }

    private static String render(RunSummary s, RunSummary.Format f) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        s.render(f, new PrintStream(bytes, true, StandardCharsets.UTF_8));
        return bytes.toString(StandardCharsets.UTF_8);
    }
}
