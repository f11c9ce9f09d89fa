package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.evperf.results.Intervals;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code evperf run --serve}: the live page, open in headless Chromium during a real Kafka trial on a
 * broker the run starts. The page's figures change while the trial runs, show the CPU of the trial
 * JVM and the broker, end as the trial's intervals.csv, and nothing listens once the run is over.
 */
class LiveServeTest {
    static final ObjectMapper JSON = new ObjectMapper();
    static final Pattern URL = Pattern.compile("live page at (http://127\\.0\\.0\\.1:(\\d+)/)");
    /** What the page shows, as the test reads it: its state, its tiles and every row of every trial's table. */
    static final String SHOWN =
            """
            !document.body || document.body.dataset.ready !== 'yes' ? '{"tables": [], "tiles": []}' : JSON.stringify({
              ready: document.body.dataset.ready, ended: document.body.dataset.ended,
              errors: document.body.dataset.errors, trial: document.body.dataset.trial,
              tiles: Array.from(document.querySelectorAll('#now div')).map(d => [d.dataset.key, d.querySelector('b').textContent]),
              tables: Array.from(document.querySelectorAll('table.rows')).map(t => ({
                trial: t.dataset.trial, source: t.dataset.source,
                rows: Array.from(t.tBodies[0].rows).map(r => [r.dataset.t].concat(Array.from(r.cells).slice(1).map(c => c.dataset.v)))
              }))
            })""";

    @TempDir
    Path tmp;

    @Test
    void thePageFollowsAKafkaTrialLiveAndEndsWithItsIntervals() throws Exception {
        String chromium = Chromium.required();
        // Long enough at a low rate that the page polls many times while the trial runs, at little CPU.
        Path w = Cli.write(
                tmp,
                "w.yaml",
                KafkaEnginesRunTest.baselineOnItsOwnBroker("- {name: m, constant: {rate: 500, duration: 20s}}"));
        Path out = tmp.resolve("run");
        CliProcess run = CliProcess.start(tmp.resolve("cli"), "run", w.toString(), "--out", out.toString(), "--serve");
        try {
            String url = awaitUrl(run);
            try (DevTools page = DevTools.open(chromium, url, tmp.resolve("chromium"))) {
                // While the trial runs: two readings of the page, its live rows grown in between and its figures
                // changed.
                JsonNode a = await(page, run, s -> live(s) && rows(s) >= 2, "two live rows of t001");
                JsonNode b = await(page, run, s -> live(s) && rows(s) >= rows(a) + 2, "two more live rows");
                assertThat(b.get("tiles")).as("the latest figures shown").isNotEqualTo(a.get("tiles"));
                page.screenshot(Path.of("target/live-page.png")); // for a person to look at
                assertThat(keys(b))
                        .contains(
                                "input_rate",
                                "output_rate",
                                "lag_ms",
                                "p50",
                                "p99",
                                "cpu:trial JVM",
                                "cpu:kafka-broker",
                                "consumer lag");
                assertThat(run.waitFor(300)).as(run.err()).isZero();
                // The run has ended: the page was told before the server stopped, and shows intervals.csv's figures.
                JsonNode end =
                        await(page, run, s -> "yes".equals(s.path("ended").asText()), "the run's end");
                assertThat(end.path("errors").asText()).isEqualTo("0");
                assertMatchesIntervals(end.get("tables").get(0), out.resolve("trials/t001"));
                int port = Integer.parseInt(urlMatch(run.err()).group(2));
                assertThatThrownBy(() -> HttpClient.newHttpClient()
                                .send(
                                        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/run.json"))
                                                .build(),
                                        HttpResponse.BodyHandlers.ofString()))
                        .as("nothing listens on the page's port after the run")
                        .isInstanceOf(ConnectException.class);
            }
        } finally {
            run.waitFor(0);
        }
        assertThat(CliProcess.runningFor(out))
                .as("nothing of the run left running")
                .isEmpty();
    }

