package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.pairs.PairsFiles;
import dev.evperf.suites.pairs.PairsLatency;
import dev.evperf.suites.pairs.RunProfile;
import dev.evperf.suites.pairs.StrategiesXml;
import dev.evperf.suites.validate.Verdict;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PairsCommandTest {

    @Test
    void generateWritesTheThesisLayout(@TempDir Path dir) throws Exception {
        Cli c = Cli.run(
                "pairs",
                "generate",
                "--sf",
                "2",
                "--minutes",
                "0.2",
                "--file-count",
                "3",
                "--seed",
                "4",
                "--out",
                dir.toString());
        assertThat(c.exit).as(c.err).isZero();
        assertThat(Files.readString(dir.resolve("pairs.properties"))).contains("scaleFactor=2", "fileCount=3");
        assertThat(StrategiesXml.read(PairsFiles.strategies(dir))).hasSize(50);
        var ticks = PairsFiles.readTicks(dir, 3);
        assertThat(c.out).contains(ticks.size() + " ticks, 50 strategies");
        // the round-robin split read back is the generator's sequence
        for (int i = 1; i < ticks.size(); i++) {
            assertThat(ticks.get(i).tickTS())
                    .isGreaterThanOrEqualTo(ticks.get(i - 1).tickTS());
        }
    }

    @Test
    void badInputIsOneLineAndExitCode2(@TempDir Path dir) {
        Cli c = Cli.run("pairs", "generate", "--sf", "0", "--out", dir.toString());
        assertThat(c.exit).isEqualTo(2);
        assertThat(c.err.strip()).isEqualTo("evperf pairs: --sf 0: must be at least 1");
        Cli e = Cli.run(
                "pairs",
                "run",
                "--sf",
                "1",
                "--engines",
                "kafka-streams",
                "--out",
                dir.resolve("r").toString());
        assertThat(e.exit).isEqualTo(2);
        assertThat(e.err.strip())
                .startsWith("evperf pairs: --engines: kafka-streams: UNSUPPORTED: Kafka Streams has no query language")
                .doesNotContain("\n");
        Cli u = Cli.run(
                "pairs",
                "run",
                "--sf",
                "1",
                "--engines",
                "beam",
                "--out",
                dir.resolve("r").toString());
        assertThat(u.err.strip())
                .isEqualTo("evperf pairs: --engines: beam is not an engine (siddhi, esper, flink, kafka-streams)");
        Cli m = Cli.run(
                "pairs",
                "run",
                "--sweep",
                "--sf",
                "3",
                "--sf-max",
                "2",
                "--out",
                dir.resolve("r").toString());
        assertThat(m.exit).isEqualTo(2);
        assertThat(m.err.strip()).isEqualTo("evperf pairs: --sf-max 2: below --sf 3");
        assertThat(dir.resolve("r")).doesNotExist();
    }

    /**
     * The whole path on a real engine, through the sweep (one point: --sf-max 1): generate, evperf run
     * (a forked trial), validate, MarketOrder latency over the measurement interval, histogram, p_score.
     * Siddhi, because it compiles the strategies in seconds where Esper takes about a minute (twice:
     * once when evperf run validates the workload, once in the trial); PairsEngineTest runs both.
     */
    @Test
    void sweepRunsValidatesAndScores(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        Cli c = Cli.run(
                "pairs",
                "run",
                "--sweep",
                "--sf",
                "1",
                "--sf-max",
                "1",
                "--latency-bound",
                "600000",
                "--minutes",
                "0.1",
                "--engines",
                "siddhi",
                "--out",
                out.toString());
        String sweep = Files.readString(out.resolve("sweep-report.txt"));
        Path point = out.resolve("siddhi").resolve("sf-1");
        String report = Files.readString(point.resolve("pairs-report.txt"));
        assertThat(c.exit).as(c.err + sweep + report).isZero();
        assertThat(report)
                .contains(
                        "siddhi: valid",
                        "0 missing, 0 undue, 0 wrong",
                        "MarketOrder latency over the measurement interval's",
                        "p_score = 3 / ",
                        "Indicator latency over the measurement interval's",
                        "Indicator score (not the thesis's p_score) = 3 / ",
                        "MarketOrder latency histogram (measurement interval):",
                        "> 10000 ms: ",
                        "% of the schedule's rate; sender threads preempted");
        assertThat(sweep).contains("siddhi: largest SF passed 1 (points in the order run: [1])", " pass");
        assertThat(Files.readString(point.resolve("siddhi-marketorder-latency.csv")))
                .startsWith("upper_ms,orders\n1,");
        assertThat(point.resolve("siddhi").resolve("run.json")).exists();
        assertThat(Cli.run("summary", point.resolve("siddhi").toString()).exit).isZero();
    }

    /**
     * A point fed live (the generator behind the driver's feed, no pool): the outputs validate against
     * the model of the generated file's ticks, so the trial was sent the same ticks on the same schedule.
     */
    @Test
    void aLiveFedPointValidatesAgainstTheGeneratedTicks(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("live");
        Cli c = Cli.run(
                "pairs",
                "run",
                "--live",
                "--sf",
                "1",
                "--minutes",
                "0.05",
                "--engines",
                "siddhi",
                "--out",
                out.toString());
        String report = Files.readString(out.resolve("pairs-report.txt"));
        assertThat(c.exit).as(c.err + report).isZero();
        assertThat(report)
                .contains("ticks fed live from the generator", "siddhi: valid", "0 missing, 0 undue, 0 wrong");
        assertThat(Files.readString(out.resolve("siddhi.yaml")))
                .contains("live: {source: pairs, args: {sf: 1, minutes: 0.05, seed: 1}}")
                .doesNotContain("file:");
        long ticks = PairsFiles.readTicks(out.resolve("input"), 1).size();
        assertThat(report).contains(ticks + " ticks over 0.05 wall minutes");
    }

    @Test
    void theSweepVerdictNamesWhyAPointFails() {
        var sweep = new PairsSweep(System.out, System.err, 1, 1, 5_000_000, false);
        var ok =
                PairsLatency.of(List.of(new PairsLatency.Order(RunProfile.measureStartMs(), -1_000_000, 0, 4_000_000)));
        var late =
                PairsLatency.of(List.of(new PairsLatency.Order(RunProfile.measureStartMs(), -2_000_000, 0, 4_000_000)));
        var none = PairsLatency.of(List.of());
        var indicatorLate = PairsLatency.of(
                "Indicator", List.of(new PairsLatency.Order(RunProfile.measureStartMs(), -2_000_000, 0, 4_000_000)));
        Verdict good = new Verdict("MarketOrder", 1, 1, 1, 0, 0, 0, false, 0, 0, List.of());
        Verdict bad = new Verdict("MarketOrder", 1, 1, 0, 0, 0, 1, false, 0, 0, List.of());
        assertThat(sweep.verdict(new PairsPoint.Result("esper", 0, good, good, ok, none)))
                .isEqualTo("pass");
        assertThat(sweep.verdict(new PairsPoint.Result("esper", 0, good, good, late, none)))
                .isEqualTo("fail: p99 6.0 ms over the 5.0 ms bound");
        assertThat(sweep.verdict(new PairsPoint.Result("esper", 0, good, bad, ok, none)))
                .isEqualTo("fail: not valid");
        assertThat(sweep.verdict(new PairsPoint.Result("esper", 0, good, good, none, none)))
                .isEqualTo("fail: no MarketOrder in the measurement interval");
        assertThat(sweep.verdict(new PairsPoint.Result("esper", 1, null, null, null, null)))
                .isEqualTo("fail: the run failed (exit 1)");
        // Flink's translation has no MarketOrder stream: judged on Indicator, and said so
        var indicatorOnly = new PairsPoint.Result("flink", 0, good, null, none, ok);
        assertThat(indicatorOnly.valid()).isTrue();
        assertThat(sweep.verdict(indicatorOnly)).isEqualTo("pass (Indicator only)");
        assertThat(sweep.verdict(new PairsPoint.Result("flink", 0, good, null, none, indicatorLate)))
                .isEqualTo("fail: p99 6.0 ms over the 5.0 ms bound (Indicator only)");
        assertThat(sweep.verdict(
                        new PairsPoint.Result("flink", 0, good, null, none, PairsLatency.of("Indicator", List.of()))))
                .isEqualTo("fail: no Indicator in the measurement interval (Indicator only)");
        assertThat(sweep.verdict(new PairsPoint.Result("flink", 0, bad, null, none, ok)))
                .isEqualTo("fail: not valid (Indicator only)");
    }
}
