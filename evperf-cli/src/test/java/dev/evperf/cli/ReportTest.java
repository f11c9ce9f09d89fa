package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code evperf report} end to end: a small real run (null engine, a sweep of two burst distances
 * and a JVM option that fails its trials), its report, and that report opened in headless
 * Chromium: no JavaScript error, every chart drawn. The screenshot is kept as
 * target/report-screenshot.png, the page as target/report-test.html.
 */
class ReportTest {
    @TempDir
    static Path tmp;
    static Path run;
    static Cli runCli;

    static final String WORKLOAD = """
            name: report-test
            description: the null engine in bursts, for the HTML report's test
            streams:
              S: {fields: {v: double}}
            engine: {name: "null", outputs: {out: {}}}
            load:
              phases:
                - {name: warmup, measure: false, bursts: {count: 3, size: 500, distance: 5ms}}
                - {name: measure, bursts: {count: 8, size: 500, distance: 5ms}}
            matrix:
              load.phases.measure.bursts.distance: [0ms, 5ms]
              jvm: [[], [-XX:+EvperfNoSuchOption]]
            measure: {sensors: {interval: 20ms}}
            """;

    @BeforeAll
    static void runTheWorkload() throws IOException {
        run = tmp.resolve("run");
        runCli = Cli.run("run", Cli.write(tmp, "report-test.yaml", WORKLOAD).toString(), "--out", run.toString());
    }

    private static String[] report(Path runDir, Path html) {
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = ReportCommand.run(runDir, html, new PrintStream(err, true, StandardCharsets.UTF_8));
        return new String[] {Integer.toString(code), err.toString(StandardCharsets.UTF_8)};
    }

    @Test
    void theReportOfARealRunOpensInChromiumWithEveryChartDrawnAndNoError() throws Exception {
        // the run: two ok trials (distance 0 and 5 ms) and two whose JVM refuses its option
        assertThat(runCli.exit).as(runCli.toString()).isEqualTo(1);
        JsonNode trials = new ObjectMapper().readTree(run.resolve("run.json").toFile()).get("trials");
        assertThat(trials).hasSize(4);
        List<String> statuses = new ArrayList<>();
        trials.forEach(t -> statuses.add(t.get("status").asText()));
        assertThat(statuses).containsExactlyInAnyOrder("ok", "ok", "failed", "failed");

        Path html = tmp.resolve("report.html");
        String[] r = report(run, html);
        assertThat(r[0]).as(r[1]).isEqualTo("0");
        assertThat(r[1].strip().lines()).hasSize(1);
        assertThat(r[1]).contains("report of 4 trials (2 failed, listed with their reasons) written to " + html);
        String page = Files.readString(html);
        assertThat(page.length()).isLessThan(1_500_000);
        assertThat(page).contains("EvperfNoSuchOption");
        Path target = Path.of("target");
        Files.createDirectories(target);
        Files.copy(html, target.resolve("report-test.html"), StandardCopyOption.REPLACE_EXISTING);

        String chromium = chromium();
        Assumptions.assumeTrue(chromium != null, "chromium is not installed (Debian package 'chromium'; .ci/run installs it)");
        Path profile = Files.createDirectories(tmp.resolve("chromium-profile"));
        Chromium dom = Chromium.run(chromium, profile, tmp.resolve("dom"), "--dump-dom", html.toUri().toString());
        assertThat(dom.exit).as(dom.stderr).isZero();
        Map<String, String> body = bodyData(dom.stdout);
        assertThat(body).as("the <body> of the dumped DOM").containsEntry("data-ready", "yes");
        assertThat(body.get("data-errors")).as("JavaScript errors: " + consoleLines(dom.stderr)).isEqualTo("0");
        int charts = Integer.parseInt(body.get("data-charts"));
        assertThat(body.get("data-charts-expected")).isEqualTo(Integer.toString(charts));
        assertThat(body.get("data-canvases")).as("a canvas per chart").isEqualTo(Integer.toString(charts));
        // 2 trials × (latency, rate, 3 percentiles over time, timeline, burst histogram, CDF, 2 event histograms,
        // 2 per-position, head-tail, 3 sensors) + across trials (sweep, its metric, every trial, JVM side by side)
        assertThat(charts).isGreaterThanOrEqualTo(2 * 15 + 4);
        assertThat(consoleLines(dom.stderr)).as("console messages").isEmpty();
        assertThat(dom.stdout).as("the page's error banner stays hidden").contains("<div id=\"js-errors\" class=\"js-errors\" hidden=\"\"></div>");

        Path png = target.resolve("report-screenshot.png");
        Files.deleteIfExists(png);
        Chromium shot = Chromium.run(chromium, profile, tmp.resolve("shot"), "--hide-scrollbars", "--window-size=1400,3000",
                "--screenshot=" + png.toAbsolutePath(), html.toUri().toString());
        assertThat(shot.exit).as(shot.stderr).isZero();
        assertThat(png).exists();
        assertThat(Files.size(png)).isGreaterThan(50_000);
    }

