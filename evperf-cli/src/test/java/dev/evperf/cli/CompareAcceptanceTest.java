package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.analysis.stats.Comparison;
import dev.evperf.analysis.summary.RunSummary;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The property scripts/compare-acceptance measures at full size (docs/benchmarks.md), at a size CI
 * can afford: repeated runs of one null-engine workload are no difference, and a 10 % longer
 * service time is found. Real runs, one JVM each, on whatever else the machine is doing: 3 pairs
 * of repeated runs and 3 pairs with the change, interleaved so that the machine's load falls on
 * both sides alike.
 *
 * <p>Before issue 9, compare tested every event as an independent value, and each of these
 * identical pairs came out "faster" one way or the other at p &lt; 1e-20; the bar here, at most one
 * pair of three with any verdict, is the script's 9 of 10 at this size.
 *
 * <p>A verdict between identical runs is the machine's, not compare's error, when compare itself
 * says next to it that a run was disturbed (its "warnings" member: driver stalls, involuntary
 * switches, steal). On a machine loaded 20 times over its cores, identical runs of a 100 µs busy
 * service time really do differ, and compare's duty there is to say why; there a 10 % change can
 * also drown in the machine's noise, and "no difference" is then the honest answer. So the bars
 * count what compare did not qualify as disturbed: a verdict between identical undisturbed runs
 * (at most one pair, as above) and a change missed between undisturbed runs (none). At least one
 * changed pair must be found whatever the load, in the right direction.
 */
class CompareAcceptanceTest {
    static final int PAIRS = 3;

    @TempDir
    Path tmp;

    static String workload(String serviceTime) {
        return Cli.nullEngine(
                "acceptance",
                serviceTime,
                """
                  phases:
                    - {name: warmup, measure: false, constant: {rate: 500, duration: 1s}}
                    - {name: measure, constant: {rate: 500, duration: 2s}}
                """);
    }

    @Test
    void repeatedRunsAreNoDifferenceAndATenPercentChangeIsFound() throws Exception {
        Path base = Cli.write(tmp, "base.yaml", workload("100us")),
                changed = Cli.write(tmp, "changed.yaml", workload("110us"));
        int falseDifferences = 0, missed = 0, found = 0;
        List<String> seen = new ArrayList<>();
        for (int i = 0; i < PAIRS; i++) {
            Path a = run(base, "a" + i), c = run(changed, "c" + i), b = run(base, "b" + i);
            List<String> identical = verdicts(a, b), change = verdicts(a, c);
            int disturbed = disturbedTrials(a, b);
            seen.add("same " + identical + " (" + disturbed + " trials disturbed) / changed " + change);
            boolean difference = !identical.stream().allMatch(v -> v.endsWith("=" + Comparison.NO_DIFFERENCE));
            if (difference && disturbed == 0) falseDifferences++;
            int changeDisturbed = disturbedTrials(a, c);
            seen.add("  (" + changeDisturbed + " trials of the changed pair disturbed)");
            if (change.contains("event_time=A faster") && change.stream().noneMatch(v -> v.endsWith("=B faster")))
                found++;
            else if (changeDisturbed == 0) missed++;
        }
        assertThat(falseDifferences)
                .as("identical pairs with a verdict on undisturbed runs: %s", seen)
                .isLessThanOrEqualTo(1);
        assertThat(missed)
                .as("changes missed between undisturbed runs: %s", seen)
                .isZero();
        assertThat(found).as("changed pairs found: %s", seen).isGreaterThanOrEqualTo(1);
    }

    private Path run(Path workload, String name) {
        Path out = tmp.resolve(name);
        Cli r = Cli.run("run", workload.toString(), "--out", out.toString());
        assertThat(r.exit).as(r.toString()).isZero();
        return out;
    }

    /** "metric=verdict" per metric of A vs B. */
    private static List<String> verdicts(Path a, Path b) throws Exception {
        List<String> out = new ArrayList<>();
        for (JsonNode m : compare(a, b).at("/pairs/0/groups/0/metrics")) {
            out.add(m.get("metric").asText() + "=" + m.get("verdict").asText());
        }
        return out;
    }

    /** The trials of A and B that compare's own warnings call disturbed. */
    private static int disturbedTrials(Path a, Path b) throws Exception {
        int n = 0;
        for (JsonNode run : compare(a, b).path("warnings"))
            n += run.path("disturbed").asInt();
        return n;
    }

    private static JsonNode compare(Path a, Path b) throws Exception {
        Cli c = Cli.capture((out, err) ->
                CompareCommand.run(List.of(a, b), RunSummary.Format.JSON, Comparison.Options.DEFAULT, false, out, err));
        assertThat(c.exit).as(c.toString()).isZero();
        return new ObjectMapper().readTree(c.out);
    }
}
