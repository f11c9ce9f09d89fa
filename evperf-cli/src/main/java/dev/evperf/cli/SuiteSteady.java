package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.api.config.Dur;
import dev.evperf.core.trial.SpecCheck;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.results.LatencyMode;
import dev.evperf.results.Layout;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The thesis's method at one point, after {@code evperf suite --sustain} found the point's
 * sustainable rate: a warm-up ramp to that rate (not measured), then a steady phase at it, in at
 * least two runs, each a fresh trial JVM validated like every trial. One {@code evperf run} per point
 * and engine, in {@code sustain/<test>-<value>-<engine>-steady/}; its figures are each run's
 * achieved rate and scheduled latency (intended send time to receipt: at a constant rate, falling
 * behind shows as a growing latency).
 */
final class SuiteSteady {
    private SuiteSteady() {}

    /** The steady trials' size, added to the sustain settings (quick: seconds; full: the thesis's 1 min + 10 min). */
    static void settings(ObjectNode sustain, boolean quick, Integer runs) {
        sustain.put("steady_runs", runs != null ? runs : 2);
        sustain.put("steady_ramp", quick ? "1s" : "60s");
        sustain.put("steady_duration", quick ? "3s" : "600s");
    }

    static String key(String searchKey) {
        return searchKey + "-steady";
    }

    /**
     * Runs the steady trials of one point at the rate its search found (nothing when it found none, or
     * when the user asked for the search only: {@code --steady-runs 0}).
     * @return 1 when they could not be run at all (bad input, a crash), else 0
     */
    static int run(Main main, ObjectNode probeBase, JsonNode s, Path sustainDir, String searchKey) throws Exception {
        JsonNode search = readSustain(sustainDir.resolve(searchKey));
        double rate =
                search == null ? Double.NaN : search.path("sustainable_rate").asDouble(Double.NaN);
        if (!(rate > 0) || s.path("steady_runs").asInt() == 0) return 0;
        Dur ramp = Dur.parse(s.path("steady_ramp").asText());
        Dur steady = Dur.parse(s.path("steady_duration").asText());
        // a neutral query's events are made before the trial: stay within the searches' event budget
        double events = rate * (ramp.seconds() / 2 + steady.seconds());
        double shrink = Math.min(1, s.path("max_events").asDouble() / events);
        ObjectNode w = probeBase.deepCopy();
        w.put("repetitions", s.path("steady_runs").asInt());
        ArrayNode phases = w.withObject("/load").putArray("phases");
        ObjectNode r = phases.addObject().put("name", "ramp").put("measure", false);
        r.putObject("ramp")
                .put("from", 0)
                .put("to", rate)
                .put("duration", Dur.ofNanos(Math.round(ramp.nanos() * shrink)).text());
        phases.addObject()
                .put("name", "steady")
                .putObject("constant")
                .put("rate", rate)
                .put(
                        "duration",
                        Dur.ofNanos(Math.round(steady.nanos() * shrink)).text());
        String key = key(searchKey);
        Path file = sustainDir.resolve(key + ".yaml");
        Files.writeString(file, WorkloadLoader.YAML.writeValueAsString(w));
        main.err.printf(
                Locale.ROOT, "evperf: suite: steady state of %s at %.1f ev/s (evperf run %s)%n", searchKey, rate, file);
        int exit = Main.execute(
                main.err,
                main.err,
                "run",
                file.toString(),
                "--out",
                sustainDir.resolve(key).toString());
        SuiteSustain.stopOnSignal(exit, "the steady run " + key, sustainDir.getParent());
        // 1 is a run whose trials ran with a failure or wrong outputs: the rows say which
        if (exit > 1) {
            Files.writeString(
                    sustainDir.resolve(key + ".failed"),
                    "evperf run " + file + " exited with " + exit + " (its message is in the suite's log)\n");
            return 1;
        }
        return 0;
    }

    /** The search's verdict, run.json's {@code sustain} (read by {@link RunDir#open}); null when it wrote none. */
    private static JsonNode readSustain(Path searchDir) {
        return Files.exists(searchDir.resolve(Layout.RUN_JSON))
                ? RunDir.open(searchDir).run().sustain()
                : null;
    }

    static final List<String> HEADERS = List.of(
            "test",
            "point",
            "engine",
            "rate ev/s",
            "run",
            "status",
            "achieved ev/s",
            "p50 ms",
            "p99 ms",
            "max ms",
            "validation",
            "trial");

