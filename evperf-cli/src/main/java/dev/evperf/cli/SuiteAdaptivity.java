package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.results.Json;
import dev.evperf.core.trial.PlanChecker;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.SpecWorkload;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.core.workload.WorkloadValidator;
import dev.evperf.results.Intervals;
import dev.evperf.results.Layout;
import dev.evperf.results.RunDir;
import dev.evperf.results.RunFile;
import dev.evperf.results.Sensors;
import dev.evperf.results.TrialResult;
import dev.evperf.suites.run.SuiteTests;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The micro suite's adaptivity test (seed 001, "Adaptivity phases"): FINCoS's adaptivity
 * microbenchmark, built as evperf's {@code adaptivity} load (a ramp to λ, steady λ, a peak at
 * {@code peak_factor}·λ, λ again while the engine recovers), over the test's count-window query on
 * every engine of the suite. Its load is not the suite's (maximum rate), so it is a workload of its
 * own: the suite's, with that load and the test's spec crossed with the engines, run into
 * {@code adaptivity/} of the suite's results directory (or as the suite's run when it is the only
 * test). Its figures are the trial summary's adaptivity metrics (scheduled latency, so queueing
 * behind a slow engine counts), each trial validated like every other.
 */
final class SuiteAdaptivity {
    /** The sub-run's directory under the suite's results directory. */
    static final String DIR = "adaptivity";

    private SuiteAdaptivity() {}

    /**
     * The load's size, written to run.json's suite section: quick is seconds, full is the seed's (a
     * 10 s ramp, 5 min at λ, 10 s peak, 5 min at λ).
     */
    static ObjectNode settings(boolean quick, double lambda) {
        ObjectNode a = Json.MAPPER.createObjectNode();
        a.put("rate", lambda);
        return phases(a, quick);
    }

    /**
     * The load's size with λ per engine: {@code load} × the engine's best sustained rate on the test's
     * spec, found by the search {@code search} ({@link SuiteSustain#settings}) before its trial.
     */
    static ObjectNode settingsPerEngine(boolean quick, double load, JsonNode search) {
        ObjectNode a = Json.MAPPER.createObjectNode();
        a.put("load", load);
        a.set("search", search.deepCopy());
        return phases(a, quick);
    }

    private static ObjectNode phases(ObjectNode a, boolean quick) {
        a.put("ramp", quick ? "1s" : "10s");
        a.put("steady", quick ? "4s" : "5m");
        a.put("peak", quick ? "1s" : "10s");
        a.put("recovery", quick ? "4s" : "5m");
        return a;
    }

    /**
     * run.json's suite section gets the load's size under {@code adaptivity}, and the test's spec
     * event time at λ (so the engines' clocks and TS advance together, and the report finds the
     * trials by their spec).
     */
    static void configure(ObjectNode definition, boolean quick, double lambda) {
        JsonNode test = test(definition);
        if (test == null) return;
        definition.set("adaptivity", settings(quick, lambda));
        for (JsonNode p : test.path("points"))
            ((ObjectNode) p.path("spec")).withObject("/stream").put("event_rate", lambda);
    }

    /**
     * λ per engine: run.json's suite section gets {@link #settingsPerEngine}; the spec keeps the suite's
     * event-time rate (its search and its trials share one spec; a count window does not read event time).
     */
    static void configurePerEngine(ObjectNode definition, boolean quick, double load, JsonNode search) {
        if (test(definition) == null) return;
        definition.set("adaptivity", settingsPerEngine(quick, load, search));
    }

    /** True when λ is each engine's fraction of its own sustained rate, not one fixed rate. */
    static boolean perEngine(JsonNode definition) {
        return definition.path("adaptivity").has("load");
    }

    /** The search of the test's point for one engine: its directory name under {@code sustain/}. */
    static String searchKey(JsonNode definition, String engine) {
        return SuiteSustain.key(
                SuiteTests.ADAPTIVITY,
                test(definition).path("points").get(0).path("value").asText(),
                engine);
    }

    /** The adaptivity test among the suite's tests, or null. */
    static JsonNode test(JsonNode definition) {
        for (JsonNode t : definition.path("tests")) if (t.path("name").asText().equals("adaptivity")) return t;
        return null;
    }

