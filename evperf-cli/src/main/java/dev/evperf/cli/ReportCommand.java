package dev.evperf.cli;

import dev.evperf.analysis.report.ReportWriter;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf report RUN_DIR [-o FILE]}: one self-contained HTML file (chart library and data
 * inline, works offline) with the run overview, every trial's tables and charts, and the
 * comparison across a sweep. Exit 0 when written (failed trials are listed in it, not an error),
 * 2 for bad input (not a run directory, another results format), 1 for anything else.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Writes a self-contained HTML report of a results directory.")
public final class ReportCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "RUN_DIR", description = "A results directory written by 'evperf run'.")
    Path runDir;

    @Option(names = {"-o", "--out"}, paramLabel = "FILE", description = "The HTML file to write (default: RUN_DIR/report.html).")
    Path out;

    @Option(names = "--verbose", description = "Stack traces on errors.")
    boolean verbose;

    @Override
    public Integer call() {
        PrintStream err = main != null && main.err != null ? main.err : System.err;
        return run(runDir, out, err, verbose);
    }

    /** Writes the report of runDir to htmlOut (null: RUN_DIR/report.html); one line on err. @return the exit code */
    public static int run(Path runDir, Path htmlOut, PrintStream err) {
        return run(runDir, htmlOut, err, false);
    }

    static int run(Path runDir, Path htmlOut, PrintStream err, boolean verbose) {
        Path file = htmlOut != null ? htmlOut : runDir.resolve("report.html");
        try {
            ReportWriter.Written w = ReportWriter.write(runDir, file, new ReportMarks());
            err.println(String.format(Locale.ROOT, "evperf: report of %d trial%s%s written to %s (%d KB, %.1f s)",
                    w.trials(), w.trials() == 1 ? "" : "s", w.failedTrials() == 0 ? "" : " (" + w.failedTrials() + " failed, listed with their reasons)",
                    w.file(), (w.bytes() + 1023) / 1024, w.millis() / 1000.0));
            return 0;
        } catch (IllegalArgumentException e) {
            if (verbose) e.printStackTrace(err);
            err.println("evperf: " + e.getMessage());
            return Main.BAD_INPUT;
        } catch (UncheckedIOException e) {
            if (verbose) e.printStackTrace(err);
            err.println("evperf: " + e.getMessage() + (e.getCause() == null ? "" : ": " + e.getCause().getMessage()));
            return 1;
        } catch (RuntimeException e) {
            if (verbose) e.printStackTrace(err);
            err.println("evperf: internal error: " + e + (verbose ? "" : " (run with --verbose for the stack trace)"));
            return 1;
        }
    }
}
