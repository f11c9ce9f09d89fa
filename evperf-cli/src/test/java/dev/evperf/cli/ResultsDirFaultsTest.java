package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The results directory's faults. Before anything runs, {@code --out} must be a directory this
 * process can write (one line, exit code 2, nothing created). During a run, a full file system
 * is recorded in run.json as what it was: the trial that met it failed, the rest not run, the
 * finish time written, no *.tmp left, one line, exit code 1, never "internal error".
 *
 * <p>Read-only and full file systems are real: a tmpfs mounted for the test (as root), unmounted
 * after. Without the rights to mount, the same checks run on what an unprivileged user can make:
 * a directory without write permission, and a file-size limit (RLIMIT_FSIZE) that fails the
 * trial's large writes as a full disk would (there the run goes on, as it does for any failed trial).
 * {@code -Devperf.test.mount=false} takes that path without mounting (as root, a directory
 * without write permission stays writable, so only the file-size limit is tried that way).
 */
class ResultsDirFaultsTest {
    private static final String WORKLOAD = Cli.nullEngine(
                    "faults",
                    "0",
                    """
              phases:
                - {name: measure, max: {count: 300000}}
            """)
            + "measure: {jfr: false}\nrepetitions: 3\n";

    @TempDir
    Path tmp;

    private Cli runBadOut(Path out) throws IOException {
        Cli cli = Cli.run("run", Cli.write(tmp, "w.yaml", WORKLOAD).toString(), "--out", out.toString());
        assertThat(cli.exit).as(cli.toString()).isEqualTo(2);
        assertThat(cli.err.strip().lines()).as(cli.err).hasSize(1);
        assertThat(cli.err)
                .startsWith("evperf: --out " + out + ": ")
                .doesNotContain("\tat ")
                .doesNotContain("internal error");
        return cli;
    }

    @Test
    void outThatIsAFileIsRejectedBeforeAnythingRuns() throws Exception {
        Path file = Cli.write(tmp, "file", "mine");
        assertThat(runBadOut(file).err).contains("is a file, not a directory");
        assertThat(Files.readString(file)).isEqualTo("mine");
        assertThat(runBadOut(file.resolve("run")).err).contains(file + " is a file, not a directory");
    }

    @Test
    void outThatCannotBeWrittenIsRejectedBeforeAnythingRuns() throws Exception {
        // /sys refuses new entries even to root
        assertThat(runBadOut(Path.of("/sys/evperf-test/run")).err).contains("cannot write there");
    }

    @Test
    void outOnAReadOnlyFileSystemIsRejectedBeforeAnythingRuns() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("ro"));
        try (Mount m = Mount.tmpfs(dir, "ro,size=1m")) {
            if (!m.mounted) {
                // unprivileged: a directory without write permission
                assertThat(dir.toFile().setWritable(false, false)).isTrue();
                assertThat(Files.isWritable(dir))
                        .as("a process that can neither mount nor be denied a write (root without"
                                + " CAP_SYS_ADMIN) has no read-only directory to try")
                        .isFalse();
            }
            Cli cli = runBadOut(dir.resolve("run"));
            assertThat(cli.err)
                    .contains("cannot write there")
                    .contains(m.mounted ? "Read-only file system" : "permission denied");
            assertThat(Files.exists(dir.resolve("run"))).isFalse();
        } finally {
            dir.toFile().setWritable(true, false);
        }
    }

    @Test
    void aFullFileSystemDuringARunIsRecordedAsWhatItWas() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("small"));
        Path run = dir.resolve("run");
        Path w = Cli.write(tmp, "w.yaml", WORKLOAD);
        int exit;
        String err;
        boolean mounted;
        try (Mount m = Mount.tmpfs(dir, "size=1m")) {
            mounted = m.mounted;
            // 300 000 events' records are several MB: the first trial fills 1 MiB, or meets a 2 MiB file-size limit
            CliProcess cli = mounted
                    ? CliProcess.start(tmp.resolve("cli"), "run", w.toString(), "--out", run.toString())
                    : CliProcess.startLimited(tmp.resolve("cli"), 2048, "run", w.toString(), "--out", run.toString());
            exit = cli.waitFor(300);
            err = cli.err();
            assertThat(CliProcess.runningFor(run))
                    .as("processes of the run still alive")
                    .isEmpty();
            JsonNode runJson =
                    new ObjectMapper().readTree(run.resolve("run.json").toFile());
            assertThat(exit).as(err).isEqualTo(1);
            assertThat(err).doesNotContain("internal error").doesNotContain("\tat ");
            assertThat(runJson.path("finished").asText()).isNotEmpty();
            JsonNode first = runJson.at("/trials/0");
            assertThat(first.get("status").asText()).isEqualTo("failed");
            try (Stream<Path> files = Files.walk(run)) {
                List<Path> tmpFiles = files.filter(f ->
                                f.toString().endsWith(".tmp") || f.toString().endsWith(".spill.parquet"))
                        .toList();
                assertThat(tmpFiles).as("unfinished writes left behind").isEmpty();
            }
            if (mounted) {
                assertThat(first.get("reason").asText()).contains("file system is full");
                assertThat(runJson.at("/trials/1/status").asText()).isEqualTo("not run");
                assertThat(runJson.at("/trials/2/status").asText()).isEqualTo("not run");
                assertThat(runJson.path("stopped").asText()).contains("file system was full after trial t001");
                assertThat(err.strip().lines().reduce((a, b) -> b).orElseThrow())
                        .as(err)
                        .startsWith("evperf: the file system of " + run + " is full: t001 failed (")
                        .endsWith(", 2 not run; run.json records it");
            } else {
                // a file too large is one trial's failure: every trial meets it, and each is recorded
                for (JsonNode t : runJson.get("trials")) {
                    assertThat(t.get("status").asText()).isEqualTo("failed");
                    assertThat(t.get("reason").asText()).as(t.toString()).isNotBlank();
                }
            }
            System.out.println("results dir faults: "
                    + (mounted ? "tmpfs of 1 MiB" : "RLIMIT_FSIZE 2 MiB (tmpfs could not be mounted)") + ": "
                    + first.get("reason").asText());
        }
    }

    /** A tmpfs mounted over a directory for one test, when this process may mount (root); unmounted on close. */
    static final class Mount implements AutoCloseable {
        final Path dir;
        final boolean mounted;

        private Mount(Path dir, boolean mounted) {
            this.dir = dir;
            this.mounted = mounted;
        }

        static Mount tmpfs(Path dir, String options) throws IOException, InterruptedException {
            // -Devperf.test.mount=false: the unprivileged checks (the file-size limit runs as root too)
            if (!Boolean.parseBoolean(System.getProperty("evperf.test.mount", "true"))) return new Mount(dir, false);
            Process p = new ProcessBuilder("mount", "-t", "tmpfs", "-o", options, "tmpfs", dir.toString())
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return new Mount(dir, p.waitFor() == 0);
        }

        @Override
        public void close() throws IOException, InterruptedException {
            if (!mounted) return;
            Process p = new ProcessBuilder("umount", dir.toString()).inheritIO().start();
            if (p.waitFor() != 0)
                new ProcessBuilder("umount", "-l", dir.toString())
                        .inheritIO()
                        .start()
                        .waitFor();
        }
    }
}