    /**
     * The suite's workload with the adaptivity load: one phase (expanded into its ramp, steady, peak
     * and recovery) at λ, the test's spec ({@link #configure}d) crossed with the suite's engines.
     */
    static ObjectNode workload(ObjectNode suiteWorkload, JsonNode definition) {
        JsonNode test = test(definition);
        JsonNode a = definition.path("adaptivity");
        ObjectNode w = suiteWorkload.deepCopy();
        w.remove("matrix");
        w.put("name", suiteWorkload.path("name").asText() + "-adaptivity");
        ArrayNode specs = Json.MAPPER.createArrayNode();
        for (JsonNode p : test.path("points")) specs.add(p.path("spec"));
        ObjectNode phase = w.putObject("load").putArray("phases").addObject().put("name", "adaptivity");
        // with λ per engine, the suite's rate stands in until the engine's own is known (the plan's check)
        ObjectNode ad = phase.putObject("adaptivity")
                .put(
                        "rate",
                        perEngine(definition)
                                ? definition.path("rate").asDouble()
                                : a.path("rate").asDouble());
        for (String k : List.of("ramp", "steady", "peak", "recovery"))
            ad.put(k, a.path(k).asText());
        ad.put(
                "peak_factor",
                Double.parseDouble(test.path("points").get(0).path("value").asText()));
        w.withObject("/engine").set("query", specs.get(0));
        ObjectNode matrix = w.putObject("matrix");
        matrix.set("engine.query", specs);
        matrix.set("engine.name", definition.path("engines"));
        return w;
    }

    /**
     * One engine's adaptivity workload with λ per engine: {@link #workload}'s, for that engine only, λ
     * given as the fraction of the sustained rate its search found (the workload's {@code fraction} and
     * {@code sustained}, which evperf run resolves to a rate when it loads the file).
     */
    static ObjectNode engineWorkload(ObjectNode adaptivity, JsonNode definition, String engine, String sustained) {
        ObjectNode w = adaptivity.deepCopy();
        w.put("name", adaptivity.path("name").asText() + "-" + engine);
        w.withObject("/matrix").putArray("engine.name").add(engine);
        w.withObject("/engine").put("name", engine);
        ObjectNode ad = (ObjectNode) w.path("load").path("phases").get(0).path("adaptivity");
        ad.remove("rate");
        ad.put("fraction", definition.path("adaptivity").path("load").asDouble());
        ad.put("sustained", sustained);
        return w;
    }

    /**
     * The adaptivity run with λ per engine, into {@code dir}: per engine of the suite, the search of the
     * test's point ({@link SuiteSustain#search}, in {@code sustain/} of the suite's results directory), then
     * its trials at {@code load} × the rate it sustained, from {@code adaptivity-<engine>.yaml} in {@code dir};
     * an engine whose search sustained no rate has no trial (the section says why), one that cannot express
     * the query keeps its unsupported trial from {@code checked} (the plan checked before anything ran). All
     * trials are one run, numbered in order, so that {@code evperf report dir} reads it as any other.
     *
     * @return the run and how many searches could not be run at all
     */
    static Ran runPerEngine(
            Main main,
            ObjectNode suiteWorkload,
            ObjectNode adaptivity,
            ObjectNode definition,
            Plan checked,
            Path suiteDir,
            Path dir,
            Map<String, JsonNode> annotations)
            throws Exception {
        JsonNode test = test(definition);
        JsonNode search = definition.path("adaptivity").path("search");
        List<TrialSpec> trials = new ArrayList<>();
        List<String> engines = new ArrayList<>();
        int failed = 0;
        Path file = checked.workloadFile();
        Workload base = checked.base();
        for (JsonNode e : definition.path("engines")) {
            String engine = e.asText();
            List<TrialSpec> own = checked.trials().stream()
                    .filter(t -> engine.equals(t.workload().engine.name))
                    .toList();
            if (own.stream().allMatch(t -> SpecWorkload.unsupported(t.workload()) != null)) {
                trials.addAll(own); // recorded as unsupported, with the reason; nothing to search
                continue;
            }
            String key = searchKey(definition, engine);
            ObjectNode probe = SuiteSustain.probeBase(
                    suiteWorkload, engine, test.path("points").get(0));
            if (SuiteSustain.search(main, probe, search, suiteDir, key) > 1) {
                failed++;
                continue;
            }
            if (!(sustained(suiteDir, definition, engine) > 0)) continue;
            Files.createDirectories(dir);
            Path yaml = dir.resolve("adaptivity-" + engine + ".yaml");
            String rel = dir.toAbsolutePath()
                    .relativize(suiteDir.resolve(SuiteSustain.DIR).resolve(key).toAbsolutePath())
                    .toString();
            Files.writeString(
                    yaml, WorkloadLoader.YAML.writeValueAsString(engineWorkload(adaptivity, definition, engine, rel)));
            Plan p = WorkloadLoader.load(
                    yaml, new WorkloadValidator(Engines.available().keySet()));
            PlanChecker.check(p);
            main.err.printf(
                    Locale.ROOT,
                    "evperf: suite: adaptivity of %s at λ = %s ev/s (%s × its best sustained rate; %s)%n",
                    engine,
                    SuiteReport.num(lambda(suiteDir, definition, engine)),
                    num(definition.path("adaptivity").path("load").asDouble()),
                    yaml);
            if (engines.isEmpty()) {
                file = yaml;
                base = p.base();
            }
            engines.add(engine);
            trials.addAll(p.trials());
        }
        List<TrialSpec> numbered = new ArrayList<>();
        for (TrialSpec t : trials)
            numbered.add(new TrialSpec(
                    String.format(Locale.ROOT, "t%03d", numbered.size() + 1),
                    t.params(),
                    t.repetition(),
                    t.jvm(),
                    t.tree(),
                    t.workload()));
        // run.json's workload: the adaptivity workload with λ as the fraction it is; each engine's file has its own
        ObjectNode tree = adaptivity.deepCopy();
        ObjectNode ad = (ObjectNode) tree.path("load").path("phases").get(0).path("adaptivity");
        ad.remove("rate");
        ad.put("fraction", definition.path("adaptivity").path("load").asDouble());
        ad.put("sustained", "per engine: " + searchDirs(definition) + " (adaptivity-<engine>.yaml)");
        tree.put("description", "The adaptivity test with λ per engine: adaptivity-<engine>.yaml in this directory.");
        RunFile run = RunCommand.runPlan(main, new Plan(file, tree, base, numbered), dir, null, false, annotations);
        return new Ran(run, failed);
    }

