package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.suites.pairs.PairsFiles;
import dev.evperf.suites.pairs.StrategiesXml;
import java.nio.file.Files;
import java.nio.file.Path;
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
                "flink",
                "--out",
                dir.resolve("r").toString());
        assertThat(e.exit).isEqualTo(2);
        assertThat(e.err.strip())
                .startsWith("evperf pairs: --engines: flink: not translated yet")
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
        assertThat(dir.resolve("r")).doesNotExist();
    }

    /** The whole path on real Esper: generate, evperf run (a forked trial), validate, p_score. */
    @Test
    void runValidatesAndScores(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("run");
        Cli c = Cli.run("pairs", "run", "--sf", "1", "--minutes", "0.1", "--engines", "esper", "--out", out.toString());
        String report = Files.readString(out.resolve("pairs-report.txt"));
        assertThat(c.exit).as(c.err + report).isZero();
        assertThat(report).contains("esper: valid", "0 missing, 0 undue, 0 wrong", "p_score = 3 / ");
        assertThat(out.resolve("esper").resolve("run.json")).exists();
        assertThat(Cli.run("summary", out.resolve("esper").toString()).exit).isZero();
    }
}