    /** Each row of the page's final table equals intervals.csv's: the same start and the same figures. */
    static void assertMatchesIntervals(JsonNode table, Path trial) {
        assertThat(table.path("trial").asText()).isEqualTo("t001");
        assertThat(table.path("source").asText()).isEqualTo("intervals.csv");
        Intervals in = Intervals.read(trial);
        String[] cols = {
            "input_rate",
            "output_rate",
            "lag_max_ms",
            "processing_p50_us",
            "processing_p99_us",
            "end_to_end_p50_us",
            "end_to_end_p99_us"
        };
        JsonNode rows = table.get("rows");
        assertThat(rows.size()).isEqualTo(in.size()).isGreaterThan(40);
        for (int i = 0; i < in.size(); i++) {
            List<Double> expected = new ArrayList<>(), shown = new ArrayList<>();
            expected.add(in.number(i, in.required("t_start_s")));
            for (String c : cols) expected.add(in.number(i, in.required(c)));
            for (JsonNode v : rows.get(i))
                shown.add(v.asText().isEmpty() ? Double.NaN : Double.parseDouble(v.asText()));
            assertThat(shown).as("row %d", i).isEqualTo(expected);
        }
    }

    static boolean live(JsonNode s) {
        return s.path("tables").size() == 1
                && "live".equals(s.path("tables").get(0).path("source").asText());
    }

    static int rows(JsonNode s) {
        return s.path("tables").size() == 0
                ? 0
                : s.path("tables").get(0).get("rows").size();
    }

    static List<String> keys(JsonNode s) {
        List<String> k = new ArrayList<>();
        s.get("tiles").forEach(t -> k.add(t.get(0).asText()));
        return k;
    }

    /** The page's state once {@code until} holds; fails when the run ended first (a trial too short to watch). */
    static JsonNode await(DevTools page, CliProcess run, Predicate<JsonNode> until, String what) throws Exception {
        boolean ended = false;
        while (true) {
            JsonNode s = JSON.readTree(page.evaluate(SHOWN).asText());
            if (until.test(s)) return s;
            // once the run is over the page changes no more: one more reading after it ended, then give up
            if (ended) throw new AssertionError("the page never showed " + what + ": " + s + "\n" + run.err());
            ended = !run.process.isAlive();
            Thread.sleep(250);
        }
    }

    static String awaitUrl(CliProcess run) throws Exception {
        while (true) {
            Matcher m = urlMatch(run.err());
            if (m != null) return m.group(1);
            if (!run.process.isAlive()) throw new AssertionError("no live page announced: " + run.err());
            run.process.waitFor(100, TimeUnit.MILLISECONDS);
        }
    }

    static Matcher urlMatch(String err) {
        Matcher m = URL.matcher(err);
        return m.find() ? m : null;
    }

    @Test
    void anAddressOtherThanLoopbackIsBadInput() throws Exception {
        Path w = Cli.write(
                tmp,
                "w.yaml",
                Cli.nullEngine("x", "0us", "  phases:\n    - {name: m, constant: {rate: 100, duration: 1s}}"));
        for (String spec : new String[] {"0.0.0.0:8080", "192.168.1.2:80", "127.0.0.1:70000"}) {
            Cli r = Cli.run("run", w.toString(), "--out", tmp.resolve("r").toString(), "--serve", spec);
            assertThat(r.exit).as(r.toString()).isEqualTo(2);
            assertThat(r.err.strip().lines())
                    .as(r.toString())
                    .containsExactly(
                            "evperf: --serve " + spec
                                    + ": the live page listens on loopback only; expected PORT or 127.0.0.1:PORT (0 for any free port)");
            assertThat(tmp.resolve("r")).as("nothing ran").doesNotExist();
        }
        // --serve before the workload takes no port from it; --serve=PORT and --serve PORT are read as ports
        for (List<String> args : List.of(
                List.of("run", "--serve", w.toString(), "--dry-run"),
                List.of("run", "--serve=8080", w.toString(), "--dry-run"),
                List.of("run", w.toString(), "--serve", "127.0.0.1:8080", "--dry-run"))) {
            Cli r = Cli.run(args.toArray(String[]::new));
            assertThat(r.exit).as(args + ": " + r).isZero();
        }
        try (java.net.ServerSocket taken = new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            String port = Integer.toString(taken.getLocalPort());
            Cli r = Cli.run("run", w.toString(), "--out", tmp.resolve("r").toString(), "--serve", port);
            assertThat(r.exit).as(r.toString()).isEqualTo(2);
            assertThat(r.err.strip().lines())
                    .as(r.toString())
                    .singleElement()
                    .asString()
                    .startsWith("evperf: --serve " + port + ": cannot listen on 127.0.0.1:" + port);
            assertThat(tmp.resolve("r")).as("nothing ran").doesNotExist();
        }
    }
}
