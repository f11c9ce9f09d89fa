package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.analysis.summary.RunSummary;
import dev.evperf.cli.live.LiveServer;
import dev.evperf.core.component.RunComponents;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.trial.Controller;
import dev.evperf.core.trial.Interrupts;
import dev.evperf.core.trial.PlanChecker;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.core.workload.WorkloadValidator;
import dev.evperf.results.RunFile;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code evperf run WORKLOAD}: validate everything, run every trial in its own JVM, summarise. */
@Command(
        name = "run",
        mixinStandardHelpOptions = true,
        description =
                "Runs a workload: one fresh JVM per trial; records into a results directory, then prints the summary.")
final class RunCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "The workload file (YAML).")
    Path workload;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<name>-<time>).")
    Path out;

    @Mixin
    FormatOption format;

    @Option(names = "--dry-run", description = "Validate the workload and print the plan; run nothing.")
    boolean dryRun;

    @Mixin
    WarmUpOption warmUp;

    @Mixin
    Verbosity verbosity;

    @Option(
            names = "--serve",
            arity = "0..1",
            paramLabel = "PORT",
            parameterConsumer = LiveServer.PortConsumer.class,
            description = "While the trials run, serve a live page on 127.0.0.1:PORT (any free port without one;"
                    + " loopback only): rates, lag, latency and CPU per process per interval. Stops when the run ends.")
    String serve;

    @Override
    public Integer call() throws Exception {
        RunSummary.Format tables = format.of(RunSummary.Format.values());
        // Everything is validated, queries compiled and data files read before any trial starts.
        Plan plan = WorkloadLoader.load(
                workload, new WorkloadValidator(Engines.available().keySet()));
        PlanChecker.check(plan);
        Path runDir = out != null ? out : defaultDir(plan);
        // The page's port is taken before anything is written: a port in use is bad input like the rest.
        int port = serve == null ? -1 : LiveServer.port(serve);
        LiveServer live = port < 0 || dryRun ? null : LiveServer.start(port, runDir);
        try (live) {
            if (!dryRun) OutDir.prepare(runDir, "--out");
            main.err.printf(
                    "evperf: %s: %d trial(s), engine %s%n",
                    workload, plan.trials().size(), plan.base().engine.name);
            if (dryRun) {
                for (TrialSpec t : plan.trials()) {
                    main.out.printf("%s  %s  jvm=%s%n", t.id(), t.label(), t.jvm());
                }
                return 0;
            }
            if (live != null) live.announce(main.err);
            if (plan.base().agents != null) {
                main.err.println("evperf: results in " + runDir);
                return AgentRun.run(plan, runDir, main.out, main.err);
            }
            return allOk(runPlan(main, plan, runDir, tables, warmUp.keepWarmUp, Map.of())) ? 0 : 1;
        }
    }

    /**
     * Runs every trial of a validated plan into {@code runDir} (components started and stopped
     * around them), prints the summary tables (none when {@code tables} is null).
     *
     * @param annotations top-level sections added to run.json before the first trial (a suite's definition)
     * @return run.json's content
     */
    static RunFile runPlan(
            Main main,
            Plan plan,
            Path runDir,
            RunSummary.Format tables,
            boolean keepWarmUp,
            Map<String, JsonNode> annotations)
            throws Exception {
        main.err.println("evperf: results in " + runDir);
        Summaries.Kept summaries = new Summaries.Kept();
        String classPath = System.getProperty("java.class.path");
        Controller controller = new Controller(runDir, classPath, summaries::trialSummary, main.err);
        try (Interrupts interrupts = Interrupts.install();
                RunComponents components = Components.startAndCheck(
                        plan, runDir, classPath, main.err, () -> interrupts.signal() != null)) {
            controller.interruptible(interrupts);
            controller.begin(plan);
            annotations.forEach(controller::annotate);
            if (components != null) {
                controller.components(components);
                controller.annotate("components", components.describe());
            }
            PreRuns preRuns = new PreRuns(controller, plan, main.err);
            int n = plan.trials().size();
            for (int i = 0; i < n; i++) {
                controller.runTrial(preRuns.resolve(plan.trials().get(i)), i + 1, n);
            }
            if (components != null) {
                components.close();
                controller.annotate("components", components.describe());
            }
            RunFile run = controller.finish();
            if (tables != null) summaries.print(runDir, tables, keepWarmUp, main.out);
            interrupts.check("interrupted by a signal while printing the tables; the run is complete in " + runDir);
            return run;
        }
    }

    /**
     * Every trial ran and none gave invalid results (a neutral query's validation); a trial whose engine
     * cannot express the query is not a failure of the run.
     */
    static boolean allOk(RunFile run) {
        for (RunFile.Trial t : run.trials()) {
            if (!t.ok() && !RunFile.UNSUPPORTED.equals(t.status())) return false;
            if (t.validation() != null
                    && "invalid".equals(t.validation().path("verdict").asText())) return false;
        }
        return true;
    }

    private static Path defaultDir(Plan plan) {
        String name = plan.base().name != null
                ? plan.base().name
                : plan.workloadFile().getFileName().toString().replaceFirst("\\.ya?ml$", "");
        return Path.of(
                "results",
                name.replaceAll("[^A-Za-z0-9_.-]", "_") + "-"
                        + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
    }
}
