package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The "nothing left running" check the fault tests rely on must see a live process that names the directory. */
class CliProcessTest {
    @TempDir
    Path dir;

    @Test
    void runningForSeesALiveProcessNamingTheDirectoryAndNotAnEndedOne() throws Exception {
        // a process with a long command line, as a trial JVM has (its class path). bash waiting in its builtin
        // read forks nothing, so no child shares the command line for a moment (sh running sleep forked first,
        // and was seen twice once).
        String padding = "x".repeat(20_000);
        Process p = new ProcessBuilder(
                        "bash",
                        "-c",
                        "read -t 60",
                        "bash",
                        padding,
                        dir.toAbsolutePath().toString())
                .start();
        try {
            assertThat(CliProcess.runningFor(dir))
                    .extracting(ProcessHandle::pid)
                    .containsExactly(p.pid());
        } finally {
            p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
        assertThat(CliProcess.runningFor(dir)).isEmpty();
    }
}
