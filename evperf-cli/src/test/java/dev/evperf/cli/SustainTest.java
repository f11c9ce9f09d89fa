package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** sustain against the null engine spinning 100 µs per event (≤ 10 000 ev/s; a busy machine gives it less). */
class SustainTest {
    @TempDir
    Path tmp;

    static final String ENGINE = Cli.nullEngine("capacity", "100us", "  phases: [{constant: {rate: 1000, count: 10}}]");

    @Test
    void probesAreJudgedByTheirFiguresAndTheSearchReportsWhatItFound() throws Exception {
        Path run = tmp.resolve("sustain");
        Cli cli = Cli.run(
                "sustain",
                Cli.write(tmp, "cap.yaml", ENGINE).toString(),
                "--out",
                run.toString(),
                // Near capacity a backlog from a cold start drains slowly (at 90 %, ~200 ev/s of spare
                // capacity): the warm-up must be long enough for it to clear before the measured phase.
                "--warmup",
                "2s",
                "--duration",
                "2s",
                // 10 %, not the default 2: one bisection fewer; the convergence rule checked below is the same
                "--precision",
                "10",
                "--no-drops",
                "--confirm",
                "2");
        JsonNode sustain =
                new ObjectMapper().readTree(run.resolve("run.json").toFile()).get("sustain");
        assertThat(cli.out).as(cli.toString()).contains("Rate against latency");
        // Each probe's verdict follows from its own figures: sustained only at ≥ 99 % of its rate, never more
        // than --max-lag (50 ms) behind, nothing dropped; short of its rate or behind, it says so.
        double highestSustained = Double.NaN, lowestFailed = Double.NaN;
        for (JsonNode probe : sustain.get("probe_results")) {
            double rate = probe.get("rate").asDouble(),
                    achieved = probe.path("achieved_rate").asDouble(0);
            boolean sustained = probe.get("sustained").asBoolean();
            String why = probe.get("reason").asText();
            if (!probe.has("achieved_rate")) {
                // A trial that did not end ok (a timeout on a crowded machine) has no figures: it says what it was.
                assertThat(why).as(probe.toString()).startsWith("trial ");
                assertThat(sustained).isFalse();
                lowestFailed = Double.isNaN(lowestFailed) ? rate : Math.min(lowestFailed, rate);
                continue;
            }
            assertThat(probe.get("dropped").asLong()).isZero(); // the null engine passes every event through
            if (achieved < 0.99 * rate) assertThat(why).as(probe.toString()).contains("< 99 % of target");
            if (probe.get("max_lag_ms").asDouble() > 50)
                assertThat(why).as(probe.toString()).contains("behind schedule");
            assertThat(sustained).as(probe.toString()).isEqualTo(why.isEmpty());
            if (sustained) highestSustained = Double.isNaN(highestSustained) ? rate : Math.max(highestSustained, rate);
            else lowestFailed = Double.isNaN(lowestFailed) ? rate : Math.min(lowestFailed, rate);
        }
        // The search's result is its probes': the highest sustained and the lowest failed rate; converged when
        // they lie within the 10 % (a busy machine moves the capacity between probes and may keep it from
        // converging in 10: then the line says which rates it got to).
        // (NaN, written as the string "NaN", when no probe was sustained or none failed.)
        double found = sustain.get("sustainable_rate").asDouble(Double.NaN);
        assertThat(found).isEqualTo(highestSustained);
        if (!Double.isNaN(found))
            assertThat(found).isLessThanOrEqualTo(10_000.0); // a 100 µs spin: ≤ 10 000 ev/s anywhere
        assertThat(sustain.get("lowest_failed_rate").asDouble(Double.NaN)).isEqualTo(lowestFailed);
        boolean converged = (lowestFailed - found) / lowestFailed <= 0.10;
        assertThat(sustain.get("converged").asBoolean()).isEqualTo(converged);
        assertThat(cli.out)
                .contains(
                        converged
                                ? "sustainable: "
                                : SustainCommand.notConverged(
                                        sustain.get("probes").asInt(),
                                        sustain.get("seconds").asDouble(),
                                        found,
                                        lowestFailed));
        assertThat(cli.out).doesNotContain("NaN");
        // A saturated probe fell short of its rate and its engine set the pace: its sends filled ≥ 97 % of the
        // measured phase (achieved rate × mean send time), so its achieved rate is the capacity of its JVM, at
        // most 10 000 ev/s. One that missed its rate by a stall is not, nor one that caught up on a backlog from
        // its warm-up at more than its rate (a busy machine makes both). Their range is reported.
        List<JsonNode> all = new ArrayList<>();
        sustain.get("probe_results").forEach(all::add);
        sustain.path("confirmation").path("results").forEach(all::add);
        double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
        int saturatedProbes = 0;
        for (JsonNode probe : all) {
            double busy = probe.path("achieved_rate").asDouble(0)
                    * probe.path("processing_mean_us").asDouble(0)
                    / 1e6;
            boolean saturated = !probe.get("sustained").asBoolean()
                    && probe.path("achieved_rate").asDouble(0)
                            < 0.99 * probe.get("rate").asDouble()
                    && busy >= 0.97;
            assertThat(probe.get("saturated").asBoolean()).as(probe.toString()).isEqualTo(saturated);
            if (!saturated) continue;
            saturatedProbes++;
            double achieved = probe.get("achieved_rate").asDouble();
            assertThat(achieved)
                    .isLessThanOrEqualTo(10_000.0)
                    .isLessThan(probe.get("rate").asDouble());
            min = Math.min(min, achieved);
            max = Math.max(max, achieved);
        }
        JsonNode saturated = sustain.path("saturated_capacity");
        if (saturatedProbes == 0) {
            assertThat(saturated.isMissingNode()).isTrue();
        } else {
            assertThat(saturated.get("probes").asInt()).isEqualTo(saturatedProbes);
            assertThat(saturated.get("min_rate").asDouble()).isEqualTo(min);
            assertThat(saturated.get("max_rate").asDouble()).isEqualTo(max);
            assertThat(cli.out).contains("saturated probes achieved");
        }
        // Confirmed in two more fresh JVMs at the rate found; whether it held in each depends on the machine
        // (a busy one moves the capacity), and the verdict and exit code say exactly that.
        JsonNode confirmation = sustain.get("confirmation");
        if (Double.isNaN(found)) {
            // Nothing sustained, nothing to confirm.
            assertThat(confirmation).isNull();
            assertThat(cli.exit).as(cli.toString()).isEqualTo(1);
            return;
        }
        assertThat(confirmation.get("rate").asDouble()).isEqualTo(found);
        assertThat(confirmation.get("trials").asInt()).isEqualTo(2);
        int held = 0;
        for (JsonNode c : confirmation.get("results")) {
            assertThat(c.get("rate").asDouble()).isEqualTo(found);
            if (c.get("sustained").asBoolean()) held++;
        }
        assertThat(confirmation.get("sustained").asInt()).isEqualTo(held);
        assertThat(cli.out).contains("sustained in " + held + " of 2 fresh JVMs");
        assertThat(cli.exit).as(cli.toString()).isEqualTo(converged && held == 2 ? 0 : 1);
        // Every probe is an ordinary trial of the run: summary reads them.
        Cli summary = Cli.run("summary", run.toString());
        assertThat(summary.exit).as(summary.toString()).isZero();
        assertThat(summary.out).contains("Scheduled latency trend");
    }

