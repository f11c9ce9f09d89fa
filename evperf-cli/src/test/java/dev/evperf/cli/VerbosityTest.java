package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@code --verbose} in every command (the {@link Verbosity} mixin): bad input is one line with exit
 * code 2 and no stack trace; with {@code --verbose} the same line comes after the stack trace.
 * Nothing here starts a trial: every input is rejected before anything runs.
 */
class VerbosityTest {
    @TempDir
    static Path tmp;

    static Stream<Arguments> commands() throws Exception {
        Path bad = Cli.write(tmp, "bad.yaml", BadInputTest.GOOD.replace("count: 2", "count: many"));
        String notARun = tmp.toString();
        return Stream.of(
                Arguments.of("run", List.of("run", bad.toString())),
                Arguments.of("sustain", List.of("sustain", bad.toString())),
                Arguments.of("profile", List.of("profile", bad.toString())),
                Arguments.of("summary", List.of("summary", notARun)),
                Arguments.of("report", List.of("report", notARun)),
                Arguments.of("model", List.of("model", notARun)),
                Arguments.of("compare", List.of("compare", notARun, notARun)),
                Arguments.of("ref-study", List.of("ref-study", "layouts", "--layouts", "nosuchlayout")),
                Arguments.of("pairs", List.of("pairs", "generate", "--sf", "0", "--out", notARun)),
                Arguments.of(
                        "suite",
                        List.of(
                                "suite",
                                "macro",
                                "--quick",
                                "--out",
                                tmp.resolve("suite").toString())),
                Arguments.of("agent", List.of("agent", "--listen", "nohostport", "--secret-file", bad.toString())),
                Arguments.of("an unknown option", List.of("summary", notARun, "--frobnicate")));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("commands")
    void stackTraceOnlyWithVerbose(String what, List<String> args) {
        Cli plain = Cli.run(args.toArray(String[]::new));
        assertThat(plain.exit).as(plain.err).isEqualTo(Main.BAD_INPUT);
        assertThat(plain.err.strip().split("\n")).as(plain.err).hasSize(1);
        // "evperf: …", or "evperf pairs: …" from the command that says its name
        assertThat(plain.err).containsPattern("^evperf( pairs)?: ").doesNotContain("\tat ");

        List<String> verbose = new ArrayList<>(args);
        verbose.add("--verbose");
        Cli loud = Cli.run(verbose.toArray(String[]::new));
        assertThat(loud.exit).as(loud.err).isEqualTo(Main.BAD_INPUT);
        assertThat(loud.err).contains("\tat ");
        String[] lines = loud.err.strip().split("\n");
        assertThat(lines[lines.length - 1])
                .as("the one line comes last, after the trace")
                .isEqualTo(plain.err.strip());
    }
}
