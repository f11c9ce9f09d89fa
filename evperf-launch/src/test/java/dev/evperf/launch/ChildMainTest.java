package dev.evperf.launch;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class ChildMainTest {
    /** A component that would run for ever. */
    public static final class Forever {
        public static void main(String[] args) throws InterruptedException {
            System.out.println("forever " + String.join(",", args));
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
        }
    }

    @Test
    void aChildEndsWhenItsStdinCloses() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process p = new ProcessBuilder(
                        java,
                        "-Xmx64m",
                        "-cp",
                        System.getProperty("java.class.path"),
                        ChildMain.class.getName(),
                        Forever.class.getName(),
                        "a",
                        "b")
                .redirectErrorStream(true)
                .start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream()))) {
            Map<String, String> started = Ready.parse(out.readLine());
            assertThat(started).containsEntry("event", "started").containsKey("jvm_ms");
            assertThat(out.readLine()).isEqualTo("forever a,b"); // the arguments reach the component's main
            p.getOutputStream().close(); // what the kernel does when the starter dies
            assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
            assertThat(p.exitValue()).isEqualTo(ChildMain.PARENT_GONE);
            assertThat(out.readLine()).contains("stdin closed");
        } finally {
            p.destroyForcibly();
        }
    }

    @Test
    void readyLinesRoundTrip() {
        assertThat(Ready.parse("evperf-ready up rest=127.0.0.1:8081 cluster_ms=12.5"))
                .containsExactly(
                        Map.entry("event", "up"), Map.entry("rest", "127.0.0.1:8081"), Map.entry("cluster_ms", "12.5"));
        assertThat(Ready.parse("[main] INFO something else")).isNull();
    }
}
