package dev.evperf.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.api.config.Dur;
import dev.evperf.core.component.RunComponents;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.load.ScheduleCheck;
import dev.evperf.core.results.Json;
import dev.evperf.core.trial.Controller;
import dev.evperf.core.trial.Interrupts;
import dev.evperf.core.trial.PlanChecker;
import dev.evperf.core.trial.SustainSearch;
import dev.evperf.core.trial.SustainVerdict;
import dev.evperf.core.trial.SustainVerdict.Probe;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.Receipt;
import dev.evperf.core.workload.SpecWorkload;
import dev.evperf.core.workload.Timing;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadException;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.core.workload.WorkloadValidator;
import java.io.IOException;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf sustain WORKLOAD}: the highest constant rate the engine sustains. The workload's
 * streams, data, engine and queries are kept; its load is replaced, per probe, by a warm-up and a
 * measured phase at the probe's constant rate. Each probe is a fresh trial.
 *
 * <p>Over 400 lines (since formatting at 120 columns): the command's fourteen options with their
 * descriptions, the search loop, the probe's workload, the confirmations and the printed tables
 * belong to this one command; the verdict itself is {@code SustainVerdict}, the search
 * {@code SustainSearch}. The tables are the next part to move out if it grows.
 */
@Command(
        name = "sustain",
        mixinStandardHelpOptions = true,
        description = "Finds the highest constant rate the engine sustains (exponential probes, then bracketing).")
