package dev.evperf.cli;

import dev.evperf.analysis.trial.TrialData;
import dev.evperf.results.Layout;
import dev.evperf.suites.pairs.PairsFiles;
import dev.evperf.suites.pairs.PairsModel;
import dev.evperf.suites.pairs.PairsOutputs;
import dev.evperf.suites.pairs.PairsScale;
import dev.evperf.suites.pairs.PairsStrategy;
import dev.evperf.suites.pairs.PairsTranslators;
import dev.evperf.suites.pairs.PairsValidator;
import dev.evperf.suites.pairs.PairsWorkload;
import dev.evperf.suites.pairs.StockTick;
import dev.evperf.suites.pairs.StrategiesXml;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Verdict;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParentCommand;

/**
 * {@code evperf pairs generate|run}: the Pairs benchmark of seed 001 (docs/pairs.md). The work is in
 * evperf-suites' {@code dev.evperf.suites.pairs}; this is the command line, and {@code run} hands each
 * engine's workload to {@code evperf run}.
 */
@Command(
        name = "pairs",
        mixinStandardHelpOptions = true,
        description = "The Pairs benchmark (seed 001, ch. 7): generate its data and strategies, run it on engines.",
        subcommands = {PairsCommand.Generate.class, PairsCommand.Run.class})
public final class PairsCommand {
    @ParentCommand
    Main main;

    /** Options both subcommands take. */
    static final class Scale {
        @Option(names = "--sf", required = true, paramLabel = "N", description = "Scale factor (≥ 1).")
        int sf;

        @Option(
                names = "--minutes",
                defaultValue = "121",
                paramLabel = "M",
                description =
                        "Wall minutes the run's 121 simulated minutes are compressed into (default: ${DEFAULT-VALUE}).")
        double minutes;

        @Option(
                names = "--seed",
                defaultValue = "1",
                description = "Seed of ticks and strategies (default: ${DEFAULT-VALUE}).")
        long seed;

        PairsScale scale() {
            if (sf < 1) throw new BadInput("--sf " + sf + ": must be at least 1");
            if (!(minutes > 0)) throw new BadInput("--minutes " + minutes + ": must be positive");
            return new PairsScale(sf);
        }
    }

    /** Bad input: one line, exit code 2. */
    static final class BadInput extends RuntimeException {
        BadInput(String message) {
            super(message);
        }
    }

    @Command(
            name = "generate",
            mixinStandardHelpOptions = true,
            description = "Writes ticks and strategies in the thesis's layout.")
    static final class Generate implements Callable<Integer> {
        @ParentCommand
        PairsCommand pairs;

        @Mixin
        Scale scale;

        @Option(
                names = "--file-count",
                defaultValue = "1",
                description = "Tick files (fileCount; default: ${DEFAULT-VALUE}).")
        int fileCount;

        @Option(names = "--out", required = true, paramLabel = "DIR")
        Path out;

        @Override
        public Integer call() throws IOException {
            try {
                PairsScale s = scale.scale();
                if (fileCount < 1) throw new BadInput("--file-count " + fileCount + ": must be at least 1");
                long t0 = System.nanoTime();
                PairsFiles.Written w = PairsFiles.write(out, s, scale.minutes, scale.seed, fileCount);
                pairs.main.out.printf(
                        Locale.ROOT,
                        "pairs SF %d: %d ticks, %d strategies, %d markets in %s (%.1f s)%n",
                        s.sf(),
                        w.ticks(),
                        w.strategyCount(),
                        s.markets(),
                        out,
                        (System.nanoTime() - t0) / 1e9);
                return 0;
            } catch (BadInput e) {
                pairs.main.err.println("evperf pairs: " + e.getMessage());
                return Main.BAD_INPUT;
            }
        }
    }

    @Command(
            name = "run",
            mixinStandardHelpOptions = true,
            description = "Generates, runs each engine through 'evperf run', validates its outputs, reports p_score.")
    static final class Run implements Callable<Integer> {
        @ParentCommand
        PairsCommand pairs;

        @Mixin
        Scale scale;

        @Option(
                names = "--engines",
                defaultValue = "siddhi,esper",
                split = ",",
                description = "siddhi, esper; flink and kafka-streams say why not (default: ${DEFAULT-VALUE}).")
        List<String> engines;

        @Option(names = "--out", required = true, paramLabel = "DIR")
        Path out;

