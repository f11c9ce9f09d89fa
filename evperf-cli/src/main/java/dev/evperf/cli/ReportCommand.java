package dev.evperf.cli;

import com.fasterxml.jackson.databind.JsonNode;
import dev.evperf.agent.AgentReportPage;
import dev.evperf.agent.AgentRunSummary;
import dev.evperf.analysis.report.ReportOptions;
import dev.evperf.analysis.report.ReportWriter;
import dev.evperf.results.RunDir;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf report RUN_DIR [-o FILE]}: one self-contained HTML file (chart library and data
 * inline, works offline) with the run overview, every trial's tables and charts, and the
 * comparison across a sweep, and for a suite run ({@code evperf suite}) its section per test. Exit 0 when written (failed trials are listed in it, not an error),
 * 2 for bad input (not a run directory, another results format), 1 for anything else.
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = "Writes a self-contained HTML report of a results directory.")
public final class ReportCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "A results directory written by 'evperf run'.")
    Path runDir;

    @Option(
            names = {"-o", "--out"},
            paramLabel = "FILE",
            description = "The HTML file to write (default: RUN_DIR/report.html).")
    Path out;

    @Mixin
    WarmUpOption warmUp;

    @Mixin
    Verbosity verbosity;

    @Override
    public Integer call() {
        PrintStream err = main != null && main.err != null ? main.err : System.err;
        return run(runDir, out, err, verbosity.verbose, warmUp.keepWarmUp);
    }

    /** Writes the report of runDir to htmlOut (null: RUN_DIR/report.html); one line on err. @return the exit code */
    public static int run(Path runDir, Path htmlOut, PrintStream err) {
        return run(runDir, htmlOut, err, false, false);
    }

    /** A suite run's rows for the page's suite section (the same as suite.json's); null for other runs. */
    private static JsonNode suiteRows(Path runDir) {
        try {
            return SuiteReport.data(runDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static int run(Path runDir, Path htmlOut, PrintStream err, boolean verbose, boolean keepWarmUp) {
        Path file = htmlOut != null ? htmlOut : runDir.resolve("report.html");
        try {
            if (AgentRunSummary.isAgentRun(runDir)) return agentReport(runDir, file, err);
            RunDir.openChecked(runDir);
            ReportWriter.Written w = new ReportWriter(
                            ReportOptions.DEFAULT.withCutWarmUp(!keepWarmUp),
                            new ReportMarks(),
                            ReportCommand::suiteRows)
                    .writeReport(runDir, file);
            err.println(String.format(
                    Locale.ROOT,
                    "evperf: report of %d trial%s%s written to %s (%d KB, %.1f s)",
                    w.trials(),
                    w.trials() == 1 ? "" : "s",
                    w.failedTrials() == 0 ? "" : " (" + w.failedTrials() + " failed, listed with their reasons)",
                    w.file(),
                    (w.bytes() + 1023) / 1024,
                    w.millis() / 1000.0));
            return 0;
        } catch (IllegalArgumentException e) {
            if (verbose) e.printStackTrace(err);
            err.println("evperf: " + e.getMessage());
            return Main.BAD_INPUT;
        } catch (UncheckedIOException e) {
            // a file of the run that cannot be read, or an output path that cannot be written: the user's to fix
            if (verbose) e.printStackTrace(err);
            String cause = e.getCause() == null ? null : e.getCause().getMessage();
            err.println("evperf: " + e.getMessage()
                    + (cause == null || e.getMessage().contains(cause) ? "" : ": " + cause));
            return Main.BAD_INPUT;
        } catch (RuntimeException e) {
            if (verbose) e.printStackTrace(err);
            err.println("evperf: internal error: " + e + (verbose ? "" : " (run with --verbose for the stack trace)"));
            return 1;
        }
    }

    /** A run over agents: its own page (latency ± the clock bound per trial, every agent's clock). */
    private static int agentReport(Path runDir, Path file, PrintStream err) {
        long t0 = System.nanoTime();
        AgentRunSummary run = AgentRunSummary.load(runDir);
        long bytes;
        try {
            bytes = AgentReportPage.write(run, file);
        } catch (IOException e) {
            throw new UncheckedIOException(file.toString(), e);
        }
        err.println(String.format(
                Locale.ROOT,
                "evperf: report of a run over agents, %d trial%s, written to %s (%d KB, %.1f s)",
                run.trials().size(),
                run.trials().size() == 1 ? "" : "s",
                file,
                (bytes + 1023) / 1024,
                (System.nanoTime() - t0) / 1e9));
        return 0;
    }
}
