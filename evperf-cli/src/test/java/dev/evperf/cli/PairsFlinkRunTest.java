package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evperf pairs run --engines flink} on a real Flink: the workload starts a broker and a
 * MiniCluster of its own, and the Indicator stream of SF 1, compressed to a quarter of a wall minute
 * (every period length's windows fill; many 5-s periods of a symbol are empty, which the translation
 * must skip as the model does; the windows are of event time, tickTS, so the compression changes the
 * pace, not the rows), validates against the reference model with nothing
 * missing, undue or wrong. MarketOrder is UNSUPPORTED for Flink: the report says why, and gives the Indicator stream's
 * latency and score, labelled as not the thesis's p_score.
 */
class PairsFlinkRunTest {

    @Test
    void flinkIndicatorsValidateAtSf1(@TempDir Path dir) throws Exception {
        Cli c = Cli.run(
                "pairs",
                "run",
                "--sf",
                "1",
                "--minutes",
                "0.25",
                "--seed",
                "3",
                "--engines",
                "flink",
                "--out",
                dir.toString());
        String report = Files.readString(dir.resolve("pairs-report.txt"));
        assertThat(c.exit).as(c + "\n" + report).isZero();
        assertThat(report)
                .contains(
                        "flink: valid (Indicator only)",
                        "MarketOrder: UNSUPPORTED with built-in Flink SQL alone",
                        "no p_score: it is defined on MarketOrder latency alone",
                        "Indicator latency over the measurement interval's",
                        "Indicator score (not the thesis's p_score) = 3 / ");
        String line = report.lines()
                .filter(l -> l.strip().startsWith("Indicator:"))
                .findFirst()
                .orElseThrow();
        assertThat(line).endsWith("0 missing, 0 undue, 0 wrong");
        long expected = Long.parseLong(line.strip().split(" ")[1]);
        assertThat(expected).as(line).isGreaterThan(1000);
        assertThat(dir.resolve("flink/trials/t001/values-MarketOrder.csv")).doesNotExist();
        assertThat(dir.resolve("flink-marketorder-latency.csv")).doesNotExist();
    }
}
