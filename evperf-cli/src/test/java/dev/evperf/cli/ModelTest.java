package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.analysis.model.ServiceModel;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evperf model} on a real Siddhi run with tracepoints: two repetitions of one workload (a
 * constant warm-up, then bursts 20 ms apart); the model is built from t001 and checked on t002.
 */
class ModelTest {
    @TempDir
    static Path tmp;

    static Path run;

    /**
     * The end-to-end workload with a tracepoint in Siddhi's selector, a long warm-up and 30 measured
     * bursts, run twice. The warm-up's 50 000 events are spread over 2 s of the schedule: sent at
     * maximum rate they took longer than their place on it on a busy machine, and the measured bursts
     * then went out back to back, catching up, with no idle time before them.
     */
    static final String WORKLOAD = phases(
                    EndToEndTest.workload(
                            "siddhi",
                            "from StockStream select evperf:trace(id, 'select') as id, symbol, price, volume insert into OutputStream;"),
                    "- {name: warmup, measure: false, bursts: {count: 50, size: 1000, distance: 40ms}}",
                    "- {name: measure, bursts: {count: 30, size: 200, distance: 20ms}}")
            + "measure: {tracepoints: true}\nrepetitions: 2\n";

    private static String phases(String workload, String warmup, String measure) {
        String w = "- {name: warmup, measure: false, bursts: {count: 2, size: 200, distance: 5ms}}";
        String m = "- {name: measure, bursts: {count: 5, size: 200, distance: 10ms}}";
        if (!workload.contains(w) || !workload.contains(m))
            throw new IllegalStateException("EndToEndTest.workload's phases changed");
        return workload.replace(w, warmup).replace(m, measure);
    }

