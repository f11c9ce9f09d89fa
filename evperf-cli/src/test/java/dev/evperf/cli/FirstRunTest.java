package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a first-time user sees: the README's first command, {@code ./evperf run
 * examples/quickstart.yaml}, in a copy of the source tree without any build output. The launcher
 * builds the CLI (a real Maven build, so this test takes as long as one) and says what it is doing,
 * one line per module; nothing reaches the terminal but evperf's own lines and tables: no colour
 * codes, no Maven or logging chatter.
 */
class FirstRunTest {
    @TempDir
    Path tmp;

    @Test
    void theFirstRunBuildsWithProgressAndPrintsOnlyEvperfsOwnLines() throws Exception {
        Path tree = tmp.resolve("evperf");
        copySources(Path.of("").toAbsolutePath().getParent(), tree);
        Result first = launch(
                tree,
                "run",
                "examples/quickstart.yaml",
                "--out",
                tmp.resolve("run").toString());
        assertThat(first.exit).as(first.toString()).isZero();
        for (String text : List.of(first.out, first.err)) {
            assertThat(text)
                    .as(first.toString())
                    .doesNotContain("\u001b")
                    .doesNotContain("SLF4J")
                    .doesNotContain("[INFO]")
                    .doesNotContain("WARN")
                    .doesNotContain("log4j");
        }
        List<String> err = first.err.lines().toList();
        assertThat(err).as(first.err).allMatch(l -> l.startsWith("evperf: ") || l.matches("\\[1/1] t001 .*"));
        assertThat(err.get(0)).startsWith("evperf: first run: building the CLI");
        // One line per module as Maven starts it, in order, the CLI last; then the time it took.
        List<String> modules = err.stream()
                .filter(l -> l.matches("evperf:   \\[\\d+/\\d+] evperf\\S* \\(\\d+ s\\)"))
                .toList();
        assertThat(modules).hasSizeGreaterThanOrEqualTo(6);
        assertThat(modules.get(modules.size() - 1)).contains("evperf-cli");
        assertThat(err).anyMatch(l -> l.matches("evperf: built in \\d+ s"));
        assertThat(first.out).contains("Burst processing time").contains("Head-tail");

        // Built once: the next run starts at once, and so does one after a change to a test only.
        Result second = launch(tree, "--version");
        assertThat(second.exit).as(second.toString()).isZero();
        assertThat(second.err).isEmpty();
        Path test = tree.resolve("evperf-cli/src/test/java/dev/evperf/cli/FirstRunTest.java");
        Files.setLastModifiedTime(test, FileTime.from(Instant.now().plusSeconds(5)));
        Result third = launch(tree, "--version");
        assertThat(third.err).as("a test is not part of the CLI").isEmpty();
        assertThat(third.out).startsWith("evperf ");
    }

    /** The source tree as a fresh clone has it: no build output, no results, no git metadata. */
    static void copySources(Path from, Path to) throws IOException {
        try (Stream<Path> s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path rel = from.relativize(p);
                if (rel.toString().isEmpty()) continue;
                String first = rel.getName(0).toString();
                boolean output = false;
                for (Path part : rel) output |= part.toString().equals("target");
                if (first.equals(".git") || first.equals("results") || output) continue;
                Path d = to.resolve(rel.toString());
                if (Files.isDirectory(p)) Files.createDirectories(d);
                else Files.copy(p, d, StandardCopyOption.COPY_ATTRIBUTES);
            }
        }
        assertThat(to.resolve("evperf")).isExecutable();
    }

    /** A plain class: Siddhi's ClassIndex annotation processor rejects records. */
    static final class Result {
        final int exit;
        final String out, err;

        Result(int exit, String out, String err) {
            this.exit = exit;
            this.out = out;
            this.err = err;
        }

        @Override
        public String toString() {
            return "exit " + exit + "\n--- out\n" + out + "\n--- err\n" + err;
        }
    }

    static Result launch(Path tree, String... args) throws IOException, InterruptedException {
        List<String> cmd =
                new java.util.ArrayList<>(List.of("bash", tree.resolve("evperf").toString()));
        cmd.addAll(List.of(args));
        Path out = tree.resolve("launch.out"), err = tree.resolve("launch.err");
        ProcessBuilder pb = new ProcessBuilder(cmd)
                .directory(tree.toFile())
                .redirectOutput(out.toFile())
                .redirectError(err.toFile());
        pb.environment().put("TMPDIR", tree.toString());
        Process p = pb.start();
        if (!p.waitFor(15, TimeUnit.MINUTES)) {
            p.destroyForcibly();
            throw new AssertionError("the launcher did not finish in 15 min: " + cmd);
        }
        return new Result(
                p.exitValue(),
                Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
