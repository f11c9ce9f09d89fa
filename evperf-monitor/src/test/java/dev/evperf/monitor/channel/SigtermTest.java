package dev.evperf.monitor.channel;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SIGTERM mid-run loses nothing: a child JVM logs ids 0, 1, 2, ... on a buffered zstd channel; the
 * parent reads the last id the child reported logged, sends SIGTERM ({@code Process.destroy()} on
 * Linux), and finds in the channel file exactly the ids 0..k-1, with k beyond that report.
 */
class SigtermTest {
    @TempDir
    Path dir;

    @Test
    void sigtermFlushesEveryRecordLoggedBeforeIt() throws Exception {
        Path side = dir.resolve("reported.txt");
        Path out = dir.resolve("child.out");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java,
                        "-Xmx512m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        SigtermChild.class.getName(),
                        dir.toString(),
                        side.toString())
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        try {
            // Wait until the child logs (JVM start-up, class loading), then let it run ~1 s.
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
            while (lastReported(side) < 0) {
                assertThat(p.isAlive()).as("child alive; output: %s", read(out)).isTrue();
                assertThat(System.nanoTime() - deadline)
                        .as("child started logging")
                        .isNegative();
                Thread.sleep(20);
            }
            Thread.sleep(1000);
            long reported = lastReported(side); // logged before the signal: the child wrote it, we read it
            p.destroy(); // SIGTERM
            assertThat(p.waitFor(60, TimeUnit.SECONDS))
                    .as("child exits after SIGTERM")
                    .isTrue();
            assertThat(p.exitValue())
                    .as("exit status of a JVM ended by SIGTERM; output: %s", read(out))
                    .isEqualTo(143);
            assertThat(reported).isGreaterThan(0);

            long[] expected = {0};
            ChannelFile.Summary s = ChannelFile.scan(dir.resolve("trace.bin.zst"), (t, id, v) -> {
                if (id != expected[0] || v != id) {
                    throw new AssertionError("record " + expected[0] + " has id " + id + ", value " + v);
                }
                expected[0]++;
            });
            long k = s.records();
            assertThat(s.complete())
                    .as("the shutdown hook wrote the file's end")
                    .isTrue();
            assertThat(expected[0]).isEqualTo(k); // ids 0..k-1, no gap, no duplicate
            assertThat(k)
                    .as("records in the file vs the last id reported before SIGTERM")
                    .isGreaterThan(reported);
            System.out.printf(
                    "SIGTERM test: child reported id %d before the signal; file holds ids 0..%d (%d records)%n",
                    reported, k - 1, k);
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void aNormalExitWithoutCloseFlushesEverything() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Path out = dir.resolve("child.out");
        Process p = new ProcessBuilder(
                        java,
                        "-Xmx256m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        SigtermChild.class.getName(),
                        dir.toString(),
                        dir.resolve("side.txt").toString(),
                        "1234567")
                .redirectErrorStream(true)
                .redirectOutput(out.toFile())
                .start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as("output: %s", read(out)).isZero();
        ChannelFile f = ChannelFile.read(dir.resolve("trace.bin.zst"));
        assertThat(f.complete()).isTrue();
        assertThat(f.size()).isEqualTo(1_234_567);
        for (int i = 0; i < f.size(); i += 1000) {
            assertThat(f.id(i)).isEqualTo(i);
        }
        assertThat(f.id(1_234_566)).isEqualTo(1_234_566);
    }

    private static long lastReported(Path side) throws Exception {
        if (!Files.exists(side)) {
            return -1;
        }
        List<String> lines = Files.readAllLines(side, StandardCharsets.US_ASCII);
        for (int i = lines.size() - 1; i >= 0; i--) {
            String l = lines.get(i).trim();
            // a line the child is still writing has no newline yet and may be cut: only whole lines count
            if (!l.isEmpty() && (i < lines.size() - 1 || endsWithNewline(side))) {
                return Long.parseLong(l);
            }
        }
        return -1;
    }

    private static boolean endsWithNewline(Path f) throws Exception {
        byte[] b = Files.readAllBytes(f);
        return b.length > 0 && b[b.length - 1] == '\n';
    }

    private static String read(Path f) {
        try {
            return Files.exists(f) ? Files.readString(f) : "";
        } catch (Exception e) {
            return e.toString();
        }
    }
}
