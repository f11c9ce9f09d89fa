package dev.evperf.cli.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.core.trial.LiveLine;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The live page's figures, read from a trial directory as a trial writes it, and the server's bounds. */
class LiveFeedTest {
    @TempDir
    Path run;

    Path trial() throws Exception {
        Path t = Files.createDirectories(run.resolve("trials/t001"));
        Files.writeString(t.resolve("trial.json"), "{\"id\": \"t001\", \"label\": \"base rep=0\"}");
        return t;
    }

    static void append(Path file, String text) throws Exception {
        Files.writeString(file, text, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    }

    @Test
    void liveLinesWhileTheTrialRunsThenItsIntervals() throws Exception {
        Path t = trial();
        LiveFeed feed = new LiveFeed(run);
        String line1 = new LiveLine(0.25, 100, 400, 390, 3.5, 20.25, 0.5).format();
        append(
                t.resolve("stdout.txt"),
                "a line of the engine's\n" + line1 + "\n"
                        + new LiveLine(0.5, 200, 400, 410, 4, 30, 1)
                                .format()
                                .substring(0, 20)); // the second still being written
        append(
                t.resolve("sensors.csv"),
                "t_ns,sensor,value\n250000000,sensor://procfs/process/cpu_percent,55.5\n"
                        + "250000000,sensor://procfs/component/cpu_percent#kafka-broker,12\n"
                        + "250000000,sensor://procfs/system/load,3\n");
        JsonNode o = feed.trial("t001", 0, 0);
        assertThat(o.path("source").asText()).isEqualTo("live");
        assertThat(o.path("label").asText()).isEqualTo("base rep=0");
        assertThat(o.get("rows")).hasSize(1);
        assertThat(o.get("rows").get(0).toString()).isEqualTo("[null,0.25,400.0,390.0,0.5,3.5,20.3,null,null]");
        assertThat(o.get("samples").toString())
                .isEqualTo("[[\"cpu:trial JVM\",0.25,55.5],[\"cpu:kafka-broker\",0.25,12.0]]");
        // the rest of the second line arrives: from row 1 on, only it
        append(
                t.resolve("stdout.txt"),
                new LiveLine(0.5, 200, 400, 410, 4, 30, 1).format().substring(20) + "\n");
        o = feed.trial("t001", 1, 2);
        assertThat(o.get("rows")).hasSize(1);
        assertThat(o.get("rows").get(0).get(0).asDouble()).isEqualTo(0.25);
        assertThat(o.get("samples")).isEmpty();
        // the trial ended: intervals.csv's rows in place of the live ones
        Files.writeString(
                t.resolve("intervals.csv"),
                "t_start_s,phase,whole,target_rate,intended_rate,input_rate,"
                        + "output_rate,lag_max_ms,processing_p50_us,processing_p99_us,processing_max_us,end_to_end_p50_us,"
                        + "end_to_end_p99_us\n0.100,0,1,400,400,396.000,392.000,0.812,3.125,21.000,40.000,900.500,1200.000\n"
                        + "0.350,0,1,400,400,404.000,408.000,,,,,,\n");
        Files.writeString(t.resolve("result.json"), "{\"status\": \"ok\"}");
        JsonNode overview = feed.overview();
        assertThat(overview.at("/trials/0/state").asText()).isEqualTo("ok");
        assertThat(overview.at("/trials/0/source").asText()).isEqualTo("intervals.csv");
        o = feed.trial("t001", 0, 0);
        assertThat(o.get("rows").toString())
                .isEqualTo("[[0.1,0.35,396.0,392.0,0.812,3.125,21.0,900.5,1200.0],"
                        + "[0.35,0.6,404.0,408.0,null,null,null,null,null]]");
    }

    @Test
    void aTrialThatEndedWithoutIntervalsKeepsItsLiveRows() throws Exception {
        Path t = trial();
        append(t.resolve("stdout.txt"), new LiveLine(0.25, 100, 400, 390, 3.5, 20.25, 0.5).format() + "\n");
        Files.writeString(t.resolve("result.json"), "{\"status\": \"failed\"}");
        JsonNode o = new LiveFeed(run).trial("t001", 0, 0);
        assertThat(o.path("state").asText()).isEqualTo("failed");
        assertThat(o.path("source").asText()).isEqualTo("live");
        assertThat(o.get("rows")).hasSize(1);
    }

    @Test
    void onlyLoopbackAddressesAreTaken() {
        assertThat(LiveServer.port("0")).isZero();
        assertThat(LiveServer.port("127.0.0.1:8080")).isEqualTo(8080);
        assertThat(LiveServer.port("localhost:8081")).isEqualTo(8081);
        for (String bad : new String[] {"0.0.0.0:8080", "::1:80", "host:80", "65536", "-1", ""}) {
            assertThatThrownBy(() -> LiveServer.port(bad))
                    .as(bad)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("loopback only");
        }
    }

    @Test
    void theServerAdmitsAFewPagesAndStopsListeningWhenClosed() throws Exception {
        trial();
        HttpClient http = HttpClient.newHttpClient();
        String url;
        try (LiveServer server = LiveServer.start(0, run)) {
            url = server.url();
            assertThat(url).startsWith("http://127.0.0.1:");
            for (int p = 0; p < LiveServer.MAX_PAGES; p++)
                assertThat(get(http, url + "run.json?page=p" + p)).isEqualTo(200);
            assertThat(get(http, url + "run.json?page=another"))
                    .as("a page too many")
                    .isEqualTo(429);
            assertThat(get(http, url + "trial.json?id=t001&page=p0")).isEqualTo(200);
            assertThat(get(http, url + "trial.json?id=t999&page=p0")).isEqualTo(404);
            assertThat(get(http, url + "?page=p1")).isEqualTo(200);
            // the pages that polled must see the end before the server stops: they ask once more
            Thread asker = new Thread(() -> {
                try {
                    Thread.sleep(200);
                    for (int p = 0; p < LiveServer.MAX_PAGES; p++) get(http, url + "run.json?page=p" + p);
                } catch (Exception e) {
                    throw new RuntimeException(e);
                }
            });
            asker.start();
            server.close();
            asker.join();
        }
        assertThatThrownBy(() -> get(http, url + "run.json")).isInstanceOf(java.net.ConnectException.class);
    }

    static int get(HttpClient http, String url) throws Exception {
        return http.send(HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString())
                .statusCode();
    }
}
