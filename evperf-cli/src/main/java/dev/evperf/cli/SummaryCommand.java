package dev.evperf.cli;

import dev.evperf.agent.AgentRunSummary;
import dev.evperf.analysis.summary.RunSummary;
import dev.evperf.results.RunDir;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf summary RUN_DIR}: the seed-000 tables of every trial, and one line per trial across a
 * sweep; for a run over agents, per trial its latency ± the clock bound and every agent's clock.
 */
@Command(name = "summary", mixinStandardHelpOptions = true, description = "Prints the tables of a results directory.")
final class SummaryCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "A results directory written by 'evperf run'.")
    Path runDir;

    @Mixin
    FormatOption format;

    @Mixin
    WarmUpOption warmUp;

    @Mixin
    Verbosity verbosity;

    @Override
    public Integer call() {
        RunSummary.Format tables = format.of(RunSummary.Format.values());
        if (AgentRunSummary.isAgentRun(runDir)) {
            AgentRunSummary run = AgentRunSummary.load(runDir);
            switch (tables) {
                case JSON -> run.json(main.out);
                case CSV -> run.csv(main.out);
                default -> run.text(main.out);
            }
            return 0;
        }
        RunDir.openChecked(runDir);
        Summaries.print(runDir, tables, warmUp.keepWarmUp, main.out);
        return 0;
    }
}