    @BeforeAll
    static void runTwice() throws Exception {
        run = tmp.resolve("run");
        Cli cli = Cli.run("run", Cli.write(tmp, "w.yaml", WORKLOAD).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
    }

    static Cli model(Path runDir, String trial, Path out, String check, Path modelFile, String format) {
        return Cli.capture((o, e) -> ModelCommand.run(runDir, trial, out, check, modelFile, format, false, o, e));
    }

    @Test
    void modelFromOneTrialPredictsTheOther() throws Exception {
        Path file = tmp.resolve("model.json");
        ByteArrayOutputStream o = new ByteArrayOutputStream(), e = new ByteArrayOutputStream();
        int code = ModelCommand.run(
                run,
                "t001",
                file,
                "t002",
                new PrintStream(o, true, StandardCharsets.UTF_8),
                new PrintStream(e, true, StandardCharsets.UTF_8));
        String text = o.toString(StandardCharsets.UTF_8);
        assertThat(code).as(text + e).isZero();
        assertThat(text)
                .contains(
                        "Service execution model of trial t001 (siddhi)",
                        "S1",
                        "driver.send-start > siddhi.select > sink.received > driver.send-end",
                        "Check on trial t002",
                        "mean burst time over",
                        "per position j");

        ServiceModel m = ServiceModel.read(file);
        assertThat(m.source().trial()).isEqualTo("t001");
        // Every measured event after the warm-up is one case, all of one signature.
        assertThat(m.signatures()).hasSize(1);
        ServiceModel.Signature s = m.signatures().get(0);
        assertThat(s.points())
                .containsExactly("driver.send-start", "siddhi.select", "sink.received", "driver.send-end");
        assertThat(s.share()).isEqualTo(1.0);
        assertThat(s.segments()).hasSize(3).allMatch(ServiceModel.Segment::inSendSpan);
        assertThat(m.source().casesUsed()).isEqualTo(200 * (30 - m.source().warmUpSkippedBursts()));
        assertThat(m.cells()).extracting(ServiceModel.Cell::position).contains("0", "1", "9", "10-19", "100-199");
        assertThat(m.cells()).extracting(ServiceModel.Cell::idle).allMatch(i -> i.endsWith("ms"));

        JsonNode check = checkJson(null, null);
        assertThat(check.get("signature_coverage").asDouble()).isEqualTo(1.0);
        int bursts = check.get("bursts").asInt();
        assertThat(bursts).isBetween(15, 30); // MSER-5 cuts at most half
        // The measured mean is the held-out trial's own, read back from its events.
        long skip = 30 - bursts;
        double measured = Cli.one(
                        "SELECT CAST(avg(t) AS BIGINT) FROM (SELECT burst, max(send_end) - min(send_start) AS t FROM read_parquet('"
                                + run.resolve("trials/t002/events.parquet")
                                + "') WHERE measured GROUP BY burst ORDER BY burst OFFSET " + skip + ")")
                / 1e6;
        assertThat(check.get("measured_mean_burst_ms").asDouble())
                .isCloseTo(measured, org.assertj.core.data.Offset.offset(1e-5));
        // Another JVM compiles differently (and on a shared machine runs beside other load), so a held-out trial
        // is predicted only roughly. The mean of a few dozen bursts swings with a single multi-ms stall in
        // either trial, so the bound is on the median (simulated from the model's distributions): within 5×.
        double medianRatio = check.get("predicted_median_burst_ms").asDouble()
                / check.get("measured_median_burst_ms").asDouble();
        assertThat(medianRatio).as(check.toString()).isBetween(0.2, 5.0);
        assertThat(check.get("predicted_mean_burst_ms").asDouble()).isPositive();
        // The time dimension: after 20 ms idle, the first event of a burst is slower than the last, both in the
        // held-out trial and in the model's prediction for it (seed 000's head-tail finding). The bursts did
        // have that idle time before them: the driver kept the schedule.
        double[] idle = new double[check.get("per_burst").size()];
        for (int i = 0; i < idle.length; i++)
            idle[i] = check.get("per_burst").get(i).get("idle_ms").asDouble();
        java.util.Arrays.sort(idle);
        assertThat(idle[idle.length / 2]).as(check.toString()).isGreaterThan(10.0);
        JsonNode pos = check.get("positions"), first = pos.get(0), last = pos.get(pos.size() - 1);
        assertThat(first.get("measured_mean_us").asDouble())
                .as(check.toString())
                .isGreaterThan(2 * last.get("measured_mean_us").asDouble());
        assertThat(first.get("predicted_mean_us").asDouble())
                .as(check.toString())
                .isGreaterThan(2 * last.get("predicted_mean_us").asDouble());
        assertThat(check.get("positions").get(0).get("j").asInt()).isEqualTo(1);
        assertThat(check.get("positions")
                        .get(check.get("positions").size() - 1)
                        .get("j")
                        .asInt())
                .isEqualTo(200);
        assertThat(check.get("simulated").asInt()).isEqualTo(bursts * 100);

        // The model file predicts exactly what the freshly built model did.
        Cli fromFile = model(run, null, null, "t002", file, "json");
        assertThat(fromFile.exit).as(fromFile.err).isZero();
        assertThat(new ObjectMapper().readTree(fromFile.out).get("check")).isEqualTo(check);
    }

    @Test
    void inSampleTheMeanBurstTimeIsReproducedExactly() throws Exception {
        // Checked on the trial it was built from, the model's cells add up to the measured mean.
        JsonNode check = checkJson("t001", "t001");
        assertThat(check.get("error_pct").asDouble()).isCloseTo(0.0, org.assertj.core.data.Offset.offset(1e-6));
        assertThat(check.get("event_error_pct").asDouble()).isCloseTo(0.0, org.assertj.core.data.Offset.offset(1e-6));
        for (JsonNode p : check.get("positions")) {
            if (p.get("cell").asText().contains("-")) continue; // a bucket of positions: its mean, not position j's
            assertThat(p.get("predicted_mean_us").asDouble())
                    .as(p.toString())
                    .isCloseTo(p.get("measured_mean_us").asDouble(), org.assertj.core.data.Offset.offset(1e-6));
        }
    }

    @Test
    void badInputIsOneLine() throws Exception {
        Cli noTrial = model(run, "t009", null, null, null, "text");
        assertThat(noTrial.exit).isEqualTo(Main.BAD_INPUT);
        assertThat(noTrial.err).startsWith("evperf: ").contains("no trial 't009'", "t001, t002");
        // A trial directory without trace.parquet (a run without tracepoints).
        Path bare = Files.createDirectories(tmp.resolve("bare"));
        Files.copy(run.resolve("trials/t001/events.parquet"), bare.resolve("events.parquet"));
        Files.copy(run.resolve("trials/t001/outputs.parquet"), bare.resolve("outputs.parquet"));
        Cli noTrace = model(run, bare.toString(), null, null, null, "text");
        assertThat(noTrace.exit).isEqualTo(Main.BAD_INPUT);
        assertThat(noTrace.err).contains("trace.parquet: missing", "tracepoints: true");
        assertThat(noTrace.err.strip()).doesNotContain("\n");
        Cli notRun = model(tmp.resolve("nowhere"), null, null, null, null, "text");
        assertThat(notRun.exit).isEqualTo(Main.BAD_INPUT);
        assertThat(notRun.err).contains("not a run directory");
    }

    private static JsonNode checkJson(String trial, String check) throws Exception {
        Cli o = model(run, trial == null ? "t001" : trial, null, check == null ? "t002" : check, null, "json");
        assertThat(o.exit).as(o.err).isZero();
        return new ObjectMapper().readTree(o.out).get("check");
    }
}
