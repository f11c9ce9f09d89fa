package dev.evperf.core.trial;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.results.Layout;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import jdk.jfr.Recording;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real JVM recording with JFR, as a trial does, ended normally and by SIGKILL: what is left in the trial's directory. */
class JfrRepositoryTest {
    @TempDir
    Path tmp;

    /** Records to disk, says so, then ends or waits to be killed ({@code wait}). */
    public static final class Child {
        public static void main(String[] args) throws Exception {
            try (Recording r = new Recording()) {
                r.enable("jdk.GCPhasePause").withoutThreshold();
                r.setToDisk(true);
                r.start();
                System.gc();
                System.out.println("recording");
                System.out.flush();
                if (args.length > 0 && args[0].equals("wait")) Thread.sleep(TimeUnit.MINUTES.toMillis(5));
                r.stop();
            }
        }
    }

    private static Process child(Path trialDir, String how) throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java,
                        JfrRepository.option(trialDir),
                        "-cp",
                        System.getProperty("java.class.path"),
                        Child.class.getName(),
                        how)
                .redirectError(ProcessBuilder.Redirect.DISCARD)
                .start();
        // The recording has begun when the child says so (its chunk file is made when it starts).
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            assertThat(out.readLine()).isEqualTo("recording");
        }
        return p;
    }

    private static List<Path> chunks(Path trialDir) throws Exception {
        try (Stream<Path> s = Files.walk(trialDir)) {
            return s.filter(f -> f.toString().endsWith(".jfr")).toList();
        }
    }

    @Test
    void aKilledJvmsChunksStayInTheTrialsDirectory() throws Exception {
        Path trial = tmp.resolve("t001");
        Files.createDirectories(trial);
        Process p = child(trial, "wait");
        assertThat(chunks(trial))
                .as("the chunk is in the trial's directory while the JVM records")
                .hasSize(1);
        p.destroyForcibly();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(JfrRepository.settle(trial)).as("kept").isTrue();
        assertThat(chunks(trial)).hasSize(1);
        assertThat(chunks(trial).get(0)).startsWith(trial.resolve(Layout.JFR_REPOSITORY));
    }

    @Test
    void aJvmThatEndsNormallyLeavesNothing() throws Exception {
        Path trial = tmp.resolve("t002");
        Files.createDirectories(trial);
        Process p = child(trial, "end");
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).isZero();
        assertThat(trial.resolve(Layout.JFR_REPOSITORY)).as("made by the JVM").isDirectory();
        assertThat(JfrRepository.settle(trial)).as("nothing kept").isFalse();
        assertThat(trial.resolve(Layout.JFR_REPOSITORY)).doesNotExist();
        assertThat(JfrRepository.settle(trial)).as("no repository at all").isFalse();
    }
}
