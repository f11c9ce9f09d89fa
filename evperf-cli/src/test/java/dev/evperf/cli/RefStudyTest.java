package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The ref studies at tiny sizes (seconds each): every cell runs in its JVM, the tables come out with
 * the JVM's and the kernel's figures, and nothing is left on disk. The figures themselves are
 * benchmarks (docs/benchmarks.md), not asserted here.
 */
class RefStudyTest {
    @TempDir
    Path dir;

    @Test
    void layoutsMeasureEachLayoutsWindowInItsOwnJvm() throws Exception {
        Cli c = Cli.run(
                "ref-study",
                "layouts",
                "--sizes",
                "1K,20K",
                "--layouts",
                "array,projected",
                "--seconds",
                "0.2",
                "--warmup",
                "0.1",
                "--heap",
                "256m",
                "--out",
                dir.toString());
        assertThat(c.exit).as(c.err).isZero();
        assertThat(c.out)
                .contains(
                        "window memory, MB",
                        "throughput, M events/s",
                        "bare loop",
                        "at 20K, projected against each layout:");
        String[] array = c.out.lines()
                .filter(l -> l.startsWith("array"))
                .findFirst()
                .orElseThrow()
                .trim()
                .split("\\s+");
        String[] projected = c.out.lines()
                .filter(l -> l.startsWith("projected"))
                .findFirst()
                .orElseThrow()
                .trim()
                .split("\\s+");
        // at 20 K events the Object[] layout holds each event's array and boxes; projection one double each
        assertThat(Double.parseDouble(array[2])).isGreaterThan(5 * Double.parseDouble(projected[2]));
        assertThat(Files.readAllLines(dir.resolve("layouts.jsonl"))).hasSize(2 * 3);
    }

    @Test
    void slidemMeasuresTheDiskAndAWindowLargerThanTheHeap() throws Exception {
        Cli c = Cli.run(
                "ref-study",
                "slidem",
                "--heap",
                "32m",
                "--window-ratio",
                "1.5",
                "--seconds",
                "0.5",
                "--rates",
                "20000",
                "--bandwidth-bytes",
                "8m",
                "--out",
                dir.toString());
        assertThat(c.exit).as(c.err).isZero();
        assertThat(c.out).contains("disk, sequential, 65536 B blocks, O_DIRECT").contains("IOPS");
        assertThat(c.out.lines().filter(l -> l.trim().startsWith("20000")).count())
                .isEqualTo(1);
        try (var files = Files.list(dir.resolve("disk"))) {
            assertThat(files.count()).as("SlideM's files are removed").isZero();
        }
    }

    @Test
    void sharedComparesOneRepositoryWithSeparateOnes() {
        Cli c = Cli.run(
                "ref-study",
                "shared",
                "--windows",
                "2,3",
                "--r",
                "30K",
                "--memory",
                "512k",
                "--block",
                "8KB",
                "--heap",
                "128m",
                "--out",
                dir.toString());
        assertThat(c.exit).as(c.err).isZero();
        assertThat(c.out)
                .contains("SSM requests")
                .containsPattern("(?m)^\\s+2\\s")
                .containsPattern("(?m)^\\s+3\\s");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"ref-vs-engines", "ref-layouts", "ref-vwap"})
    void refExamplesValidateWithTheirEnginesQueries(String example) {
        Path file = Path.of(System.getProperty("user.dir"))
                .getParent()
                .resolve("examples")
                .resolve(example + ".yaml");
        Cli c = Cli.run("run", "--dry-run", file.toString());
        assertThat(c.exit).as(c.err).isZero();
    }

    @Test
    void badStudyInputIsOneLineAndExitCode2() {
        Cli c = Cli.run("ref-study", "layouts", "--layouts", "rows", "--out", dir.toString());
        assertThat(c.exit).isEqualTo(2);
        assertThat(c.err.strip())
                .startsWith("evperf: --layouts: a layout is one of [map, array, pojo, columns, projected], not 'rows'")
                .doesNotContain("\n");
        Cli s = Cli.run("ref-study", "shared", "--windows", "40", "--memory", "1m", "--out", dir.toString());
        assertThat(s.exit).isEqualTo(2);
        assertThat(s.err.strip()).startsWith("evperf: --memory 1m is too little for 40 windows");
    }
}
