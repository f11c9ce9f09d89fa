package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.analysis.RunSummary;
import dev.evperf.analysis.stats.Comparison;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evperf compare} on two real runs of the null engine, which spins a known time per event:
 * 100 µs in run A, 200 µs in run B.
 */
class CompareTest {
    @TempDir
    static Path tmp;

    static Path runA;
    static Path runB;

    static String nullEngine(String serviceTime) {
        return """
                name: cmp
                streams:
                  S: {fields: {v: double}}
                engine:
                  name: "null"
                  options: {service_time: %s}
                  outputs: {out: {}}
                load:
                  phases:
                    - {name: warmup, measure: false, bursts: {count: 2, size: 50, distance: 20ms}}
                    - {name: measure, bursts: {count: 20, size: 50, distance: 20ms}}
                """.formatted(serviceTime);
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

    /** What a command printed (a class, not a record: an annotation processor on the class path rejects records). */
    static final class Out {
        final int exit;
        final String out;
        final String err;

        Out(int exit, String out, String err) {
            this.exit = exit;
            this.out = out;
            this.err = err;
        }

        int exit() { return exit; }
        String out() { return out; }
        String err() { return err; }
    }

    static Out compare(List<Path> runs, RunSummary.Format format) {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = CompareCommand.run(runs, format, Comparison.Options.DEFAULT, false,
                new PrintStream(out, true, StandardCharsets.UTF_8), new PrintStream(err, true, StandardCharsets.UTF_8));
        return new Out(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void halfTheServiceTimeIsAFasterWithASignificantTest() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream(), err = new ByteArrayOutputStream();
        int code = CompareCommand.run(List.of(runA, runB), new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8));
        String text = out.toString(StandardCharsets.UTF_8);
        assertThat(code).as(text + err).isZero();
        assertThat(text).contains("A: " + runA, "B: " + runB, "event processing time", "burst time", "A faster");
        assertThat(text).containsPattern("event processing time +µs .* A faster");

        Out json = compare(List.of(runA, runB), RunSummary.Format.JSON);
        assertThat(json.exit()).as(json.err()).isZero();
        JsonNode metrics = new ObjectMapper().readTree(json.out()).at("/pairs/0/groups/0/metrics");
        JsonNode event = find(metrics, "event_time"), burst = find(metrics, "burst_time");
        // Per event (1000 values per run): A faster, significantly by both tests.
        assertThat(event.get("verdict").asText()).as(event.toString()).isEqualTo("A faster");
        assertThat(event.at("/rank_sum/p").asDouble()).isLessThan(0.01);
        assertThat(event.at("/ks/p").asDouble()).isLessThan(0.01);
        assertThat(event.get("distributions_differ").asBoolean()).isTrue();
        // Per burst (a few dozen values): never the other way round. The engine spins on the clock, so on a
        // busy machine preemption lengthens bursts by whole time slices and a dozen bursts may not suffice.
        assertThat(burst.get("verdict").asText()).as(burst.toString()).isIn("A faster", Comparison.NO_DIFFERENCE);
        assertThat(burst.get("median_b").asDouble()).as(burst.toString()).isGreaterThan(burst.get("median_a").asDouble());
        // Each event spins 100 µs longer in B: the interval of the median difference lies around +100 µs.
        assertThat(event.at("/diff/median/lo").asDouble()).isBetween(50.0, 150.0);
        assertThat(event.at("/diff/median/hi").asDouble()).isBetween(50.0, 150.0);
        assertThat(event.get("n_a").asInt()).isPositive().isLessThanOrEqualTo(1000);
        assertThat(event.at("/diff/resamples").asInt()).isEqualTo(1000);

        Out csv = compare(List.of(runA, runB), RunSummary.Format.CSV);
        assertThat(csv.out().lines().findFirst().orElseThrow()).startsWith("a,b,group,metric,unit,n_a,n_b,");
        assertThat(csv.out()).containsPattern("(?m)^A,B,all,event_time,µs,.*,A faster,true$");
    }

    @Test
    void aRunAgainstItselfShowsNoDifference() {
        Out o = compare(List.of(runA, runA), RunSummary.Format.CSV);
        assertThat(o.exit()).isZero();
        assertThat(o.out()).containsPattern("(?m)^A,B,all,event_time,.*,no significant difference,false$");
    }

    @Test
    void aDirectoryThatIsNotARunIsOneLineOfBadInput() throws Exception {
        Path notRun = Files.createDirectories(tmp.resolve("not-a-run"));
        Out o = compare(List.of(runA, notRun), RunSummary.Format.TEXT);
        assertThat(o.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(o.out()).isEmpty();
        assertThat(o.err()).startsWith("evperf: not a run directory: " + notRun).contains("run.json");
        assertThat(o.err().strip()).doesNotContain("\n");
        Out one = compare(List.of(runA), RunSummary.Format.TEXT);
        assertThat(one.exit()).isEqualTo(Main.BAD_INPUT);
        assertThat(one.err()).contains("at least two run directories");
    }

    static JsonNode find(JsonNode metrics, String key) {
        for (JsonNode m : metrics) if (m.get("metric").asText().equals(key)) return m;
        throw new AssertionError("no metric " + key + " in " + metrics);
    }
}
