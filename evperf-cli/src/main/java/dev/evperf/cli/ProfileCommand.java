package dev.evperf.cli;

import dev.evperf.analysis.summary.RunSummary.Format;
import dev.evperf.api.config.Dur;
import dev.evperf.core.data.CsvSource;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.load.ProfilePreview;
import dev.evperf.core.load.Schedule;
import dev.evperf.core.trial.PlanChecker;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.core.workload.WorkloadValidator;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/** {@code evperf profile WORKLOAD}: the intended rate over time, so a profile can be checked before a long run. */
@Command(
        name = "profile",
        mixinStandardHelpOptions = true,
        description = "Prints the load profile's target and intended rate over time, without starting an engine.")
final class ProfileCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "The workload file (YAML).")
    Path workload;

    @Option(names = "--interval", defaultValue = "1s", description = "Bucket width (default: ${DEFAULT-VALUE}).")
    String interval;

    @Option(names = "--trial", paramLabel = "ID", description = "Which trial of the matrix (default: the first).")
    String trial;

    @Mixin
    FormatOption format;

    @Mixin
    Verbosity verbosity;

    @Override
    public Integer call() {
        long bucket;
        try {
            bucket = Dur.parse(interval).nanos();
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("--interval: " + e.getMessage());
        }
        if (bucket <= 0) throw new IllegalArgumentException("--interval: expected a duration above 0");
        boolean csv = format.of(Format.TEXT, Format.CSV) == Format.CSV;
        Plan plan = WorkloadLoader.load(
                workload, new WorkloadValidator(Engines.available().keySet()));
        TrialSpec t = trial == null
                ? plan.trials().get(0)
                : plan.trials().stream()
                        .filter(x -> x.id().equals(trial))
                        .findFirst()
                        .orElseThrow(() -> new IllegalArgumentException("--trial: no trial " + trial + "; the plan has "
                                + plan.trials().get(0).id() + " to "
                                + plan.trials().get(plan.trials().size() - 1).id()));
        Schedule s = Schedule.of(
                t.workload().load.phases,
                t.workload().load.batch,
                CsvSource.traces(t.workload(), PlanChecker.baseDir(workload), workload.toString()));
        List<ProfilePreview.Row> rows = ProfilePreview.of(s, bucket);
        if (csv) {
            main.out.println("t_s,phase,target_rate,intended_rate");
            for (ProfilePreview.Row r : rows) {
                main.out.printf(
                        Locale.ROOT,
                        "%.3f,%s,%s,%.3f%n",
                        r.tSeconds(),
                        r.phase(),
                        Double.isNaN(r.targetRate()) ? "" : String.format(Locale.ROOT, "%.3f", r.targetRate()),
                        r.intendedRate());
            }
            return 0;
        }
        main.out.printf("%s, trial %s (%s): %d events%n", workload, t.id(), t.label(), s.size());
        for (Schedule.PhaseInfo p : s.phases) {
            main.out.printf(
                    Locale.ROOT,
                    "  phase %-10s %-11s %10d events over %8.3f s, %s%n",
                    p.name(),
                    p.profile(),
                    p.count(),
                    p.intendedSpan() / 1e9,
                    p.rateText());
        }
        double top = rows.stream()
                .mapToDouble(r -> Math.max(Double.isNaN(r.targetRate()) ? 0 : r.targetRate(), r.intendedRate()))
                .max()
                .orElse(1);
        main.out.printf("%n  %9s  %-10s %14s %14s%n", "t s", "phase", "target ev/s", "intended ev/s");
        for (ProfilePreview.Row r : rows) {
            int bar = top <= 0 ? 0 : (int) Math.round(40 * r.intendedRate() / top);
            main.out.printf(
                    Locale.ROOT,
                    "  %9.3f  %-10s %14s %14.1f  %s%n",
                    r.tSeconds(),
                    r.phase(),
                    Double.isNaN(r.targetRate()) ? "max" : String.format(Locale.ROOT, "%.1f", r.targetRate()),
                    r.intendedRate(),
                    "#".repeat(bar));
        }
        return 0;
    }
}