        @Override
        public Integer call() throws IOException {
            var err = pairs.main.err;
            PairsScale s;
            try {
                s = scale.scale();
                for (String e : engines) translate(e, List.of());
            } catch (BadInput e) {
                err.println("evperf pairs: " + e.getMessage());
                return Main.BAD_INPUT;
            }
            OutDir.prepare(out, "--out");
            Path input = out.resolve("input");
            PairsFiles.Written w = PairsFiles.write(input, s, scale.minutes, scale.seed, 1);
            List<PairsStrategy> strategies = StrategiesXml.read(w.strategies());
            List<StockTick> ticks = PairsFiles.readTicks(input, 1);
            PairsModel model = new PairsModel(strategies);
            for (StockTick t : ticks) model.tick(t.symbol(), t.price(), t.tickTS(), t.seq());
            StringBuilder report = new StringBuilder(String.format(
                    Locale.ROOT,
                    "# Pairs SF %d: %d strategies, %d ticks over %.2f wall minutes (basis %d ev/s, peak %.0f ev/s), load %d%n",
                    s.sf(),
                    strategies.size(),
                    ticks.size(),
                    scale.minutes,
                    s.basisRate(),
                    s.peakRate(),
                    s.load()));
            int status = 0;
            for (String engine : engines) {
                Translation.Queries q = (Translation.Queries) translate(engine, strategies);
                Path yaml = out.resolve(engine + ".yaml");
                Files.writeString(yaml, PairsWorkload.yaml(q, w.tickFiles().get(0), ticks.size(), scale.minutes));
                Path runDir = out.resolve(engine);
                int rc = Main.execute(pairs.main.out, err, "run", yaml.toString(), "--out", runDir.toString());
                Path trial = onlyTrial(runDir);
                if (rc != 0 || trial == null) {
                    report.append(engine)
                            .append(": the run failed (exit ")
                            .append(rc)
                            .append("; see ")
                            .append(runDir)
                            .append(")\n");
                    status = 1;
                    continue;
                }
                Verdict ind = PairsValidator.indicators(
                        model.indicators(),
                        PairsWorkload.readValues(trial.resolve("values-Indicator.csv"), PairsOutputs.INDICATOR_FIELDS));
                Verdict ord = PairsValidator.orders(
                        model.orders(),
                        PairsWorkload.readValues(trial.resolve("values-MarketOrder.csv"), PairsOutputs.ORDER_FIELDS));
                report.append(engine)
                        .append(": ")
                        .append(ind.valid() && ord.valid() ? "valid" : "NOT VALID")
                        .append('\n');
                report.append("  ")
                        .append(ind.summary())
                        .append("\n  ")
                        .append(ord.summary())
                        .append('\n');
                report.append("  ").append(latency(TrialData.load(trial), s)).append('\n');
                if (!ind.valid() || !ord.valid()) status = 1;
            }
            Files.writeString(out.resolve("pairs-report.txt"), report);
            pairs.main.out.print(report);
            return status;
        }

        private static Path onlyTrial(Path runDir) throws IOException {
            Path trials = runDir.resolve(Layout.TRIALS);
            if (!Files.isDirectory(trials)) return null;
            try (Stream<Path> list = Files.list(trials)) {
                return list.filter(Files::isDirectory).findFirst().orElse(null);
            }
        }

        /**
         * MarketOrder latency: the order's receipt − the send start of the tick it names (inputTS), on
         * the harness's clock, over every order (the compressed run keeps no separate warm-up).
         */
        static String latency(TrialData d, PairsScale s) {
            List<Long> ns = new ArrayList<>();
            for (int j = 0; j < d.outputCount(); j++) {
                if (PairsOutputs.ORDER.equals(d.outputStream(j)) && d.outputSeq(j) >= 0) {
                    ns.add(d.outputReceived(j) - d.sendStart((int) d.outputSeq(j)));
                }
            }
            if (ns.isEmpty()) return "MarketOrder latency: no orders linked to a tick; no p_score";
            long[] a = ns.stream().mapToLong(Long::longValue).toArray();
            Arrays.sort(a);
            long p99 = a[(int) Math.ceil(0.99 * a.length) - 1];
            double mean = Arrays.stream(a).average().orElse(0);
            return String.format(
                    Locale.ROOT,
                    "MarketOrder latency over %d orders: mean %.3f ms, p99 %.3f ms, max %.3f ms; p_score = %d / %.6f s = %.2f",
                    a.length,
                    mean / 1e6,
                    p99 / 1e6,
                    a[a.length - 1] / 1e6,
                    s.load(),
                    p99 / 1e9,
                    s.pScore(p99 / 1e9));
        }
    }

    /** The translation, or bad input naming the engine and why it has none. */
    static Translation translate(String engine, List<PairsStrategy> strategies) {
        try {
            Translation t = PairsTranslators.translate(engine, strategies);
            if (t instanceof Translation.Unsupported u) throw new BadInput("--engines: " + engine + ": " + u.reason());
            return t;
        } catch (IllegalArgumentException e) {
            throw new BadInput("--engines: " + e.getMessage());
        }
    }
}