    @Test
    void theCommandLineWritesNextToTheRunByDefault() throws Exception {
        Path copy = tmp.resolve("copy");
        copyTree(run, copy);
        int code = new CommandLine(new ReportCommand()).execute(copy.toString());
        assertThat(code).isZero();
        assertThat(copy.resolve("report.html")).exists();
        Path other = tmp.resolve("elsewhere/r.html");
        assertThat(new CommandLine(new ReportCommand()).execute(copy.toString(), "-o", other.toString())).isZero();
        assertThat(other).exists();
    }

    @Test
    void badInputGetsOneLineAndExitCode2() throws Exception {
        Path empty = Files.createDirectories(tmp.resolve("empty"));
        String[] r = report(empty, null);
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[1]).isEqualTo("evperf: not a run directory: " + empty
                + " has no run.json (expected a directory written by 'evperf run', holding run.json and trials/)" + System.lineSeparator());

        r = report(tmp.resolve("missing"), null);
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[1].strip()).startsWith("evperf: not a run directory: ").endsWith("(expected a directory written by 'evperf run', holding run.json and trials/)");
        assertThat(r[1].strip().lines()).hasSize(1);

        Path older = tmp.resolve("older");
        copyTree(run, older);
        Path runJson = older.resolve("run.json");
        Files.writeString(runJson, Files.readString(runJson).replace("\"evperf-run/1\"", "\"evperf-run/0\""));
        r = report(older, null);
        assertThat(r[0]).isEqualTo("2");
        assertThat(r[1].strip().lines()).hasSize(1);
        assertThat(r[1]).startsWith("evperf: " + runJson + ": results format \"evperf-run/0\" is not the one this evperf reports");
        assertThat(older.resolve("report.html")).doesNotExist();
    }

    // ---- headless Chromium -----------------------------------------------------------------------

    /** The Chromium binary: $CHROMIUM, else chromium or chromium-browser on the PATH; null when absent. */
    static String chromium() {
        String env = System.getenv("CHROMIUM");
        if (env != null && new File(env).canExecute()) return env;
        for (String dir : System.getenv().getOrDefault("PATH", "/usr/bin").split(File.pathSeparator)) {
            for (String name : new String[] {"chromium", "chromium-browser"}) {
                File f = new File(dir, name);
                if (f.canExecute()) return f.getAbsolutePath();
            }
        }
        return null;
    }

    /** One Chromium run (a plain class: Siddhi's ClassIndex annotation processor rejects records). */
    static final class Chromium {
        final int exit;
        final String stdout;
        final String stderr;

        Chromium(int exit, String stdout, String stderr) {
            this.exit = exit;
            this.stdout = stdout;
            this.stderr = stderr;
        }

        static Chromium run(String binary, Path profile, Path logs, String... args) throws IOException, InterruptedException {
            List<String> cmd = new ArrayList<>(List.of(binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync",
                    "--user-data-dir=" + profile, "--enable-logging=stderr", "--v=0"));
            cmd.addAll(List.of(args));
            Files.createDirectories(logs);
            Path out = logs.resolve("stdout.txt"), err = logs.resolve("stderr.txt");
            Process p = new ProcessBuilder(cmd).redirectOutput(out.toFile()).redirectError(err.toFile()).start();
            if (!p.waitFor(180, TimeUnit.SECONDS)) {
                p.destroyForcibly();
                throw new AssertionError("chromium did not finish in 180 s: " + cmd);
            }
            return new Chromium(p.exitValue(), Files.readString(out), Files.readString(err));
        }
    }

    /** The data-* attributes of the dumped DOM's body. */
    static Map<String, String> bodyData(String dom) {
        Map<String, String> out = new TreeMap<>();
        Matcher body = Pattern.compile("<body([^>]*)>").matcher(dom);
        if (!body.find()) return out;
        Matcher a = Pattern.compile("(data-[a-z-]+)=\"([^\"]*)\"").matcher(body.group(1));
        while (a.find()) out.put(a.group(1), a.group(2));
        return out;
    }

    /** The page's console messages (Chromium logs them as INFO:CONSOLE lines with --enable-logging). */
    static List<String> consoleLines(String stderr) {
        return stderr.lines().filter(l -> l.contains(":CONSOLE")).toList();
    }

    static void copyTree(Path from, Path to) throws IOException {
        try (var s = Files.walk(from)) {
            for (Path p : (Iterable<Path>) s::iterator) {
                Path d = to.resolve(from.relativize(p).toString());
                if (Files.isDirectory(p)) Files.createDirectories(d);
                else Files.copy(p, d, StandardCopyOption.REPLACE_EXISTING);
            }
        }
    }
}
