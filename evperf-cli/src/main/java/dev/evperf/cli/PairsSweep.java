package dev.evperf.cli;

import dev.evperf.suites.pairs.PairsLatency;
import dev.evperf.suites.pairs.PairsOutputs;
import dev.evperf.suites.pairs.PairsScale;
import dev.evperf.suites.pairs.SfSweep;
import dev.evperf.suites.translate.Translation;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * {@code evperf pairs run --sweep}: per engine, the largest SF it passes ({@link SfSweep}). An SF
 * passes when the run ends normally, both streams validate with nothing missing, undue or wrong over
 * the whole run, and the measurement interval's MarketOrder p99, measured from the triggering tick's
 * intended send time, is within the bound (docs/pairs.md, "The SF sweep"). An engine whose translation
 * has no MarketOrder stream (Flink's) passes no SF as Pairs defines it; its sweep is judged on the
 * Indicator stream instead (valid, and the interval's Indicator p99 from the intended send within the
 * bound), and every row and verdict says "Indicator only". Each point is an ordinary
 * {@link PairsPoint} in {@code DIR/<engine>/sf-N}; {@code DIR/sweep-report.txt} has one row per point.
 */
final class PairsSweep {
    private final PrintStream out;
    private final PrintStream err;
    private final double minutes;
    private final long seed;
    private final long boundNs;
    private final boolean live;

    PairsSweep(PrintStream out, PrintStream err, double minutes, long seed, long boundNs, boolean live) {
        this.live = live;
        this.out = out;
        this.err = err;
        this.minutes = minutes;
        this.seed = seed;
        this.boundNs = boundNs;
    }

    /** Exit 0 when the sweep ran (whatever it found). */
    int run(int start, int cap, List<String> engines, Path dir) throws IOException {
        StringBuilder report = new StringBuilder(String.format(
                Locale.ROOT,
                "# Pairs SF sweep: from SF %d to at most %d, %.2f wall minutes per point, seed %d;"
                        + " pass = valid and MarketOrder p99 (measurement interval, from the intended send) <= %.1f ms%n",
                start,
                cap,
                minutes,
                seed,
                boundNs / 1e6));
        for (String engine : engines) {
            List<String> rows = new ArrayList<>();
            // whether the translation has a MarketOrder stream (Flink's has not)
            boolean complete = ((Translation.Queries) PairsCommand.translate(engine, List.of()))
                    .outputNames()
                    .contains(PairsOutputs.ORDER);
            SfSweep.Outcome o = SfSweep.search(start, cap, sf -> {
                PairsPoint.Outcome p = PairsPoint.run(
                        out,
                        err,
                        new PairsScale(sf),
                        minutes,
                        seed,
                        List.of(engine),
                        dir.resolve(engine + "/sf-" + sf),
                        live);
                PairsPoint.Result r = p.results.get(engine);
                String verdict = verdict(r);
                rows.add(row(p.scale, r, verdict));
                out.printf(Locale.ROOT, "pairs sweep %s SF %d: %s%n", engine, sf, verdict);
                return verdict.startsWith("pass");
            });
            report.append(
                    complete
                            ? String.format(
                                    Locale.ROOT,
                                    "%n%s: largest SF passed %d (points in the order run: %s)%n",
                                    engine,
                                    o.largestPassed(),
                                    o.tried())
                            : String.format(
                                    Locale.ROOT,
                                    "%n%s: largest SF passed as Pairs defines it: none (MarketOrder UNSUPPORTED);"
                                            + " on the Indicator stream alone: %d (points in the order run: %s)%n",
                                    engine,
                                    o.largestPassed(),
                                    o.tried()));
            report.append(
                    complete
                            ? "  SF  load  strategies  valid  MI orders  mean ms  p99 ms  max ms  p99 from intended ms  p_score  rate kept %  preempted  verdict\n"
                            : "  (Indicator only: latency columns over the interval's Indicators; 'I-score' = load / Indicator p99, not p_score)\n"
                                    + "  SF  load  strategies  valid  MI indic.  mean ms  p99 ms  max ms  p99 from intended ms  I-score  rate kept %  preempted  verdict\n");
            rows.forEach(r -> report.append(r).append('\n'));
        }
        Files.writeString(dir.resolve("sweep-report.txt"), report);
        out.print(report);
        return 0;
    }

    /**
     * "pass", or why not; for a translation without MarketOrder, the same judged on Indicator, each
     * verdict ending in "(Indicator only)".
     */
    String verdict(PairsPoint.Result r) {
        if (!r.ran()) return "fail: the run failed (exit " + r.exit + ")";
        String only = r.complete() ? "" : " (Indicator only)";
        if (!r.valid()) return "fail: not valid" + only;
        PairsLatency.Figures f = judged(r);
        if (f.count() == 0) return "fail: no " + f.stream() + " in the measurement interval" + only;
        if (f.p99FromIntendedNs() > boundNs) {
            return String.format(
                    Locale.ROOT,
                    "fail: p99 %.1f ms over the %.1f ms bound%s",
                    f.p99FromIntendedNs() / 1e6,
                    boundNs / 1e6,
                    only);
        }
        return "pass" + only;
    }

    /** The latency a point is judged on: MarketOrder's, or Indicator's when there is no MarketOrder stream. */
    private static PairsLatency.Figures judged(PairsPoint.Result r) {
        return r.complete() ? r.latency : r.indLatency;
    }

    private static String row(PairsScale s, PairsPoint.Result r, String verdict) {
        PairsLatency.Figures f = r.ran() ? judged(r) : null;
        if (f == null || f.count() == 0) {
            return String.format(
                    Locale.ROOT, "  %2d  %4d  %10d  %5s  %s", s.sf(), s.load(), s.strategies(), "-", verdict);
        }
        return String.format(
                Locale.ROOT,
                "  %2d  %4d  %10d  %5s  %9d  %7.2f  %6.2f  %6.2f  %20.2f  %7.2f  %11.1f  %9d  %s",
                s.sf(),
                s.load(),
                s.strategies(),
                r.valid() ? "yes" : "NO",
                f.count(),
                f.meanNs() / 1e6,
                f.p99Ns() / 1e6,
                f.maxNs() / 1e6,
                f.p99FromIntendedNs() / 1e6,
                s.pScore(f.p99Ns() / 1e9),
                r.keptPercent,
                r.preempted,
                verdict);
    }
}