final class SustainCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(
            index = "0",
            paramLabel = "WORKLOAD",
            description = "The workload file (YAML); its load section is replaced by the probes.")
    Path workload;

    @Option(
            names = "--out",
            paramLabel = "DIR",
            description = "Results directory (default: results/<name>-sustain-<time>).")
    Path out;

    @Option(
            names = "--start",
            defaultValue = "1000",
            description = "First probe's rate, events/s (default: ${DEFAULT-VALUE}).")
    double start;

    @Option(
            names = "--factor",
            defaultValue = "4",
            description = "Growth factor of the upward probes (default: ${DEFAULT-VALUE}).")
    double factor;

    @Option(
            names = "--precision",
            defaultValue = "2",
            description = "Width of the final bracket, %% (default: ${DEFAULT-VALUE}).")
    double precisionPercent;

    @Option(
            names = "--max-probes",
            defaultValue = "10",
            description = "At most this many probes (default: ${DEFAULT-VALUE}).")
    int maxProbes;

    @Option(
            names = "--warmup",
            defaultValue = "2s",
            description = "Warm-up of each probe, at its rate (default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(
            names = "--duration",
            defaultValue = "5s",
            description = "Measured part of each probe (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(
            names = "--p99",
            paramLabel = "DURATION",
            description = "Also require scheduled p99 latency under this bound.")
    String p99;

    @Option(
            names = "--backlog-tolerance",
            defaultValue = "1",
            paramLabel = "MS_PER_S",
            description =
                    "A backlog grows when scheduled latency rises faster than this, ms per s (default: ${DEFAULT-VALUE}).")
    double backlogTolerance;

    @Option(
            names = "--lag-tolerance",
            defaultValue = "0.01",
            paramLabel = "SHARE",
            description =
                    "Engines behind Kafka: the consumer lag grows when its slope after the warm-up exceeds this share of the"
                            + " rate, records/s per event/s (Theodolite's criterion; default: ${DEFAULT-VALUE}).")
    double lagTolerance;

    @Option(
            names = "--max-lag",
            defaultValue = "50ms",
            paramLabel = "DURATION",
            description =
                    "The sends may never be further behind schedule in the measured phase (default: ${DEFAULT-VALUE}).")
    String maxLag;

    @Option(
            names = "--max-events",
            defaultValue = "10000000",
            description =
                    "Events per probe at most: a fast probe's warm-up and"
                            + " measured time shrink in proportion, so that a search of ten probes stays within minutes (default: ${DEFAULT-VALUE}).")
    long maxEvents;

    @Option(
            names = "--no-drops",
            description = "Also require every event sent to come out of the engine (outputs ≥ inputs:"
                    + " for pass-through queries, and for transports that may lose events).")
    boolean noDrops;

    @Option(
            names = "--records",
            description = "Keep each probe's per-event records and time every send (off by default: probes"
                    + " run in capacity mode, measure.timing: sampled, timing 1 in 64 sends, so the harness takes a few %% of a pass-through"
                    + " query's time (docs/benchmarks.md); probes at millions of events/s would also write gigabytes; the verdict needs only the interval series"
                    + " and the histograms).")
    boolean records;

    @Option(
            names = "--confirm",
            defaultValue = "0",
            paramLabel = "K",
            description =
                    "After the search, probe the sustainable rate K more"
                            + " times, each in a fresh JVM, and report in how many it was sustained: an engine whose capacity varies between JVMs"
                            + " (JIT decisions, memory layout) is sustained at that rate only as often as that (default: ${DEFAULT-VALUE}).")
    int confirm;

    @Mixin
    Verbosity verbosity;

    @Override
    public Integer call() throws Exception {
        Dur warm = option("--warmup", warmup);
        Dur measure = option("--duration", duration);
        if (measure.nanos() <= 0) throw new IllegalArgumentException("--duration: expected a duration above 0");
        if (maxEvents < 1000) throw new IllegalArgumentException("--max-events: expected at least 1000");
        if (confirm < 0) throw new IllegalArgumentException("--confirm: expected 0 or more confirmation probes");
        Double p99Us = p99 == null ? null : option("--p99", p99).nanos() / 1e3;
        double maxLagMs = option("--max-lag", maxLag).nanos() / 1e6;
        SustainSearch search;
        try {
            search = new SustainSearch(start, factor, precisionPercent / 100, maxProbes);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("sustain: " + e.getMessage());
        }
        WorkloadValidator validator = new WorkloadValidator(Engines.available().keySet());
        Plan base = WorkloadLoader.load(workload, validator);
        if (!base.base().matrix.isEmpty()) {
            throw new WorkloadException(workload + ": matrix: sustain probes one configuration; remove the matrix");
        }
        PlanChecker.check(base);
        // The first probe's schedule, checked now: a --duration too short for two events at --start is bad input.
        probe(base, validator, "t000", start, warm, measure, records);
        Path runDir = out != null
                ? out
                : Path.of(
                        "results",
                        (base.base().name != null ? base.base().name : "workload") + "-sustain-"
                                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        OutDir.prepare(runDir, "--out");
        main.err.println("evperf: sustain " + workload + " on " + base.base().engine.name + "; results in " + runDir);
        // Engines behind Kafka: the components start once, are checked against, and serve every probe.
        try (Interrupts interrupts = Interrupts.install();
                RunComponents components = Components.startAndCheck(
                        base,
                        runDir,
                        System.getProperty("java.class.path"),
                        main.err,
                        () -> interrupts.signal() != null)) {
            return runSearch(
                    base,
                    validator,
                    search,
                    runDir,
                    interrupts,
                    components,
                    warm,
                    measure,
                    new SustainVerdict.Criteria(maxLagMs, backlogTolerance, noDrops, p99Us, lagTolerance));
        }
    }

    /** The probes, each a fresh trial of one results directory, until the search converges. @return the exit code */
    private int runSearch(
            Plan base,
            WorkloadValidator validator,
            SustainSearch search,
            Path runDir,
            Interrupts interrupts,
            RunComponents components,
            Dur warm,
            Dur measure,
            SustainVerdict.Criteria criteria)
            throws IOException {
        // Verdicts see every measured event of a probe: its own warm-up phase is the only one left out.
        Controller controller = new Controller(
                runDir, System.getProperty("java.class.path"), Summaries::trialSummaryKeepingWarmUp, main.err);
        controller.interruptible(interrupts);
        controller.begin(new Plan(base.workloadFile(), base.tree(), base.base(), List.of()));
        if (components != null) {
            controller.components(components);
            controller.annotate("components", components.describe());
        }
        long t0 = System.nanoTime();
        List<Probe> rows = new ArrayList<>();
        Double rate;
        int i = 0;
        while ((rate = search.next()) != null) {
            i++;
            Probe row;
            try {
                row = runProbe(controller, base, validator, i, rate, warm, measure, criteria, "probe");
            } catch (Interrupts.RunInterrupted e) {
                // the probes that finished are a true record of the search so far
                ObjectNode partial = Json.MAPPER
                        .createObjectNode()
                        .put("interrupted", e.signal())
                        .put("probes", rows.size());
                ArrayNode done = partial.putArray("probe_results");
                rows.forEach(r -> done.add(Json.MAPPER.valueToTree(r)));
                controller.annotate("sustain", partial);
                throw e;
            }
            rows.add(row);
            // Only a saturated probe's achieved rate estimates the capacity; one that missed its rate by a
            // stall (a busy machine) says nothing about it.
            search.record(new SustainSearch.Probe(
                    rate,
                    row.sustained(),
                    row.saturated() && row.achievedRate() != null ? row.achievedRate() : 0,
                    row.reason()));
        }
        // Confirmation: the same rate again in fresh JVMs. The search saw each rate once; an engine whose
        // capacity differs between JVMs passes or fails the same rate depending on the JVM it got.
        List<Probe> confirmations = new ArrayList<>();
        if (confirm > 0 && !Double.isNaN(search.sustainable())) {
            for (int k = 0; k < confirm; k++) {
                i++;
                confirmations.add(runProbe(
                                controller,
                                base,
                                validator,
                                i,
                                search.sustainable(),
                                warm,
                                measure,
                                criteria,
                                "confirmation")
                        .asConfirmation());
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        ObjectNode result = Json.MAPPER.createObjectNode();
        result.put("sustainable_rate", search.sustainable());
        result.put("lowest_failed_rate", search.lowestFailure());
        result.put(
                "bracket_percent",
                Double.isNaN(search.lowestFailure()) || Double.isNaN(search.sustainable())
                        ? Double.NaN
                        : (search.lowestFailure() - search.sustainable()) / search.lowestFailure() * 100);
        result.put("converged", search.done());
        result.put("probes", rows.size());
        result.put("seconds", seconds);
        ArrayNode probes = result.putArray("probe_results");
        rows.forEach(r -> probes.add(Json.MAPPER.valueToTree(r)));
        Spread capacity = Spread.of(rows, confirmations);
        if (capacity != null) {
            ObjectNode c = result.putObject("saturated_capacity");
            c.put("probes", capacity.n);
            c.put("min_rate", capacity.min);
            c.put("max_rate", capacity.max);
        }
        long confirmed = confirmations.stream().filter(Probe::sustained).count();
        if (!confirmations.isEmpty()) {
            ObjectNode c = result.putObject("confirmation");
            c.put("rate", search.sustainable());
            c.put("trials", confirmations.size());
            c.put("sustained", confirmed);
            ArrayNode cr = c.putArray("results");
            confirmations.forEach(r -> cr.add(Json.MAPPER.valueToTree(r)));
        }
        controller.annotate("sustain", result);
        if (components != null) {
            components.close();
            controller.annotate("components", components.describe());
        }
        controller.finish();
        print(rows, search, seconds);
        print(capacity, confirmations, confirmed, search.sustainable());
        interrupts.check("interrupted by a signal while printing the tables; the search is complete in " + runDir);
        return search.done() && confirmed == confirmations.size() ? 0 : 1;
    }

    private Probe runProbe(
            Controller controller,
            Plan base,
            WorkloadValidator validator,
            int i,
            double rate,
            Dur warm,
            Dur measure,
            SustainVerdict.Criteria criteria,
            String what)
            throws IOException {
        double total = rate * (warm.seconds() + measure.seconds());
        double shrink = total > maxEvents ? maxEvents / total : 1;
        if (shrink < 1) {
            main.err.printf(
                    Locale.ROOT,
                    "evperf: %s %d at %.1f ev/s runs %.3f s + %.3f s to stay within --max-events %d%n",
                    what,
                    i,
                    rate,
                    warm.seconds() * shrink,
                    measure.seconds() * shrink,
                    maxEvents);
        }
        TrialSpec probe = probe(
                base,
                validator,
                String.format("t%03d", i),
                rate,
                Dur.ofNanos(Math.round(warm.nanos() * shrink)),
                Dur.ofNanos(Math.round(measure.nanos() * shrink)),
                records);
        Probe row = SustainVerdict.judge(rate, controller.runTrial(probe, i, 0), criteria);
        main.err.printf(
                Locale.ROOT,
                "evperf: %s %d at %.1f ev/s: %s%n",
                what,
                i,
                rate,
                row.sustained() ? "sustained" : "not sustained (" + row.reason() + ")");
        return row;
    }

    /**
     * The achieved rates of the saturated probes (see {@link SustainVerdict#SATURATED}): a synchronous engine that
     * cannot keep up accepts events exactly as fast as it processes them, so each is the engine's
     * capacity in that probe's JVM. Their spread shows how much it varies.
     */
    private static final class Spread {
        final int n;
        final double min, max;

        private Spread(int n, double min, double max) {
            this.n = n;
            this.min = min;
            this.max = max;
        }

        static Spread of(List<Probe> probes, List<Probe> confirmations) {
            int n = 0;
            double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
            for (List<Probe> rows : List.of(probes, confirmations)) {
                for (Probe r : rows) {
                    if (!r.saturated()) continue;
                    n++;
                    min = Math.min(min, r.achievedRate());
                    max = Math.max(max, r.achievedRate());
                }
            }
            return n == 0 ? null : new Spread(n, min, max);
        }
    }

    private void print(Spread capacity, List<Probe> confirmations, long confirmed, double rate) {
        if (capacity != null) {
            main.out.printf(
                    Locale.ROOT,
                    "saturated probes achieved %.1f–%.1f ev/s (%d probe%s, each a fresh JVM: the engine's capacity there)%n",
                    capacity.min,
                    capacity.max,
                    capacity.n,
                    capacity.n == 1 ? "" : "s");
        }
        if (!confirmations.isEmpty()) {
            main.out.printf(
                    Locale.ROOT,
                    "confirmation at %.1f ev/s: sustained in %d of %d fresh JVMs%s%n",
                    rate,
                    confirmed,
                    confirmations.size(),
                    confirmed == confirmations.size()
                            ? ""
                            : " (the capacity varies between JVMs: this rate is not sustained reliably)");
        }
    }

    private static Dur option(String name, String text) {
        try {
            return Dur.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + ": " + e.getMessage());
        }
    }

    /** The base workload with its load replaced by a warm-up and a measured phase at {@code rate}. */
    private static TrialSpec probe(
            Plan base, WorkloadValidator validator, String id, double rate, Dur warm, Dur measure, boolean records) {
        ObjectNode tree = base.tree().deepCopy();
        tree.remove("matrix");
        ObjectNode measureNode = tree.withObject("/measure");
        measureNode.put("records", records);
        if (!records) {
            // Capacity mode: 1 in k sends timed, the others sent with no clock read while behind schedule; k at most
            // 64,
            // and small enough that every 250 ms interval still has ~100 timed sends for its median.
            measureNode.put("timing", Timing.SAMPLED.text());
            measureNode.put("sample", (int) Math.max(1, Math.min(64, rate * 0.25 / 100)));
            measureNode.put("tracepoints", false);
            measureNode.put("receipt", Receipt.LISTENER.text());
        }
        ObjectNode load = tree.withObject("/load");
        ArrayNode phases = load.putArray("phases");
        if (warm.nanos() > 0) {
            ObjectNode w = phases.addObject();
            w.put("name", "warmup");
            w.put("measure", false);
            w.putObject("constant").put("rate", rate).put("duration", warm.text());
        }
        ObjectNode m = phases.addObject();
        m.put("name", "measure");
        m.putObject("constant").put("rate", rate).put("duration", measure.text());
        // A neutral query (engine.query, as evperf suite --sustain gives): its streams and queries for this engine.
        if (SpecWorkload.present(tree))
            SpecWorkload.expand(tree, base.workloadFile() + " (probe at " + rate + " ev/s)");
        Workload w;
        try {
            w = WorkloadLoader.YAML.treeToValue(tree, Workload.class);
        } catch (JsonProcessingException e) {
            throw new WorkloadException(
                    base.workloadFile() + ": probe at " + rate + " ev/s: " + e.getOriginalMessage());
        }
        validator.validate(w, base.workloadFile() + " (probe at " + rate + " ev/s)");
        ScheduleCheck.check(w, null, base.workloadFile() + " (probe at " + rate + " ev/s)");
        return new TrialSpec(
                id, Map.of("rate", Json.MAPPER.getNodeFactory().numberNode(rate)), 0, w.trial.jvm, tree, w);
    }

    private void print(List<Probe> rows, SustainSearch search, double seconds) {
        main.out.println(
                "Rate against latency (probes in rate order; scheduled latency is from the intended send time)");
        main.out.printf(
                "  %-5s %14s %14s %12s %12s %12s %12s %10s  %s%n",
                "probe",
                "target ev/s",
                "achieved ev/s",
                "p50 sched µs",
                "p99 sched µs",
                "backlog ms/s",
                "lag rec/s",
                "sustained",
                "why not");
        rows.stream()
                .sorted(Comparator.comparingDouble(Probe::rate))
                .forEach(r -> main.out.printf(
                        Locale.ROOT,
                        "  %-5s %14.1f %14s %12s %12s %12s %12s %10s  %s%n",
                        r.id(),
                        r.rate(),
                        figure(r.achievedRate(), "%.1f"),
                        figure(r.scheduledP50Us(), "%.1f"),
                        figure(r.scheduledP99Us(), "%.1f"),
                        figure(r.backlogMsPerS(), "%.3f"),
                        figure(r.consumerLagPerS(), "%.1f"),
                        r.sustained() ? "yes" : "no",
                        r.reason()));
        if (search.done()) {
            main.out.printf(
                    Locale.ROOT,
                    "sustainable: %.1f ev/s (%.1f failed; bracket %.2f %%), %d probes in %.1f s%n",
                    search.sustainable(),
                    search.lowestFailure(),
                    (search.lowestFailure() - search.sustainable()) / search.lowestFailure() * 100,
                    rows.size(),
                    seconds);
        } else {
            main.out.println(notConverged(rows.size(), seconds, search.sustainable(), search.lowestFailure()));
        }
    }

    /** A probe's figure, or "-" when its trial did not end ok and has none. */
    private static String figure(Double v, String format) {
        return v == null || Double.isNaN(v) ? "-" : String.format(Locale.ROOT, format, v);
    }

    /** What a search that ran out of probes found: the bracket, or which side of it is still open. */
    static String notConverged(int probes, double seconds, double highestSustained, double lowestFailed) {
        String head = String.format(
                Locale.ROOT, "not converged after %d probe%s in %.1f s: ", probes, probes == 1 ? "" : "s", seconds);
        if (Double.isNaN(lowestFailed)) {
            return head
                    + String.format(
                            Locale.ROOT,
                            "every probe was sustained, up to %.1f ev/s, so the engine's limit is higher"
                                    + " (more probes: --max-probes; a faster climb: --start, --factor)",
                            highestSustained);
        }
        if (Double.isNaN(highestSustained)) {
            return head
                    + String.format(
                            Locale.ROOT,
                            "no probe was sustained, down to %.1f ev/s, so the limit is lower"
                                    + " (start lower: --start; more probes: --max-probes)",
                            lowestFailed);
        }
        return head
                + String.format(
                        Locale.ROOT,
                        "highest sustained %.1f ev/s, lowest failed %.1f ev/s (more probes: --max-probes)",
                        highestSustained,
                        lowestFailed);
    }
}
