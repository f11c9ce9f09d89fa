package dev.evperf.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.report.ComparePage;
import dev.evperf.analysis.stats.Comparison;
import dev.evperf.analysis.stats.RunComparison;
import dev.evperf.analysis.stats.RunWarnings;
import dev.evperf.analysis.summary.RunSummary;
import dev.evperf.results.RunDir;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf compare RUN_A RUN_B … [--html FILE]}: the first run against each other one, per
 * metric, on units independent enough to count (trials, or blocks of consecutive values): the
 * difference with its interval, its size against the units' spread, and a verdict that needs
 * both a significant and a practical difference (see {@link dev.evperf.analysis.stats.Comparison});
 * every way the runs' configurations differ is listed with it. With {@code --html} also a
 * self-contained page with the same tables and the runs' distributions overlaid per metric (see
 * {@link ComparePage}).
 */
@Command(
        name = "compare",
        mixinStandardHelpOptions = true,
        description =
                "Compares results directories per metric on independent units (trials when both runs have repetitions, "
                        + "else blocks of consecutive values): the difference with its interval, the difference in spreads, and a verdict "
                        + "(A faster, B faster, no difference) that needs the interval to exclude 0 and the difference to reach --min-effect "
                        + "spreads; lists how the runs' configurations differ. With --html FILE also an HTML page with the runs' "
                        + "distributions overlaid per metric.")
public final class CompareCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(
            arity = "2..*",
            paramLabel = "RUN",
            description = "Results directories written by 'evperf run'; the first (A) is compared with each other one.")
    List<Path> runs;

    @Mixin
    FormatOption format;

    @Option(
            names = "--html",
            paramLabel = "FILE",
            description =
                    "Also write one self-contained HTML page (works offline): "
                            + "the same tables and, per metric, the runs' distributions (CDFs) overlaid. The path written is printed on stderr.")
    Path html;

    @Option(
            names = "--alpha",
            defaultValue = "0.01",
            description = "Significance level of the verdict; the intervals are at 1 - alpha "
                    + "(default: ${DEFAULT-VALUE}).")
    double alpha;

    @Option(
            names = "--min-effect",
            paramLabel = "D",
            description =
                    "Least difference a verdict calls faster, in spreads (the pooled standard deviation of the units' medians); "
                            + "a smaller one is no difference however significant (default: 1 over trials; over blocks of one trial per run, "
                            + "z(1 - alpha/2) x sqrt(2), 3.64 at alpha 0.01).")
    Double minEffect;

    @Option(
            names = "--min-change",
            paramLabel = "PCT",
            defaultValue = "1%",
            description =
                    "Least relative difference a verdict calls faster, e.g. 1%% or 0.01 (default: ${DEFAULT-VALUE}).")
    String minChange;

    @Option(
            names = "--resamples",
            defaultValue = "1000",
            description = "Bootstrap resamples of block units (default: ${DEFAULT-VALUE}).")
    int resamples;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the bootstrap (default: ${DEFAULT-VALUE}).")
    long seed;

    @Mixin
    WarmUpOption warmUp;

    @Mixin
    Verbosity verbosity;

    @Override
    public Integer call() {
        RunSummary.Format f = format.of(RunSummary.Format.values());
        Comparison.Options o = new Comparison.Options(resamples, seed, alpha, minEffect, fraction(minChange));
        // Bad input propagates to Main, which prints it as one line (with the stack trace under --verbose).
        print(
                runs,
                f,
                o,
                warmUp.keepWarmUp,
                html,
                main == null ? System.out : main.out,
                main == null ? System.err : main.err);
        return 0;
    }

    /** "1%" or "0.01" as 0.01; bad input otherwise. */
    static double fraction(String s) {
        String t = s.strip();
        boolean pct = t.endsWith("%");
        try {
            double v = Double.parseDouble(pct ? t.substring(0, t.length() - 1).strip() : t);
            return pct ? v / 100 : v;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(
                    "--min-change: expected a fraction or a percentage such as 0.01 or 1%, got '" + s + "'");
        }
    }

    /** Text output, default options: the entry point for tests. */
    public static int run(List<Path> runs, PrintStream out, PrintStream err) {
        return run(runs, RunSummary.Format.TEXT, Comparison.Options.DEFAULT, false, out, err);
    }

    /**
     * @return 0, or {@link Main#BAD_INPUT} after one line on {@code err} when a directory is not a
     *         run (or has no trial to compare) or an option is out of range
     */
    public static int run(
            List<Path> runs,
            RunSummary.Format format,
            Comparison.Options options,
            boolean keepWarmUp,
            PrintStream out,
            PrintStream err) {
        try {
            print(runs, format, options, keepWarmUp, null, out, err);
            return 0;
        } catch (IllegalArgumentException e) {
            err.println("evperf: " + e.getMessage());
            return Main.BAD_INPUT;
        }
    }

    /** The comparison's JSON with a "warnings" member: per run, its disturbed trials and warnings. */
    private static String withWarnings(String json, List<RunWarnings> warnings) {
        try {
            ObjectMapper m = new ObjectMapper().setPropertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE);
            ObjectNode doc = (ObjectNode) m.readTree(json);
            doc.set("warnings", m.valueToTree(warnings));
            return m.writerWithDefaultPrettyPrinter().writeValueAsString(doc) + "\n";
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot add the warnings to the comparison's JSON", e);
        }
    }

    private static void print(
            List<Path> runs,
            RunSummary.Format format,
            Comparison.Options options,
            boolean keepWarmUp,
            Path html,
            PrintStream out,
            PrintStream err) {
        runs.forEach(RunDir::openChecked);
        RunComparison c = RunComparison.compare(runs, !keepWarmUp, options);
        // Disturbed trials and every trial's warnings next to the differences (stderr for CSV, which is one table).
        List<RunWarnings> warnings = RunWarnings.load(runs);
        long bytes = 0;
        if (html != null) {
            // Written before anything is printed, so an unwritable path leaves only its error line, as other bad input
            // does.
            try {
                bytes = ComparePage.write(c, warnings, html);
            } catch (UncheckedIOException e) {
                throw new IllegalArgumentException(e.getMessage(), e);
            }
        }
        out.print(
                switch (format) {
                    case TEXT -> c.text() + RunWarnings.text(warnings);
                    case JSON -> withWarnings(c.json(), warnings);
                    case CSV -> c.csv();
                });
        out.flush();
        if (format == RunSummary.Format.CSV)
            err.print(RunWarnings.text(warnings).stripLeading());
        if (html != null)
            err.println("evperf: comparison page written to " + html + " (" + (bytes + 1023) / 1024 + " KB)");
    }
}
