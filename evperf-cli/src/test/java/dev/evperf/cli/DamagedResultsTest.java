package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A damaged results directory (what a crash, a full disk or a careless hand leaves): {@code
 * summary}, {@code report} and {@code compare} each give one line naming the damaged file, and
 * exit code 2, for every kind of damage, on a copy of one real run.
 */
class DamagedResultsTest {
    @TempDir
    static Path tmp;

    static Path run;

    @BeforeAll
    static void runOnce() throws Exception {
        run = tmp.resolve("run");
        String w = Cli.nullEngine(
                        "damage",
                        "0",
                        """
                  phases:
                    - {name: measure, bursts: {count: 20, size: 100, distance: 10ms}}
                """)
                + "measure: {jfr: false}\n";
        Cli cli = Cli.run("run", Cli.write(tmp, "w.yaml", w).toString(), "--out", run.toString());
        assertThat(cli.exit).as(cli.toString()).isZero();
    }

    /** A kind of damage: what it does to a copy of the run, and the file the one line must name. */
    enum Damage {
        TRUNCATED_EVENTS("trials/t001/events.parquet") {
            void apply(Path f) throws IOException {
                try (RandomAccessFile r = new RandomAccessFile(f.toFile(), "rw")) {
                    r.setLength(r.length() / 2);
                }
            }
        },
        ZERO_FILLED_OUTPUTS("trials/t001/outputs.parquet") {
            void apply(Path f) throws IOException {
                Files.write(f, new byte[(int) Files.size(f)]);
            }
        },
        GARBAGE_INTERVALS("trials/t001/intervals.csv") {
            void apply(Path f) throws IOException {
                byte[] junk = new byte[(int) Files.size(f)];
                new Random(1).nextBytes(junk);
                Files.write(f, junk);
            }
        },
        GARBAGE_ROW_IN_INTERVALS("trials/t001/intervals.csv") {
            void apply(Path f) throws IOException {
                List<String> lines = Files.readAllLines(f);
                lines.set(lines.size() - 1, lines.get(lines.size() - 1).replaceFirst(",[^,]*,", ",x#?,"));
                Files.write(f, lines);
            }
        },
        TRUNCATED_RUN_JSON("run.json") {
            void apply(Path f) throws IOException {
                Files.writeString(f, Files.readString(f).substring(0, (int) (Files.size(f) / 3)));
            }
        },
        MISSING_RESULT_JSON("trials/t001/result.json") {
            void apply(Path f) throws IOException {
                Files.delete(f);
            }
        },
        MISSING_TRIALS("trials") {
            void apply(Path f) throws IOException {
                delete(f);
            }
        };

        final String file;

        Damage(String file) {
            this.file = file;
        }

        abstract void apply(Path file) throws IOException;
    }

    enum Command {
        SUMMARY,
        REPORT,
        COMPARE
    }

    @ParameterizedTest
    @EnumSource(Damage.class)
    void everyCommandNamesTheDamagedFileInOneLine(Damage damage) throws Exception {
        Path copy = tmp.resolve(damage.name().toLowerCase());
        ReportTest.copyTree(run, copy);
        damage.apply(copy.resolve(damage.file));
        for (Command c : Command.values()) {
            Cli cli =
                    switch (c) {
                        case SUMMARY -> Cli.run("summary", copy.toString());
                        case REPORT -> Cli.run(
                                "report",
                                copy.toString(),
                                "-o",
                                tmp.resolve(damage + ".html").toString());
                        case COMPARE -> Cli.run("compare", run.toString(), copy.toString());
                    };
            String what = damage + " on " + c + ": " + cli;
            assertThat(cli.exit).as(what).isEqualTo(2);
            assertThat(cli.err.strip().lines()).as(what).hasSize(1);
            assertThat(cli.err)
                    .as(what)
                    .startsWith("evperf: " + copy.resolve(damage.file))
                    .doesNotContain("internal error")
                    .doesNotContain("\tat ")
                    .doesNotContain("Exception");
            assertThat(cli.out)
                    .as(what + ": nothing printed from what was left")
                    .isEmpty();
        }
        assertThat(Files.exists(tmp.resolve(damage + ".html")))
                .as("no report of a damaged run")
                .isFalse();
    }

    private static void delete(Path dir) throws IOException {
        try (Stream<Path> s = Files.walk(dir)) {
            for (Path p : s.sorted(java.util.Comparator.reverseOrder()).toList()) Files.delete(p);
        }
    }
}
