package dev.evperf.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.core.engine.Engines;
import dev.evperf.core.results.Json;
import dev.evperf.core.trial.Controller;
import dev.evperf.core.trial.PlanChecker;
import dev.evperf.core.trial.SustainSearch;
import dev.evperf.api.config.Dur;
import dev.evperf.core.workload.Plan;
import dev.evperf.core.workload.TrialSpec;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.WorkloadException;
import dev.evperf.core.workload.WorkloadLoader;
import dev.evperf.core.workload.WorkloadValidator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
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
 */
@Command(name = "sustain", mixinStandardHelpOptions = true,
        description = "Finds the highest constant rate the engine sustains (exponential probes, then bracketing).")
final class SustainCommand implements Callable<Integer> {
    @ParentCommand
    Main main;

    @Parameters(index = "0", paramLabel = "WORKLOAD", description = "The workload file (YAML); its load section is replaced by the probes.")
    Path workload;

    @Option(names = "--out", paramLabel = "DIR", description = "Results directory (default: results/<name>-sustain-<time>).")
    Path out;

    @Option(names = "--start", defaultValue = "1000", description = "First probe's rate, events/s (default: ${DEFAULT-VALUE}).")
    double start;

    @Option(names = "--factor", defaultValue = "4", description = "Growth factor of the upward probes (default: ${DEFAULT-VALUE}).")
    double factor;

    @Option(names = "--precision", defaultValue = "2", description = "Width of the final bracket, % (default: ${DEFAULT-VALUE}).")
    double precisionPercent;

    @Option(names = "--max-probes", defaultValue = "10", description = "At most this many probes (default: ${DEFAULT-VALUE}).")
    int maxProbes;

    @Option(names = "--warmup", defaultValue = "2s", description = "Warm-up of each probe, at its rate (default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--duration", defaultValue = "5s", description = "Measured part of each probe (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--p99", paramLabel = "DURATION", description = "Also require scheduled p99 latency under this bound.")
    String p99;

    @Option(names = "--backlog-tolerance", defaultValue = "1", paramLabel = "MS_PER_S",
            description = "A backlog grows when scheduled latency rises faster than this, ms per s (default: ${DEFAULT-VALUE}).")
    double backlogTolerance;

    @Option(names = "--max-lag", defaultValue = "50ms", paramLabel = "DURATION",
            description = "The sends may never be further behind schedule in the measured phase (default: ${DEFAULT-VALUE}).")
    String maxLag;

    @Option(names = "--max-events", defaultValue = "10000000", description = "Events per probe at most: a fast probe's warm-up and"
            + " measured time shrink in proportion, so that a search of ten probes stays within minutes (default: ${DEFAULT-VALUE}).")
    long maxEvents;

    @Option(names = "--no-drops", description = "Also require every event sent to come out of the engine (outputs ≥ inputs:"
            + " for pass-through queries, and for transports that may lose events).")
    boolean noDrops;

    @Option(names = "--records", description = "Keep each probe's per-event records and time every send (off by default: probes"
            + " run in capacity mode, measure.timing: sampled, timing 1 in 64 sends, so the harness takes ≤ 5 % of a pass-through"
            + " query's time; probes at millions of events/s would also write gigabytes; the verdict needs only the interval series"
            + " and the histograms).")
    boolean records;

    @Option(names = "--confirm", defaultValue = "0", paramLabel = "K", description = "After the search, probe the sustainable rate K more"
            + " times, each in a fresh JVM, and report in how many it was sustained: an engine whose capacity varies between JVMs"
            + " (JIT decisions, memory layout) is sustained at that rate only as often as that (default: ${DEFAULT-VALUE}).")
    int confirm;

    @Mixin
    Verbosity verbosity;

    private double maxLagMs;