    /**
     * The adaptivity run with λ per engine, and how many of its searches could not be run (a class, not a
     * record: the class index processor on the compiler's path fails on a record's components).
     */
    static final class Ran {
        private final RunFile run;
        private final int searchesFailed;

        Ran(RunFile run, int searchesFailed) {
            this.run = run;
            this.searchesFailed = searchesFailed;
        }

        RunFile run() {
            return run;
        }

        int searchesFailed() {
            return searchesFailed;
        }
    }

    /** Where the searches of the test's point are, for the text: {@code sustain/adaptivity-<value>-<engine>}. */
    private static String searchDirs(JsonNode definition) {
        return SuiteSustain.DIR + "/" + SuiteTests.ADAPTIVITY + "-"
                + test(definition).path("points").get(0).path("value").asText() + "-<engine>";
    }

    /** The best sustained rate the engine's search of the test's point found; NaN when none. */
    static double sustained(Path suiteDir, JsonNode definition, String engine) {
        Path d = suiteDir.resolve(SuiteSustain.DIR).resolve(searchKey(definition, engine));
        if (!Files.exists(d.resolve(Layout.RUN_JSON))) return Double.NaN;
        JsonNode s = RunDir.open(d).run().sustain();
        return s == null ? Double.NaN : s.path("sustainable_rate").asDouble(Double.NaN);
    }

    /** The engine's λ: the fixed rate, or the load × its sustained rate (NaN when its search found none). */
    static double lambda(Path suiteDir, JsonNode definition, String engine) {
        JsonNode a = definition.path("adaptivity");
        return perEngine(definition)
                ? a.path("load").asDouble() * sustained(suiteDir, definition, engine)
                : a.path("rate").asDouble();
    }