    @Test
    void aSearchThatRunsOutOfProbesSaysWhichSideIsStillOpen() throws Exception {
        // One probe, at 1000 ev/s: far below the engine's capacity, so normally sustained and nothing failed (a
        // stall on a busy machine may fail it instead); either way the line says what happened, never "NaN".
        Path run = tmp.resolve("open");
        Cli cli = Cli.run(
                "sustain",
                Cli.write(tmp, "cap.yaml", ENGINE).toString(),
                "--out",
                run.toString(),
                "--warmup",
                "500ms",
                "--duration",
                "1s",
                "--max-probes",
                "1");
        assertThat(cli.exit).as(cli.toString()).isEqualTo(1);
        assertThat(cli.out).doesNotContain("NaN").contains("not converged after 1 probe in ");
        JsonNode probe = new ObjectMapper()
                .readTree(run.resolve("run.json").toFile())
                .get("sustain")
                .get("probe_results")
                .get(0);
        assertThat(cli.out)
                .contains(
                        probe.get("sustained").asBoolean()
                                ? "every probe was sustained, up to 1000.0 ev/s"
                                : "no probe was sustained, down to 1000.0 ev/s");
        // The three outcomes as printed.
        assertThat(SustainCommand.notConverged(2, 12.5, 4000, Double.NaN))
                .isEqualTo(
                        "not converged after 2 probes in 12.5 s: every probe was sustained, up to 4000.0 ev/s, so the engine's"
                                + " limit is higher (more probes: --max-probes; a faster climb: --start, --factor)");
        assertThat(SustainCommand.notConverged(1, 3, Double.NaN, 1000))
                .isEqualTo(
                        "not converged after 1 probe in 3.0 s: no probe was sustained, down to 1000.0 ev/s, so the limit is lower"
                                + " (start lower: --start; more probes: --max-probes)");
        assertThat(SustainCommand.notConverged(10, 60, 5000, 6000))
                .endsWith("highest sustained 5000.0 ev/s, lowest failed 6000.0 ev/s" + " (more probes: --max-probes)");
    }

    @Test
    void badOptionsAreBadInput() throws Exception {
        Path w = Cli.write(tmp, "cap.yaml", ENGINE);
        Cli factor = Cli.run("sustain", w.toString(), "--factor", "1");
        assertThat(factor.exit).isEqualTo(2);
        assertThat(factor.err).contains("growth factor");
        Cli confirm = Cli.run("sustain", w.toString(), "--confirm", "-1");
        assertThat(confirm.exit).isEqualTo(2);
        assertThat(confirm.err).contains("--confirm");
        Cli matrix = Cli.run(
                "sustain",
                Cli.write(tmp, "m.yaml", ENGINE + "matrix: {repetitions: [1]}\n")
                        .toString());
        assertThat(matrix.exit).isEqualTo(2);
    }
}
