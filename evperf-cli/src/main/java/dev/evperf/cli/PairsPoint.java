package dev.evperf.cli;

import dev.evperf.analysis.trial.TrialData;
import dev.evperf.results.Layout;
import dev.evperf.results.ResultsJson;
import dev.evperf.results.TrialResult;
import dev.evperf.suites.pairs.PairsFiles;
import dev.evperf.suites.pairs.PairsLatency;
import dev.evperf.suites.pairs.PairsModel;
import dev.evperf.suites.pairs.PairsOutputs;
import dev.evperf.suites.pairs.PairsScale;
import dev.evperf.suites.pairs.PairsStrategy;
import dev.evperf.suites.pairs.PairsValidator;
import dev.evperf.suites.pairs.PairsWorkload;
import dev.evperf.suites.pairs.StockTick;
import dev.evperf.suites.pairs.StrategiesXml;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Verdict;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * One point of the Pairs benchmark: one scale factor on some engines. Generates the input into
 * {@code DIR/input}, runs each engine's workload through {@code evperf run} into {@code DIR/<engine>},
 * validates both output streams over the whole run against the reference model (§7.3.7: "the SUT is
 * required to produce correct answers for all the events received during the entire run"), and
 * measures MarketOrder latency over the measurement interval only ({@link PairsLatency}).
 */
final class PairsPoint {
    private PairsPoint() {}

    /**
     * One engine's outcome; {@code ind}, {@code ord} and {@code latency} are null when the run failed,
     * {@code ord} also when the engine's translation has no MarketOrder stream (Flink's).
     * (Classes, not records: the class-index annotation processor on the CLI's class path rejects records.)
     */
    static final class Result {
        final String engine;
        final int exit;
        final Verdict ind;
        final Verdict ord;
        final PairsLatency.Figures latency;
        /** The same figures over the Indicator stream (not the thesis's: p_score is MarketOrder's). */
        final PairsLatency.Figures indLatency;
        /** Achieved / target send rate over the run, %: below 100 the engine (or the machine) did not keep up. */
        final double keptPercent;
        /** Times the sender threads were preempted while runnable: how much the machine disturbed the driver. */
        final long preempted;

        Result(
                String engine,
                int exit,
                Verdict ind,
                Verdict ord,
                PairsLatency.Figures latency,
                PairsLatency.Figures indLatency) {
            this(engine, exit, ind, ord, latency, indLatency, Double.NaN, -1);
        }

        Result(
                String engine,
                int exit,
                Verdict ind,
                Verdict ord,
                PairsLatency.Figures latency,
                PairsLatency.Figures indLatency,
                double keptPercent,
                long preempted) {
            this.engine = engine;
            this.exit = exit;
            this.ind = ind;
            this.ord = ord;
            this.latency = latency;
            this.indLatency = indLatency;
            this.keptPercent = keptPercent;
            this.preempted = preempted;
        }

        boolean ran() {
            return latency != null;
        }

        /** Every stream the translation has is correct (a translation without MarketOrder has no p_score). */
        boolean valid() {
            return ran() && ind.valid() && (ord == null || ord.valid());
        }

        /** Both streams were translated: the point can have a p_score. */
        boolean complete() {
            return ord != null;
        }
    }

    /** The point's results by engine and its report text (also written to {@code DIR/pairs-report.txt}). */
    static final class Outcome {
        final PairsScale scale;
        final Map<String, Result> results;
        final String report;

        Outcome(PairsScale scale, Map<String, Result> results, String report) {
            this.scale = scale;
            this.results = results;
            this.report = report;
        }
    }

    static Outcome run(
            PrintStream out,
            PrintStream err,
            PairsScale s,
            double minutes,
            long seed,
            List<String> engines,
            Path dir,
            boolean live)
            throws IOException {
        Path input = dir.resolve("input");
        PairsFiles.Written w = PairsFiles.write(input, s, minutes, seed, 1);
        List<PairsStrategy> strategies = StrategiesXml.read(w.strategies());
        List<StockTick> ticks = PairsFiles.readTicks(input, 1);
        PairsModel model = new PairsModel(strategies);
        for (StockTick t : ticks) model.tick(t.symbol(), t.price(), t.tickTS(), t.seq());
        StringBuilder report = new StringBuilder(String.format(
                Locale.ROOT,
                "# Pairs SF %d: %d strategies, %d ticks over %.2f wall minutes (basis %d ev/s, peak %.0f ev/s), load %d;"
                        + " ticks fed %s%n",
                s.sf(),
                strategies.size(),
                ticks.size(),
                minutes,
                s.basisRate(),
                s.peakRate(),
                s.load(),
                live ? "live from the generator" : "from the generated file"));
        Map<String, Result> results = new LinkedHashMap<>();
        for (String engine : engines) {
            Translation.Queries q = (Translation.Queries) PairsCommand.translate(engine, strategies);
            Path yaml = dir.resolve(engine + ".yaml");
            // Live or from the file, the same ticks: the validation below checks the outputs against them.
            Files.writeString(
                    yaml,
                    live
                            ? PairsWorkload.yamlLive(q, s, minutes, seed, ticks.size())
                            : PairsWorkload.yaml(q, w.tickFiles().get(0), ticks.size(), minutes));
            Path runDir = dir.resolve(engine);
            int rc = Main.execute(out, err, "run", yaml.toString(), "--out", runDir.toString());
            Path trial = onlyTrial(runDir);
            if (rc != 0 || trial == null) {
                report.append(String.format(Locale.ROOT, "%s: the run failed (exit %d; see %s)%n", engine, rc, runDir));
                results.put(engine, new Result(engine, rc, null, null, null, null));
                continue;
            }
            Verdict ind = PairsValidator.indicators(
                    model.indicators(),
                    PairsWorkload.readValues(trial.resolve("values-Indicator.csv"), PairsOutputs.INDICATOR_FIELDS));
            Verdict ord = q.outputNames().contains(PairsOutputs.ORDER)
                    ? PairsValidator.orders(
                            model.orders(),
                            PairsWorkload.readValues(
                                    trial.resolve("values-MarketOrder.csv"), PairsOutputs.ORDER_FIELDS))
                    : null;
            TrialData data = TrialData.load(trial);
            PairsLatency.Figures lat = PairsLatency.of(outputs(data, ticks, PairsOutputs.ORDER));
            PairsLatency.Figures indLat =
                    PairsLatency.of(PairsOutputs.INDICATOR, outputs(data, ticks, PairsOutputs.INDICATOR));
            TrialResult result = ResultsJson.read(trial.resolve(Layout.RESULT_JSON), TrialResult.class);
            TrialResult.Phase phase =
                    result.phases().isEmpty() ? null : result.phases().get(0);
            TrialResult.Disturbance disturbance = result.disturbance();
            Result r = new Result(
                    engine,
                    rc,
                    ind,
                    ord,
                    lat,
                    indLat,
                    100
                            * orZero(phase == null ? null : phase.achievedRate())
                            / orZero(phase == null ? null : phase.targetRate()),
                    disturbance == null || disturbance.driverInvoluntarySwitches() == null
                            ? -1
                            : disturbance.driverInvoluntarySwitches());
            results.put(engine, r);
            report.append(engine)
                    .append(": ")
                    .append(r.valid() ? "valid" : "NOT VALID")
                    .append(r.complete() ? "" : " (Indicator only)")
                    .append('\n');
            report.append("  ").append(ind.summary()).append('\n');
            if (r.complete()) {
                report.append("  ").append(ord.summary()).append('\n');
                report.append("  ").append(lat.line()).append('\n');
                report.append("  ").append(pScoreLine(s, lat)).append('\n');
            } else {
                report.append("  ").append(String.join("; ", q.notes())).append('\n');
                report.append("  no p_score: it is defined on MarketOrder latency alone\n");
            }
            report.append("  ").append(indLat.line()).append('\n');
            report.append("  ").append(indicatorScoreLine(s, indLat)).append('\n');
            report.append(String.format(
                    Locale.ROOT,
                    "  sent at %.1f %% of the schedule's rate; sender threads preempted %d times%n",
                    r.keptPercent,
                    r.preempted));
            if (!r.complete()) continue; // no MarketOrder stream: no MarketOrder histogram either
            Files.writeString(dir.resolve(engine + "-marketorder-latency.csv"), lat.histogramCsv());
            report.append("  MarketOrder latency histogram (measurement interval):\n");
            for (String line : lat.histogramLines())
                report.append("    ").append(line).append('\n');
        }
        Files.writeString(dir.resolve("pairs-report.txt"), report);
        return new Outcome(s, results, report.toString());
    }

    /** A figure result.json may lack, as 0 (as a missing JSON number reads). */
    private static double orZero(Double v) {
        return v == null ? 0 : v;
    }

    static String pScoreLine(PairsScale s, PairsLatency.Figures lat) {
        if (lat.count() == 0 || lat.p99Ns() <= 0) return "no p_score: no MarketOrder in the measurement interval";
        return String.format(
                Locale.ROOT, "p_score = %d / %.6f s = %.2f", s.load(), lat.p99Ns() / 1e9, s.pScore(lat.p99Ns() / 1e9));
    }

    /**
     * The Indicator stream's counterpart of p_score, load / p99 of Indicator latency over the
     * measurement interval: labelled so that it is never read as the thesis's p_score.
     */
    static String indicatorScoreLine(PairsScale s, PairsLatency.Figures lat) {
        if (lat.count() == 0 || lat.p99Ns() <= 0) return "no Indicator score: no Indicator in the measurement interval";
        return String.format(
                Locale.ROOT,
                "Indicator score (not the thesis's p_score) = %d / %.6f s = %.2f",
                s.load(),
                lat.p99Ns() / 1e9,
                s.pScore(lat.p99Ns() / 1e9));
    }

    /** Every output of one stream the trial received that names a tick, with that tick's times. */
    static List<PairsLatency.Order> outputs(TrialData d, List<StockTick> ticks, String stream) {
        List<PairsLatency.Order> orders = new ArrayList<>();
        for (int j = 0; j < d.outputCount(); j++) {
            long seq = d.outputSeq(j);
            if (stream.equals(d.outputStream(j)) && seq >= 0 && seq < ticks.size()) {
                int i = (int) seq;
                orders.add(new PairsLatency.Order(
                        ticks.get(i).tickTS(), d.intended(i), d.sendStart(i), d.outputReceived(j)));
            }
        }
        return orders;
    }

    private static Path onlyTrial(Path runDir) throws IOException {
        Path trials = runDir.resolve(Layout.TRIALS);
        if (!Files.isDirectory(trials)) return null;
        try (Stream<Path> list = Files.list(trials)) {
            return list.filter(Files::isDirectory).findFirst().orElse(null);
        }
    }
}