    private static String num(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    /** The run that holds the adaptivity trials: {@code adaptivity/} when the suite ran other tests too. */
    static Path runDir(Path suiteDir) {
        Path sub = suiteDir.resolve(DIR);
        return Files.exists(sub.resolve(Layout.RUN_JSON)) ? sub : suiteDir;
    }

    static RunFile run(Path suiteDir) {
        return RunDir.open(runDir(suiteDir)).run();
    }

    /** The table's headers, for suite.md, suite.html and the report page. */
    static final List<String> HEADERS = List.of(
            "engine",
            "λ ev/s",
            "sustained ev/s",
            "peak factor",
            "status",
            "steady CPU %",
            "steady mean ms",
            "steady p99.9 ms",
            "peak p99.9 ms",
            "max peak latency ms",
            "degradation",
            "recovery s",
            "post-peak variation",
            "validation",
            "trial");

    private static final List<String> METRICS = List.of(
            "steady_mean_ms",
            "steady_p999_ms",
            "peak_p999_ms",
            "max_peak_latency_ms",
            "degradation",
            "recovery_s",
            "post_peak_variation");

    /**
     * The section: what was run and what the metrics are, then one row per engine and trial with the
     * adaptivity metrics of its summary (with λ per engine, a row saying why for an engine whose search
     * sustained no rate). @return null when the suite had no adaptivity test
     */
    static ObjectNode section(Path suiteDir, JsonNode definition) {
        JsonNode test = test(definition);
        if (test == null) return null;
        JsonNode a = definition.path("adaptivity");
        boolean perEngine = perEngine(definition);
        String factor = test.path("points").get(0).path("value").asText();
        Path dir = runDir(suiteDir);
        RunFile run = Files.exists(dir.resolve(Layout.RUN_JSON)) ? run(suiteDir) : null;
        List<List<String>> rows = new ArrayList<>();
        for (JsonNode e : definition.path("engines")) {
            String engine = e.asText();
            List<RunFile.Trial> trials = run == null
                    ? List.of()
                    : run.trials().stream()
                            .filter(t ->
                                    engine.equals(t.params().path("engine.name").asText()))
                            .toList();
            double sustained = perEngine ? sustained(suiteDir, definition, engine) : Double.NaN;
            if (trials.isEmpty()) {
                if (!perEngine) continue;
                List<String> c = new ArrayList<>(List.of(engine, "–", SuiteReport.num(sustained), factor, "not run"));
                for (int i = 0; i < 8; i++) c.add("–");
                c.add(notRun(suiteDir, definition, engine));
                c.add(suiteDir.relativize(suiteDir.resolve(SuiteSustain.DIR).resolve(searchKey(definition, engine)))
                        .toString());
                rows.add(c);
                continue;
            }
            for (RunFile.Trial t : trials) {
                boolean unsupported = RunFile.UNSUPPORTED.equals(t.status());
                List<String> c = new ArrayList<>();
                c.add(engine);
                c.add(unsupported ? "–" : SuiteReport.num(lambda(suiteDir, definition, engine)));
                c.add(SuiteReport.num(sustained));
                c.add(factor);
                JsonNode s = t.summary() == null ? null : t.summary().path("adaptivity");
                if (!t.ok() || s == null || !s.isObject()) {
                    c.add(t.status());
                    for (int i = 0; i < 8; i++) c.add("–");
                    c.add(t.ok() ? "no adaptivity figures in the summary" : java.util.Objects.toString(t.reason(), ""));
                } else {
                    JsonNode v = t.validation();
                    boolean invalid = v != null && v.path("verdict").asText().equals("invalid");
                    c.add(invalid ? "INVALID" : "ok");
                    c.add(SuiteReport.num(steadyCpuPercent(dir.resolve(t.dir()))));
                    for (String k : METRICS)
                        c.add(s.path(k).isNumber() ? SuiteReport.num(s.path(k).asDouble()) : "never");
                    c.add(SuiteSteady.verdict(v));
                }
                c.add(suiteDir.relativize(dir.resolve(t.dir())).toString());
                rows.add(c);
            }
        }
        String lambda = perEngine
                ? String.format(
                        Locale.ROOT,
                        "λ per engine = %s × the engine's best sustained rate on this test's spec, found first by"
                                + " evperf sustain's search (%s/; %s): a single-threaded embedded engine at"
                                + " its highest sustained rate keeps its sending core busy, so %s %% of that rate is"
                                + " ≈ %s %% of a core, the seed's \"≈ 75 %% CPU\". Steady CPU %% is what the trial JVM"
                                + " used during the steady phase (procfs, %% of one core, engine and sender together):"
                                + " how close to that it came. Event time at the suite's rate (%s ev/s; a count window"
                                + " does not read it). An engine whose search sustained no rate is not run (its row"
                                + " says why).",
                        num(a.path("load").asDouble()),
                        searchDirs(definition),
                        // with --sustain the criterion stands above the searches' table already
                        definition.has("sustain")
                                ? "its criterion and figures under Best sustained throughput"
                                : SuiteSustain.criterion(a.path("search")),
                        num(a.path("load").asDouble() * 100),
                        num(a.path("load").asDouble() * 100),
                        SuiteReport.num(definition.path("rate").asDouble()))
                : String.format(
                        Locale.ROOT,
                        "λ = %s ev/s for every engine (--adaptivity-rate), not each engine's 75 %% of CPU (that is"
                                + " --adaptivity-load, or --sustain); event time at λ. Steady CPU %% is what the trial"
                                + " JVM used during the steady phase (procfs, %% of one core).",
                        SuiteReport.num(a.path("rate").asDouble()));
        return SuiteReport.section(
                "Adaptivity",
                String.format(
                        Locale.ROOT,
                        "%s. Load (evperf's adaptivity profile): a %s ramp to λ (not measured), %s at λ, %s at %s·λ,"
                                + " %s at λ again. Latency is scheduled (intended send time to receipt), so queueing"
                                + " behind the engine counts. Degradation = peak p99.9 / steady p99.9; recovery = from"
                                + " the peak's last input to the first later output at or below the steady mean;"
                                + " post-peak variation = mean latency after recovery / steady mean (FINCoS, seed 001)."
                                + " %s",
                        test.path("title").asText(),
                        a.path("ramp").asText(),
                        a.path("steady").asText(),
                        a.path("peak").asText(),
                        factor,
                        a.path("recovery").asText(),
                        lambda),
                HEADERS,
                rows,
                List.of(0, 4, 13, 14));
    }

    /** Why an engine's adaptivity trial did not run with λ per engine: its search could not run, or sustained nothing. */
    static String notRun(Path suiteDir, JsonNode definition, String engine) {
        String key = searchKey(definition, engine);
        Path failed = suiteDir.resolve(SuiteSustain.DIR).resolve(key + ".failed");
        try {
            if (Files.exists(failed))
                return "not run: its search could not run: "
                        + Files.readString(failed).strip();
            Path d = suiteDir.resolve(SuiteSustain.DIR).resolve(key);
            if (!Files.exists(d.resolve(Layout.RUN_JSON))) return "not run: no search (the suite stopped before it)";
            JsonNode s = RunDir.open(d).run().sustain();
            double lowest =
                    s == null ? Double.NaN : s.path("lowest_failed_rate").asDouble(Double.NaN);
            return "not run: its search sustained no rate"
                    + (Double.isNaN(lowest) ? "" : " (lowest rate tried " + SuiteReport.num(lowest) + " ev/s failed)");
        } catch (IOException | IllegalArgumentException x) {
            return "not run: " + x.getMessage();
        }
    }

    /**
     * The trial JVM's CPU during the adaptivity load's steady phase, % of one core: the mean of the
     * process's procfs CPU samples (sensors.csv) inside the phase's intervals (intervals.csv). NaN when
     * the trial has neither.
     */
    static double steadyCpuPercent(Path trialDir) {
        TrialResult result = TrialResult.load(trialDir);
        Intervals iv = Intervals.read(trialDir);
        Sensors.Series cpu = Sensors.load(trialDir).get(PROCESS_CPU);
        if (result == null || iv == null || cpu == null) return Double.NaN;
        int phase = -1;
        for (int i = 0; i < result.phases().size(); i++)
            if (result.phases().get(i).name().equals(STEADY_PHASE)) phase = i;
        int pc = iv.column("phase"), tc = iv.column("t_start_s");
        if (phase < 0 || pc < 0 || tc < 0) return Double.NaN;
        double from = Double.NaN, to = Double.NaN, width = iv.widthS(0);
        for (int i = 0; i < iv.size(); i++) {
            if (iv.number(i, pc) != phase) continue;
            double t = iv.number(i, tc);
            if (Double.isNaN(from)) from = t;
            to = t + width;
        }
        double sum = 0;
        int n = 0;
        for (int i = 0; i < cpu.size(); i++) {
            double t = cpu.t()[i] / 1e9;
            if (t > from && t <= to && !Double.isNaN(cpu.v()[i])) {
                sum += cpu.v()[i];
                n++;
            }
        }
        return n == 0 ? Double.NaN : sum / n;
    }

    /** The procfs sensor of the trial JVM's CPU, % of one core since the previous sample. */
    static final String PROCESS_CPU = "sensor://procfs/process/cpu_percent";

    /** The adaptivity load's steady phase, as result.json names it. */
    static final String STEADY_PHASE = "adaptivity.steady";
}
