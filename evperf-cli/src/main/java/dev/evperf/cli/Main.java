package dev.evperf.cli;

import dev.evperf.agent.AgentFailure;
import dev.evperf.core.results.Environment;
import dev.evperf.core.trial.Interrupts;
import dev.evperf.core.trial.TrialFailure;
import dev.evperf.core.trial.TrialMain;
import dev.evperf.core.workload.WorkloadException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.util.Arrays;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The {@code evperf} command. Exit codes: 0 success; 1 a trial failed or an internal error;
 * 2 bad input (workload, options, results directory), reported as one line without a stack
 * trace unless {@code --verbose}; 130 or 143 when SIGINT or SIGTERM stopped a run (one line).
 */
@Command(
        name = "evperf",
        mixinStandardHelpOptions = true,
        versionProvider = Main.Version.class,
        description = "Benchmarks event-processing engines and explains what it measured.",
        subcommands = {
            RunCommand.class,
            AgentCommand.class,
            SummaryCommand.class,
            ProfileCommand.class,
            SustainCommand.class,
            ReportCommand.class,
            CompareCommand.class,
            ModelCommand.class,
            RefStudyCommand.class,
            PairsCommand.class,
            SuiteCommand.class,
            CommandLine.HelpCommand.class
        })
public final class Main {
    public static final int BAD_INPUT = 2;

    public static void main(String[] args) {
        System.exit(execute(System.out, System.err, args));
    }

    /** Where subcommands print: the summary to out, progress and errors to err. */
    PrintStream out;

    PrintStream err;

    public static int execute(PrintStream out, PrintStream err, String... args) {
        TrialMain.quietEngineLogs();
        Main main = new Main();
        main.out = out;
        main.err = err;
        CommandLine cl = new CommandLine(main);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        cl.setParameterExceptionHandler((ex, a) -> {
            // Options are not bound yet when they are what is wrong: --verbose is looked for in the words.
            if (Arrays.asList(a).contains("--verbose")) ex.printStackTrace(err);
            err.println("evperf: " + ex.getMessage());
            return BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, cmd, parsed) -> {
            boolean verbose = Verbosity.of(cmd);
            if (verbose) ex.printStackTrace(err);
            if (ex instanceof WorkloadException || ex instanceof IllegalArgumentException) {
                err.println("evperf: " + oneLine(ex.getMessage()));
                return BAD_INPUT;
            }
            if (ex instanceof Interrupts.RunInterrupted stopped) {
                err.println("evperf: " + oneLine(ex.getMessage()));
                return stopped.exitCode();
            }
            if (ex instanceof TrialFailure || ex instanceof AgentFailure) {
                err.println("evperf: " + oneLine(ex.getMessage()));
                return 1;
            }
            err.println("evperf: internal error: " + ex + (verbose ? "" : " (run with --verbose for the stack trace)"));
            return 1;
        });
        return cl.execute(args);
    }

    /** A message that quotes the user's input (a query, a value) stays one line: its line breaks are shown, not made. */
    static String oneLine(String message) {
        return String.valueOf(message)
                .strip()
                .replace("\r\n", "\\n")
                .replace("\n", "\\n")
                .replace("\r", "\\r");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"evperf " + Environment.version() + " (" + Environment.commit() + ")"};
        }
    }
}
