package dev.evperf.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReportWriterTest {
    @TempDir
    Path tmp;

    static JsonNode data(String html) throws Exception {
        Matcher m = Pattern.compile(
                        "<script type=\"application/json\" id=\"evperf-data\">(.*?)</script>", Pattern.DOTALL)
                .matcher(html);
        assertThat(m.find()).isTrue();
        return new ObjectMapper().readTree(m.group(1));
    }

    @Test
    void aRunWithAFailedTrialRendersTheOthersAndListsTheFailure() throws Exception {
        Path run = TinyTrial.run(tmp.resolve("run"), "evperf-run/1");
        Path html = tmp.resolve("out/report.html");
        ReportWriter.Written w = ReportWriter.write(run, html);
        assertThat(w.trials()).isEqualTo(2);
        assertThat(w.failedTrials()).isEqualTo(1);
        String page = Files.readString(html);
        assertThat(w.bytes()).isEqualTo(page.getBytes(java.nio.charset.StandardCharsets.UTF_8).length);

        // self-contained: the chart library inline, nothing loaded from elsewhere
        assertThat(page).contains("uPlot").contains("Permission is hereby granted");
        assertThat(page).doesNotContainPattern("(?i)<script[^>]+src=").doesNotContainPattern("(?i)<link[^>]+href=");
        // the description's "<events>" cannot break out of the data block
        assertThat(page).doesNotContain("<events>");

        JsonNode d = data(page);
        assertThat(d.path("run").path("name").asText()).isEqualTo("tiny");
        assertThat(d.path("run").path("description").asText()).isEqualTo("3 bursts of 4 <events>");
        JsonNode t1 = d.path("trials").get(0), t2 = d.path("trials").get(1);
        assertThat(t1.has("error")).as(t1.path("error").asText()).isFalse();
        assertThat(t2.path("status").asText()).isEqualTo("failed");
        assertThat(t2.path("reason").asText()).isEqualTo("engine crashed: boom");
        assertThat(t2.has("latency")).isFalse();

        // latency per mode, µs: p50 of processing 30 ns, end-to-end 25 ns, scheduled 195 ns
        JsonNode modes = t1.path("latency").path("modes");
        assertThat(modes).hasSize(3);
        assertThat(modes.get(0).path("mode").asText()).isEqualTo("processing");
        assertThat(modes.get(0).path("tableUs").get(0).asDouble()).isEqualTo(0.030);
        assertThat(modes.get(1).path("tableUs").get(0).asDouble()).isEqualTo(0.025);
        assertThat(modes.get(2).path("tableUs").get(0).asDouble()).isEqualTo(0.195);
        assertThat(modes.get(2).path("source").asText()).isEqualTo("records");
        // head-tail N=1 and burst statistics
        assertThat(t1.path("headTail").path("rows").get(0).path("aOverB").asDouble())
                .isEqualTo(13.333);
        assertThat(t1.path("bursts").path("stats").path("meanMs").asDouble()).isEqualTo(0.000285);
        assertThat(t1.path("bursts").path("top").get(0).path("burst").asInt()).isEqualTo(2);
        // Table 4.4, the histograms and the CDF cover all 8 measured events
        assertThat(t1.path("events").path("count").asLong()).isEqualTo(8);
        long inFull = 0;
        for (JsonNode c : t1.path("events").path("full").path("counts")) inFull += c.asLong();
        assertThat(inFull).isEqualTo(8);
        JsonNode cdf = t1.path("events").path("cdf").path("pct");
        assertThat(cdf.get(cdf.size() - 1).asDouble()).isEqualTo(100.0);
        // timeline: all 3 bursts at their start, the warm-up one apart; JVM events in the run's window
        assertThat(t1.path("timeline").path("x")).hasSize(3);
        assertThat(t1.path("timeline").path("warmup").get(0).asDouble()).isEqualTo(0.00004);
        assertThat(t1.path("jvmEvents").path("marks").path("gc-pause")).hasSize(1);
        // sensors: page faults as a rate (200/s then 50/s), heap in MiB
        JsonNode charts = t1.path("sensors").path("charts");
        assertThat(charts.findValuesAsText("title"))
                .contains("Page faults", "Heap and resident memory", "CPU utilization");
        // across trials: the swept distance as a number of ms; only the analysed trial has metrics
        JsonNode sweep = d.path("sweep");
        assertThat(sweep.path("axes").get(0).path("unit").asText()).isEqualTo("ms");
        assertThat(sweep.path("rows")
                        .get(0)
                        .path("x")
                        .path("load.phases.measure.bursts.distance")
                        .asDouble())
                .isEqualTo(0.001);
        assertThat(sweep.path("rows").get(1).path("metrics").isNull()).isTrue();
        assertThat(sweep.path("jvmVaries").asBoolean()).isTrue();
        // no annotations given: the hook's section says so
        assertThat(t1.path("annotations").path("provided").asBoolean()).isFalse();
    }

    @Test
    void annotationsAreCarriedToTheTrial() throws Exception {
        Path run = TinyTrial.run(tmp.resolve("run"), "evperf-run/1");
        Path html = tmp.resolve("report.html");
        ReportWriter.write(
                run,
                html,
                (id, dir) -> new TrialAnnotations(
                        List.of(
                                new Span(1000, 1200, "gc-pause", "burst 1"),
                                new Span(2000, 2370, "unattributed", "burst 2")),
                        1000L,
                        "2 bursts above 150 ns"));
        JsonNode a = data(Files.readString(html)).path("trials").get(0).path("annotations");
        assertThat(a.path("provided").asBoolean()).isTrue();
        assertThat(a.path("total").asInt()).isEqualTo(2);
        assertThat(a.path("warmupEndS").asDouble()).isEqualTo(0.000001);
        assertThat(a.path("spans").get(1).path("cause").asText()).isEqualTo("unattributed");
        assertThat(a.path("note").asText()).isEqualTo("2 bursts above 150 ns");

        ReportWriter.write(run, html, (id, dir) -> {
            throw new IllegalStateException("no events.parquet");
        });
        JsonNode failed = data(Files.readString(html)).path("trials").get(0).path("annotations");
        assertThat(failed.path("error").asText()).isEqualTo("annotations could not be computed: no events.parquet");
    }

    @Test
    void notARunDirectory() throws Exception {
        Path html = tmp.resolve("r.html");
        assertThatThrownBy(() -> ReportWriter.write(tmp.resolve("nope"), html))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("not a run directory")
                .hasMessageContaining("does not exist");
        Files.createDirectories(tmp.resolve("empty"));
        assertThatThrownBy(() -> ReportWriter.write(tmp.resolve("empty"), html))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage(
                        "not a run directory: " + tmp.resolve("empty")
                                + " has no run.json (expected a directory written by 'evperf run', holding run.json and trials/)");
        Path file = Files.writeString(tmp.resolve("file.txt"), "x");
        assertThatThrownBy(() -> ReportWriter.write(file, html)).hasMessageContaining("is not a directory");
        assertThat(html).doesNotExist();
    }

    @Test
    void aRunInAnotherFormat() throws Exception {
        Path older = TinyTrial.run(tmp.resolve("older"), "evperf-run/0");
        assertThatThrownBy(() -> ReportWriter.write(older, tmp.resolve("r.html")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith(older.resolve("run.json")
                        + ": results format \"evperf-run/0\" is not one this evperf reads (it reads \"evperf-run/1\"");
        // run.json written before the format was recorded has the first format's layout: read as such
        Path none = TinyTrial.run(tmp.resolve("none"), null);
        assertThat(ReportWriter.write(none, tmp.resolve("none.html")).trials()).isEqualTo(2);
        Path broken = tmp.resolve("broken");
        Files.createDirectories(broken);
        Files.writeString(broken.resolve("run.json"), "{\"format\": \"evperf-run/1\", \"trials\": [");
        assertThatThrownBy(() -> ReportWriter.write(broken, tmp.resolve("r.html")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("run.json:1:")
                .hasMessageContaining("not valid JSON");
        for (String msg : List.of(older.toString())) assertThat(msg).doesNotContain("\n");
    }

    @Test
    void aTrialWhoseFilesAreBrokenIsReportedNotThrown() throws Exception {
        Path run = TinyTrial.run(tmp.resolve("run"), "evperf-run/1");
        Files.writeString(run.resolve("trials/t001/events.parquet"), "not parquet");
        Path html = tmp.resolve("r.html");
        ReportWriter.write(run, html);
        JsonNode t1 = data(Files.readString(html)).path("trials").get(0);
        assertThat(t1.path("error").asText()).startsWith("results could not be analysed: ");
    }
}