    /**
     * One row per steady run of every point and engine searched, from each steady run's run.json.
     * @return null when the suite searched nothing
     */
    static ObjectNode section(Path suiteDir, JsonNode definition) {
        JsonNode s = definition.path("sustain");
        if (!s.isObject()) return null;
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode test : definition.path("tests")) {
            for (JsonNode point : test.path("points")) {
                for (JsonNode e : definition.path("engines")) {
                    String search = SuiteSustain.key(
                            test.path("name").asText(), point.path("value").asText(), e.asText());
                    Path dir = suiteDir.resolve(SuiteSustain.DIR).resolve(key(search));
                    List<String> head = List.of(
                            test.path("name").asText(), point.path("value").asText(), e.asText());
                    Path failed = suiteDir.resolve(SuiteSustain.DIR).resolve(key(search) + ".failed");
                    if (!Files.exists(dir.resolve(Layout.RUN_JSON))) {
                        if (Files.exists(failed)) rows.add(failedRow(head, suiteDir, dir, failed));
                        continue;
                    }
                    RunFile run = RunDir.open(dir).run();
                    double rate;
                    try {
                        JsonNode found =
                                readSustain(suiteDir.resolve(SuiteSustain.DIR).resolve(search));
                        rate = found == null
                                ? Double.NaN
                                : found.path("sustainable_rate").asDouble(Double.NaN);
                    } catch (IllegalArgumentException x) {
                        rate = Double.NaN;
                    }
                    for (RunFile.Trial t : run.trials()) rows.add(row(head, rate, suiteDir, dir, t));
                }
            }
        }
        return SuiteReport.section(
                "Steady state at the sustainable rate",
                String.format(
                        Locale.ROOT,
                        "The thesis's method at each point the search sustained: a %s ramp from 0 to the best"
                                + " sustained rate (not measured), then %s at that rate, %d run(s), each a fresh trial"
                                + " JVM (shortened to stay within %s events). Latency is scheduled (intended send time"
                                + " to receipt): an engine falling behind shows as growing latency. Each run validated"
                                + " against the reference model.",
                        s.path("steady_ramp").asText(),
                        s.path("steady_duration").asText(),
                        s.path("steady_runs").asInt(),
                        s.path("max_events").asText()),
                HEADERS,
                rows,
                List.of(0, 1, 2, 5, 10, 11));
    }

    private static List<String> row(List<String> head, double rate, Path suiteDir, Path dir, RunFile.Trial t) {
        List<String> c = new ArrayList<>(head);
        c.add(SuiteReport.num(rate));
        c.add(Integer.toString(t.repetition() == null ? 1 : t.repetition() + 1));
        JsonNode v = t.validation();
        boolean invalid = v != null && v.path("verdict").asText().equals("invalid");
        c.add(!t.ok() ? t.status() : invalid ? "INVALID" : "ok");
        JsonNode sum = t.summary();
        JsonNode lat = sum == null ? null : sum.path("latency").path(LatencyMode.SCHEDULED.text());
        c.add(sum == null ? "–" : SuiteReport.num(sum.path("achieved_rate").asDouble(Double.NaN)));
        for (String k : List.of("p50_us", "p99_us", "max_us"))
            c.add(lat == null ? "–" : SuiteReport.num(lat.path(k).asDouble(Double.NaN) / 1e3));
        c.add(!t.ok() ? Objects.toString(t.reason(), "") : verdict(v));
        c.add(suiteDir.relativize(dir.resolve(t.dir())).toString());
        return c;
    }

    /**
     * A trial's validation in a table cell: the verdict, and the first wrong row (or why it was not checked) or the
     * rows checked, with the windows the end of input closed when any were open at the end (docs/suites.md §3).
     */
    static String verdict(JsonNode v) {
        if (v == null) return "";
        String verdict = v.path("verdict").asText();
        String atEnd = SpecCheck.atEnd(v);
        return verdict
                + (verdict.equals("invalid") || verdict.equals("not checked")
                        ? ": " + v.path("text").asText()
                        : " (" + v.path("correct").asLong() + " rows" + (atEnd.isEmpty() ? "" : "; " + atEnd) + ")");
    }

    private static List<String> failedRow(List<String> head, Path suiteDir, Path dir, Path failed) {
        List<String> c = new ArrayList<>(head);
        for (int i = 0; i < 7; i++) c.add("–");
        try {
            c.add(Files.readString(failed).strip());
        } catch (IOException e) {
            c.add("failed");
        }
        c.add(suiteDir.relativize(dir).toString());
        return c;
    }
}