    @Override
    public Integer call() throws Exception {
        Dur warm = option("--warmup", warmup);
        Dur measure = option("--duration", duration);
        if (measure.nanos() <= 0) throw new IllegalArgumentException("--duration: expected a duration above 0");
        if (maxEvents < 1000) throw new IllegalArgumentException("--max-events: expected at least 1000");
        if (confirm < 0) throw new IllegalArgumentException("--confirm: expected 0 or more confirmation probes");
        Double p99Us = p99 == null ? null : option("--p99", p99).nanos() / 1e3;
        maxLagMs = option("--max-lag", maxLag).nanos() / 1e6;
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
        Path runDir = out != null ? out : Path.of("results", (base.base().name != null ? base.base().name : "workload") + "-sustain-"
                + LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss")));
        if (Files.exists(runDir.resolve("run.json"))) throw new IllegalArgumentException(runDir + " already holds a run; choose another --out");
        main.err.println("evperf: sustain " + workload + " on " + base.base().engine.name + "; results in " + runDir);

        // Verdicts see every measured event of a probe: its own warm-up phase is the only one left out.
        Controller controller = new Controller(runDir, System.getProperty("java.class.path"), Summaries::trialSummaryKeepingWarmUp, main.err);
        controller.begin(new Plan(base.workloadFile(), base.tree(), base.base(), List.of()));
        long t0 = System.nanoTime();
        List<ObjectNode> rows = new ArrayList<>();
        Double rate;
        int i = 0;
        while ((rate = search.next()) != null) {
            i++;
            ObjectNode row = runProbe(controller, base, validator, i, rate, warm, measure, p99Us, "probe");
            rows.add(row);
            search.record(new SustainSearch.Probe(rate, row.get("sustained").asBoolean(), row.path("achieved_rate").asDouble(0),
                    row.get("reason").asText()));
        }
        // Confirmation: the same rate again in fresh JVMs. The search saw each rate once; an engine whose
        // capacity differs between JVMs passes or fails the same rate depending on the JVM it got.
        List<ObjectNode> confirmations = new ArrayList<>();
        if (confirm > 0 && !Double.isNaN(search.sustainable())) {
            for (int k = 0; k < confirm; k++) {
                i++;
                ObjectNode row = runProbe(controller, base, validator, i, search.sustainable(), warm, measure, p99Us, "confirmation");
                row.put("confirmation", true);
                confirmations.add(row);
            }
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        ObjectNode result = Json.MAPPER.createObjectNode();
        result.put("sustainable_rate", search.sustainable());
        result.put("lowest_failed_rate", search.lowestFailure());
        result.put("bracket_percent", Double.isNaN(search.lowestFailure()) || Double.isNaN(search.sustainable()) ? Double.NaN
                : (search.lowestFailure() - search.sustainable()) / search.lowestFailure() * 100);
        result.put("converged", search.done());
        result.put("probes", rows.size());
        result.put("seconds", seconds);
        ArrayNode probes = result.putArray("probe_results");
        rows.forEach(probes::add);
        Spread capacity = Spread.of(rows, confirmations);
        if (capacity != null) {
            ObjectNode c = result.putObject("saturated_capacity");
            c.put("probes", capacity.n);
            c.put("min_rate", capacity.min);
            c.put("max_rate", capacity.max);
        }
        long confirmed = confirmations.stream().filter(r -> r.get("sustained").asBoolean()).count();
        if (!confirmations.isEmpty()) {
            ObjectNode c = result.putObject("confirmation");
            c.put("rate", search.sustainable());
            c.put("trials", confirmations.size());
            c.put("sustained", confirmed);
            ArrayNode cr = c.putArray("results");
            confirmations.forEach(cr::add);
        }
        controller.annotate("sustain", result);
        controller.finish();
        print(rows, search, seconds);
        print(capacity, confirmations, confirmed, search.sustainable());
        return search.done() && confirmed == confirmations.size() ? 0 : 1;
    }

    private ObjectNode runProbe(Controller controller, Plan base, WorkloadValidator validator, int i, double rate, Dur warm, Dur measure,
                                Double p99Us, String what) throws IOException {
        double total = rate * (warm.seconds() + measure.seconds());
        double shrink = total > maxEvents ? maxEvents / total : 1;
        if (shrink < 1) {
            main.err.printf(Locale.ROOT, "evperf: %s %d at %.1f ev/s runs %.3f s + %.3f s to stay within --max-events %d%n", what, i, rate,
                    warm.seconds() * shrink, measure.seconds() * shrink, maxEvents);
        }
        TrialSpec probe = probe(base, validator, String.format("t%03d", i), rate, Dur.ofNanos(Math.round(warm.nanos() * shrink)),
                Dur.ofNanos(Math.round(measure.nanos() * shrink)), records);
        ObjectNode row = judge(rate, controller.runTrial(probe, i, 0), p99Us);
        main.err.printf(Locale.ROOT, "evperf: %s %d at %.1f ev/s: %s%n", what, i, rate,
                row.get("sustained").asBoolean() ? "sustained" : "not sustained (" + row.get("reason").asText() + ")");
        return row;
    }

    /**
     * The achieved rates of the saturated probes (not sustained, and short of their target): a
     * synchronous engine that cannot keep up accepts events exactly as fast as it processes them, so
     * each is the engine's capacity in that probe's JVM. Their spread shows how much it varies.
     */
    private static final class Spread {
        final int n;
        final double min, max;

        private Spread(int n, double min, double max) {
            this.n = n;
            this.min = min;
            this.max = max;
        }

        static Spread of(List<ObjectNode> probes, List<ObjectNode> confirmations) {
            int n = 0;
            double min = Double.POSITIVE_INFINITY, max = Double.NEGATIVE_INFINITY;
            for (List<ObjectNode> rows : List.of(probes, confirmations)) {
                for (ObjectNode r : rows) {
                    double a = r.path("achieved_rate").asDouble(0);
                    if (r.get("sustained").asBoolean() || !(a > 0) || a >= 0.99 * r.get("rate").asDouble()) continue;
                    n++;
                    min = Math.min(min, a);
                    max = Math.max(max, a);
                }
            }
            return n == 0 ? null : new Spread(n, min, max);
        }
    }

    private void print(Spread capacity, List<ObjectNode> confirmations, long confirmed, double rate) {
        if (capacity != null) {
            main.out.printf(Locale.ROOT, "saturated probes achieved %.1f–%.1f ev/s (%d probe%s, each a fresh JVM: the engine's capacity there)%n",
                    capacity.min, capacity.max, capacity.n, capacity.n == 1 ? "" : "s");
        }
        if (!confirmations.isEmpty()) {
            main.out.printf(Locale.ROOT, "confirmation at %.1f ev/s: sustained in %d of %d fresh JVMs%s%n", rate, confirmed, confirmations.size(),
                    confirmed == confirmations.size() ? "" : " (the capacity varies between JVMs: this rate is not sustained reliably)");
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
    private static TrialSpec probe(Plan base, WorkloadValidator validator, String id, double rate, Dur warm, Dur measure,
                                   boolean records) {
        ObjectNode tree = base.tree().deepCopy();
        tree.remove("matrix");
        ObjectNode measureNode = tree.withObject("/measure");
        measureNode.put("records", records);
        if (!records) {
            // Capacity mode: 1 in k sends timed, the others sent with no clock read while behind schedule; k at most 64,
            // and small enough that every 250 ms interval still has ~100 timed sends for its median.
            measureNode.put("timing", "sampled");
            measureNode.put("sample", (int) Math.max(1, Math.min(64, rate * 0.25 / 100)));
            measureNode.put("tracepoints", false);
            measureNode.put("receipt", "listener");
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
        Workload w;
        try {
            w = WorkloadLoader.YAML.treeToValue(tree, Workload.class);
        } catch (JsonProcessingException e) {
            throw new WorkloadException(base.workloadFile() + ": probe at " + rate + " ev/s: " + e.getOriginalMessage());
        }
        validator.validate(w, base.workloadFile() + " (probe at " + rate + " ev/s)");
        return new TrialSpec(id, Map.of("rate", Json.MAPPER.getNodeFactory().numberNode(rate)), 0, w.trial.jvm, tree, w);
    }

    /**
     * Sustained: the trial succeeded, the achieved input rate is ≥ 99 % of the target, the sends
     * stayed on schedule through the measured phase (within --max-lag), the scheduled latency shows no
     * growing backlog, and p99 is under the bound when one is given.
     */
    private ObjectNode judge(double rate, ObjectNode entry, Double p99Us) {
        ObjectNode row = Json.MAPPER.createObjectNode();
        row.put("id", entry.get("id").asText());
        row.put("rate", rate);
        JsonNode s = entry.path("summary");
        List<String> why = new ArrayList<>();
        if (!"ok".equals(entry.path("status").asText()) || s.isMissingNode()) {
            why.add("trial " + entry.path("status").asText() + ": " + entry.path("reason").asText(entry.path("summary_error").asText("")));
        } else {
            JsonNode measured = null;
            for (JsonNode r : s.path("rates")) measured = r; // the last measured phase
            double achieved = measured == null ? 0 : measured.path("achieved_rate").asDouble();
            row.put("achieved_rate", achieved);
            JsonNode sched = s.path("latency").path("scheduled");
            row.put("scheduled_p50_us", sched.path("p50_us").asDouble());
            row.put("scheduled_p99_us", sched.path("p99_us").asDouble());
            row.put("end_to_end_p99_us", s.path("latency").path("end_to_end").path("p99_us").asDouble());
            JsonNode trend = s.path("scheduled_trend");
            row.put("backlog_ms_per_s", trend.path("slope_ms_per_s").asDouble());
            double maxLag = measured == null ? Double.NaN : measured.path("max_lag_ms").asDouble(Double.NaN);
            row.put("max_lag_ms", maxLag);
            if (achieved < 0.99 * rate) why.add(String.format(Locale.ROOT, "achieved %.1f ev/s < 99 %% of target", achieved));
            // A synchronous engine that cannot keep up holds the driver back, and so does a backlog the
            // warm-up left behind: either way the sends fall behind the schedule.
            if (!(maxLag <= maxLagMs)) why.add(String.format(Locale.ROOT, "sends up to %.1f ms behind schedule", maxLag));
            double slope = trend.path("slope_ms_per_s").asDouble(0), se = trend.path("std_err").asDouble(0);
            if (slope > backlogTolerance && slope > 3 * se) why.add(String.format(Locale.ROOT, "backlog grows %.2f ms/s", slope));
            long sent = s.path("events").asLong(0), received = s.path("outputs").asLong(0);
            row.put("dropped", Math.max(0, sent - received));
            if (noDrops && received < sent) why.add(String.format(Locale.ROOT, "%d of %d events dropped", sent - received, sent));
            if (p99Us != null && sched.path("p99_us").asDouble() > p99Us) {
                why.add(String.format(Locale.ROOT, "scheduled p99 %.1f µs > %.1f µs", sched.path("p99_us").asDouble(), p99Us));
            }
        }
        row.put("sustained", why.isEmpty());
        row.put("reason", String.join("; ", why));
        return row;
    }

    private void print(List<ObjectNode> rows, SustainSearch search, double seconds) {
        main.out.println("Rate against latency (probes in rate order; scheduled latency is from the intended send time)");
        main.out.printf("  %-5s %14s %14s %12s %12s %12s %10s  %s%n", "probe", "target ev/s", "achieved ev/s", "p50 sched µs",
                "p99 sched µs", "backlog ms/s", "sustained", "why not");
        rows.stream().sorted(Comparator.comparingDouble(r -> r.get("rate").asDouble())).forEach(r -> main.out.printf(Locale.ROOT,
                "  %-5s %14.1f %14.1f %12.1f %12.1f %12.3f %10s  %s%n", r.get("id").asText(), r.get("rate").asDouble(),
                r.path("achieved_rate").asDouble(Double.NaN), r.path("scheduled_p50_us").asDouble(Double.NaN),
                r.path("scheduled_p99_us").asDouble(Double.NaN), r.path("backlog_ms_per_s").asDouble(Double.NaN),
                r.get("sustained").asBoolean() ? "yes" : "no", r.get("reason").asText()));
        if (search.done()) {
            main.out.printf(Locale.ROOT, "sustainable: %.1f ev/s (%.1f failed; bracket %.2f %%), %d probes in %.1f s%n", search.sustainable(),
                    search.lowestFailure(), (search.lowestFailure() - search.sustainable()) / search.lowestFailure() * 100, rows.size(), seconds);
        } else {
            main.out.printf(Locale.ROOT, "not converged after %d probes in %.1f s: highest sustained %.1f ev/s, lowest failed %.1f ev/s%n",
                    rows.size(), seconds, search.sustainable(), search.lowestFailure());
        }
    }
}
