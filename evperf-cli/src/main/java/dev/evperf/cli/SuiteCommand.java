package dev.evperf.cli;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.api.config.Keyword;
import dev.evperf.api.config.Suggest;
import dev.evperf.core.engine.EngineModules;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.trial.PlanChecker;
import dev.evperf.core.workload.FlinkMode;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.core.workload.WorkloadValidator;
import dev.evperf.results.RunFile;
import dev.evperf.suites.run.SuiteTests;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf suite micro|nexmark}: a suite's tests, each a neutral spec with its factor sweep,
 * written as ONE workload (a matrix over {@code engine.query} × {@code engine.name}) and run by the
 * same machinery as {@code evperf run}, so the results directory is an ordinary one (summary,
 * report, compare read it) with every trial validated. {@link SuiteReport} then adds the suite's
 * own section: per test and engine, the figures against the factor.
 */
@Command(
        name = "suite",
        mixinStandardHelpOptions = true,
        description = "Runs a benchmark suite on several engines, validating every trial: micro (seed 001, chapter 4)"
                + " or nexmark.")
final class SuiteCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "SUITE", description = "micro or nexmark.")
    String suite;

    @Option(
            names = "--engines",
            split = ",",
            paramLabel = "E,…",
            description = "Engines (default: siddhi,esper,ref for micro; siddhi,esper for nexmark).")
    List<String> engines = new ArrayList<>();

    @Option(
            names = {"--tests", "--queries"},
            split = ",",
            paramLabel = "T,…",
            description = "Tests (micro) or queries (nexmark) to run (default: all).")
    List<String> tests = new ArrayList<>();

    @Option(names = "--quick", description = "Small factors and short trials: the whole suite in minutes.")
    boolean quick;

    @Option(
            names = "--events",
            paramLabel = "N",
            description = "Measured events per trial (default: 20000 with --quick, else 1000000).")
    Long events;

    @Option(
            names = "--rate",
            paramLabel = "EV/S",
            description =
                    "Event time's rate (events per second of event time), and nexmark's load rate (default: 10000).")
    double rate = 10_000;

    @Option(
            names = "--repetitions",
            paramLabel = "N",
            description = "Runs of each trial (default: 1 with --quick, else 2).")
    Integer repetitions;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Results directory (default: results/suite-<suite>-<time>).")
    Path out;

    @Option(
            names = "--sustain",
            description = "Also find each engine's best sustained throughput at every point that ran, with evperf"
                    + " sustain's search (in sustain/ of the results directory; quick: 4 short probes, 25 %% bracket).")
    boolean sustain;

    @Option(
            names = "--sustain-probes",
            paramLabel = "N",
            description = "At most N probes per sustain search (default: 4 with --quick, else 10).")
    Integer sustainProbes;

    @Option(
            names = "--steady-runs",
            paramLabel = "N",
            description = "With --sustain: steady runs at each point's sustainable rate, after a warm-up ramp"
                    + " (default: 2; 0: the search only; quick: 1 s ramp + 3 s, else 1 min + 10 min).")
    Integer steadyRuns;

    @Option(
            names = "--adaptivity-rate",
            paramLabel = "EV/S",
            description = "λ of the adaptivity test for every engine: its steady rate, the peak 1.5 λ (default: 5000;"
                    + " with --sustain or --adaptivity-load, λ is per engine instead).")
    Double adaptivityRate;

    @Option(
            names = "--adaptivity-load",
            paramLabel = "FRACTION",
            description = "λ of the adaptivity test per engine: FRACTION of the engine's best sustained rate on the"
                    + " test's spec, found by a sustain search first (default with --sustain: 0.75, the seed's"
                    + " ≈ 75 %% CPU).")
    Double adaptivityLoad;

    @Option(
            names = "--flink-cluster",
            paramLabel = "MODE",
            description = "The Flink cluster evperf starts for flink trials: minicluster (default, one JVM) or"
                    + " standalone (a JobManager and a TaskManager JVM).")
    String flinkCluster = "minicluster";

    @Option(names = "--dry-run", description = "Validate the suite's workload and print its trials; run nothing.")
    boolean dryRun;

    @Mixin
    Verbosity verbosity;

    @Override
    public Integer call() throws Exception {
        boolean micro =
                switch (suite) {
                    case "micro" -> true;
                    case "nexmark" -> false;
                    default -> throw new IllegalArgumentException(
                            "suite: unknown suite '" + suite + "'; expected micro or nexmark");
                };
        List<SuiteTests.Test> selected =
                SuiteTests.select(micro ? SuiteTests.micro(quick) : SuiteTests.nexmark(quick), tests);
        List<String> names =
                engines.isEmpty() ? (micro ? List.of("siddhi", "esper", "ref") : List.of("siddhi", "esper")) : engines;
        TreeSet<String> known =
                new TreeSet<>(EngineModules.names(Engines.available().keySet()));
        for (String e : names) {
            if (!known.contains(e)) {
                String hint = Suggest.closest(e, known);
                throw new IllegalArgumentException("--engines: unknown engine '" + e + "'"
                        + (hint != null ? "; did you mean '" + hint + "'?" : "; engines: " + String.join(", ", known)));
            }
        }
        long n = events != null ? events : quick ? 20_000 : 1_000_000;
        if (n < 100) throw new IllegalArgumentException("--events: expected at least 100, got " + n);
        if (!(rate > 0)) throw new IllegalArgumentException("--rate: expected a rate above 0, got " + rate);
        int reps = repetitions != null ? repetitions : quick ? 1 : 2;
        if (reps < 1) throw new IllegalArgumentException("--repetitions: expected at least 1, got " + reps);

        if (sustainProbes != null && sustainProbes < 1)
            throw new IllegalArgumentException("--sustain-probes: expected at least 1, got " + sustainProbes);
        if (steadyRuns != null && steadyRuns < 0)
            throw new IllegalArgumentException("--steady-runs: expected 0 or more, got " + steadyRuns);
        if (adaptivityRate != null && !(adaptivityRate > 0))
            throw new IllegalArgumentException("--adaptivity-rate: expected a rate above 0, got " + adaptivityRate);
        if (adaptivityLoad != null && !(adaptivityLoad > 0 && adaptivityLoad <= 1))
            throw new IllegalArgumentException(
                    "--adaptivity-load: expected a fraction above 0 and at most 1, got " + adaptivityLoad);
        if (adaptivityRate != null && adaptivityLoad != null)
            throw new IllegalArgumentException(
                    "--adaptivity-load: not with --adaptivity-rate (one λ for every" + " engine); give one of them");
        // Either option sets only the adaptivity test's λ: without that test it would be silently ignored.
        if ((adaptivityRate != null || adaptivityLoad != null)
                && selected.stream().noneMatch(SuiteTests.Test::adaptivity))
            throw new IllegalArgumentException((adaptivityLoad != null ? "--adaptivity-load" : "--adaptivity-rate")
                    + ": sets λ of the adaptivity test, which the selected tests do not include (add "
                    + SuiteTests.ADAPTIVITY + " to --tests, or leave the option out)");
        // λ per engine (a fraction of each engine's sustained rate) unless a fixed rate was asked for
        boolean lambdaPerEngine = adaptivityRate == null && (adaptivityLoad != null || sustain);
        FlinkMode flinkMode;
        try {
            flinkMode = Keyword.of(FlinkMode.class, flinkCluster);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--flink-cluster: " + e.getMessage(), e);
        }
        ObjectNode definition = SuiteWorkload.definition(suite, quick, selected, names, n, rate, reps);
        definition.put("flink_cluster", flinkMode.text());
        if (sustain) {
            ObjectNode s = SuiteSustain.settings(quick, rate, sustainProbes);
            SuiteSteady.settings(s, quick, steadyRuns);
            definition.set("sustain", s);
        }
        if (lambdaPerEngine)
            SuiteAdaptivity.configurePerEngine(
                    definition,
                    quick,
                    adaptivityLoad != null ? adaptivityLoad : 0.75,
                    sustain ? definition.path("sustain") : SuiteSustain.settings(quick, rate, sustainProbes));
        else SuiteAdaptivity.configure(definition, quick, adaptivityRate != null ? adaptivityRate : 5_000);
        ObjectNode suiteWorkload = SuiteWorkload.workload(definition, micro);
        ObjectNode workload = suiteWorkload;
        // the adaptivity test runs under its own load: a run of its own, or the suite's when it is the only test
        ObjectNode adaptivity =
                SuiteAdaptivity.test(definition) == null ? null : SuiteAdaptivity.workload(suiteWorkload, definition);
        boolean perEngine = adaptivity != null && lambdaPerEngine;
        boolean others = !workload.path("matrix").path("engine.query").isEmpty();
        Path runDir = out != null
                ? out
                : Path.of(
                        "results",
                        "suite-" + suite + (quick ? "-quick" : "") + "-"
                                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (!others) workload = adaptivity;
        Path file = Files.createTempFile("evperf-suite-" + suite, ".yaml");
        Path adaptivityFile = Files.createTempFile("evperf-suite-adaptivity", ".yaml");
        try {
            // every plan is checked before anything runs
            Plan plan = plan(file, workload);
            Plan adaptivityPlan = others && adaptivity != null ? plan(adaptivityFile, adaptivity) : null;
            int trials = plan.trials().size()
                    + (adaptivityPlan == null ? 0 : adaptivityPlan.trials().size());
            main.err.printf(
                    "evperf: suite %s: %d test(s), %d engine(s), %d trial(s)%n",
                    suite, selected.size(), names.size(), trials);
            if (dryRun) {
                plan.trials().forEach(t -> main.out.printf("%s  %s%n", t.id(), t.label()));
                if (adaptivityPlan != null)
                    adaptivityPlan.trials().forEach(t -> main.out.printf("adaptivity/%s  %s%n", t.id(), t.label()));
                return 0;
            }
            OutDir.prepare(runDir, "--out");
            boolean ran = true;
            int searchesFailed = 0;
            RunFile run;
            if (!others && perEngine) {
                // the adaptivity test alone, λ per engine: its searches first, then its run is the suite's
                SuiteAdaptivity.Ran a = SuiteAdaptivity.runPerEngine(
                        main, suiteWorkload, adaptivity, definition, plan, runDir, runDir, Map.of("suite", definition));
                run = a.run();
                searchesFailed += a.searchesFailed();
            } else {
                Files.writeString(runDir.resolve("suite.yaml"), WorkloadLoader.YAML.writeValueAsString(workload));
                run = RunCommand.runPlan(main, plan, runDir, null, false, Map.of("suite", definition));
            }
            if (adaptivityPlan != null) {
                Path sub = runDir.resolve(SuiteAdaptivity.DIR);
                Files.createDirectories(sub);
                RunFile a;
                if (perEngine) {
                    SuiteAdaptivity.Ran r = SuiteAdaptivity.runPerEngine(
                            main, suiteWorkload, adaptivity, definition, adaptivityPlan, runDir, sub, Map.of());
                    a = r.run();
                    searchesFailed += r.searchesFailed();
                } else {
                    Files.writeString(sub.resolve("suite.yaml"), WorkloadLoader.YAML.writeValueAsString(adaptivity));
                    a = RunCommand.runPlan(main, adaptivityPlan, sub, null, false, Map.of());
                }
                for (RunFile.Trial t : a.trials()) ran &= t.ok() || RunFile.UNSUPPORTED.equals(t.status());
            }
            if (sustain) searchesFailed += SuiteSustain.run(main, workload, definition, run, runDir);
            SuiteReport.Written written = SuiteReport.write(runDir);
            main.out.print(written.text());
            main.err.println("evperf: suite report in " + written.markdown() + " and " + written.html());
            for (RunFile.Trial t : run.trials()) ran &= t.ok() || RunFile.UNSUPPORTED.equals(t.status());
            // Wrong results are the suite's findings (reported per test), not a failure to run it.
            return ran && searchesFailed == 0 ? 0 : 1;
        } finally {
            Files.deleteIfExists(file);
            Files.deleteIfExists(adaptivityFile);
        }
    }

    private static Plan plan(Path file, ObjectNode workload) throws Exception {
        Files.writeString(file, WorkloadLoader.YAML.writeValueAsString(workload));
        Plan plan = WorkloadLoader.load(
                file, new WorkloadValidator(Engines.available().keySet()));
        PlanChecker.check(plan);
        return plan;
    }
}
