package dev.evperf.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;

/**
 * Headless Chromium for the HTML pages' tests (report, compare): one run of the browser, and the
 * checks every page must pass. A plain class: Siddhi's ClassIndex annotation processor rejects
 * records.
 */
final class Chromium {
    final int exit;
    final String stdout;
    final String stderr;

    private Chromium(int exit, String stdout, String stderr) {
        this.exit = exit;
        this.stdout = stdout;
        this.stderr = stderr;
    }

    /** The Chromium binary: $CHROMIUM, else chromium or chromium-browser on the PATH; null when absent. */
    static String binary() {
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

    /** Skips the calling test when Chromium is absent. @return the binary */
    static String required() {
        String chromium = binary();
        Assumptions.assumeTrue(
                chromium != null, "chromium is not installed (Debian package 'chromium'; .ci/run installs it)");
        return chromium;
    }

    static Chromium run(String binary, Path profile, Path logs, String... args)
            throws IOException, InterruptedException {
        List<String> cmd = new ArrayList<>(List.of(
                binary,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--user-data-dir=" + profile,
                "--enable-logging=stderr",
                "--v=0"));
        cmd.addAll(List.of(args));
        Files.createDirectories(logs);
        Path out = logs.resolve("stdout.txt"), err = logs.resolve("stderr.txt");
        Process p = new ProcessBuilder(cmd)
                .redirectOutput(out.toFile())
                .redirectError(err.toFile())
                .start();
        if (!p.waitFor(180, TimeUnit.SECONDS)) {
            p.destroyForcibly();
            throw new AssertionError("chromium did not finish in 180 s: " + cmd);
        }
        return new Chromium(p.exitValue(), Files.readString(out), Files.readString(err));
    }

    /**
     * Opens the page and checks what its script reports on {@code <body>}: ready, no JavaScript
     * error or console message, every chart it set out to draw drawn on its canvas.
     *
     * @param work a directory for the browser's profile and logs
     * @return the dumped DOM
     */
    static String openWithEveryChartDrawn(String binary, Path html, Path work)
            throws IOException, InterruptedException {
        Chromium dom = run(
                binary,
                Files.createDirectories(work.resolve("profile")),
                work.resolve("dom"),
                "--dump-dom",
                html.toUri().toString());
        assertThat(dom.exit).as(dom.stderr).isZero();
        Map<String, String> body = bodyData(dom.stdout);
        assertThat(body).as("the <body> of the dumped DOM").containsEntry("data-ready", "yes");
        assertThat(body.get("data-errors"))
                .as("JavaScript errors: " + consoleLines(dom.stderr))
                .isEqualTo("0");
        String charts = body.get("data-charts");
        assertThat(body.get("data-charts-expected")).isEqualTo(charts);
        assertThat(body.get("data-canvases")).as("a canvas per chart").isEqualTo(charts);
        assertThat(consoleLines(dom.stderr)).as("console messages").isEmpty();
        assertThat(dom.stdout)
                .as("the page's error banner stays hidden")
                .contains("<div id=\"js-errors\" class=\"js-errors\" hidden=\"\"></div>");
        return dom.stdout;
    }

    /** A screenshot of the page, kept at {@code png} for a person to look at. */
    static void screenshot(String binary, Path html, Path png, int height, Path work)
            throws IOException, InterruptedException {
        Files.deleteIfExists(png);
        Chromium shot = run(
                binary,
                Files.createDirectories(work.resolve("profile")),
                work.resolve("shot"),
                "--hide-scrollbars",
                "--window-size=1400," + height,
                "--screenshot=" + png.toAbsolutePath(),
                html.toUri().toString());
        assertThat(shot.exit).as(shot.stderr).isZero();
        assertThat(png).exists();
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
}
