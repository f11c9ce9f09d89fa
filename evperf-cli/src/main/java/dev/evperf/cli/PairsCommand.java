package dev.evperf.cli;

import dev.evperf.suites.pairs.PairsFiles;
import dev.evperf.suites.pairs.PairsScale;
import dev.evperf.suites.pairs.PairsStrategy;
import dev.evperf.suites.pairs.PairsTranslators;
import dev.evperf.suites.translate.Translation;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
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

        @Mixin
        Verbosity verbosity;

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
                if (verbosity.verbose) e.printStackTrace(pairs.main.err);
                pairs.main.err.println("evperf pairs: " + e.getMessage());
                return Main.BAD_INPUT;
            }
        }
    }

    @Command(
            name = "run",
            mixinStandardHelpOptions = true,
            description =
                    "Generates, runs each engine through 'evperf run', validates its outputs, reports p_score; --sweep finds the largest SF each engine passes.")
    static final class Run implements Callable<Integer> {
        @ParentCommand
        PairsCommand pairs;

        @Mixin
        Scale scale;

        @Mixin
        Verbosity verbosity;

        @Option(
                names = "--engines",
                defaultValue = "siddhi,esper",
                split = ",",
                description =
                        "siddhi, esper, flink (its Indicator stream only); kafka-streams says why not (default: ${DEFAULT-VALUE}).")
        List<String> engines;

        @Option(
                names = "--sweep",
                description = "Raise SF from --sf (doubling, then bisecting) to the largest SF each engine passes.")
        boolean sweep;

        @Option(
                names = "--sf-max",
                defaultValue = "64",
                paramLabel = "N",
                description = "The sweep's largest SF (default: ${DEFAULT-VALUE}).")
        int sfMax;

        @Option(
                names = "--latency-bound",
                defaultValue = "5000",
                paramLabel = "MS",
                description =
                        "The sweep's bound on the measurement interval's MarketOrder p99, from the intended send, ms (default: ${DEFAULT-VALUE}: the shortest periodLength).")
        double latencyBoundMs;

        @Option(
                names = "--live",
                description =
                        "Feed the ticks live: the generator makes each tick while the run goes, a ring ahead of the sender, instead of the generated file being read into a pool first.")
        boolean live;

        @Option(names = "--out", required = true, paramLabel = "DIR")
        Path out;

        @Override
        public Integer call() throws IOException {
            var err = pairs.main.err;
            PairsScale s;
            try {
                s = scale.scale();
                for (String e : engines) translate(e, List.of());
                if (sweep && sfMax < s.sf()) throw new BadInput("--sf-max " + sfMax + ": below --sf " + s.sf());
                if (!(latencyBoundMs > 0))
                    throw new BadInput("--latency-bound " + latencyBoundMs + ": must be positive");
            } catch (BadInput e) {
                if (verbosity.verbose) e.printStackTrace(err);
                err.println("evperf pairs: " + e.getMessage());
                return Main.BAD_INPUT;
            }
            OutDir.prepare(out, "--out");
            if (sweep) {
                return new PairsSweep(
                                pairs.main.out, err, scale.minutes, scale.seed, (long) (latencyBoundMs * 1e6), live)
                        .run(s.sf(), sfMax, engines, out);
            }
            PairsPoint.Outcome o =
                    PairsPoint.run(pairs.main.out, err, s, scale.minutes, scale.seed, engines, out, live);
            pairs.main.out.print(o.report);
            return o.results.values().stream().allMatch(PairsPoint.Result::valid) ? 0 : 1;
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
