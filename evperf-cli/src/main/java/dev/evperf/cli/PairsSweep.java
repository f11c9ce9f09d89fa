package dev.evperf.cli;

import dev.evperf.suites.pairs.PairsLatency;
import dev.evperf.suites.pairs.PairsScale;
import dev.evperf.suites.pairs.SfSweep;
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
 * intended send time, is within the bound (docs/pairs.md, "The SF sweep"). Each point is an ordinary
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
                return verdict.equals("pass");
            });
            report.append(String.format(
                    Locale.ROOT,
                    "%n%s: largest SF passed %d (points in the order run: %s)%n",
                    engine,
                    o.largestPassed(),
                    o.tried()));
            report.append(
                    "  SF  load  strategies  valid  MI orders  mean ms  p99 ms  max ms  p99 from intended ms  p_score  rate kept %  preempted  verdict\n");
            rows.forEach(r -> report.append(r).append('\n'));
        }
        Files.writeString(dir.resolve("sweep-report.txt"), report);
        out.print(report);
        return 0;
    }

    /** "pass", or why not. */
    String verdict(PairsPoint.Result r) {
        if (!r.ran()) return "fail: the run failed (exit " + r.exit + ")";
        if (!r.valid()) return "fail: not valid";
        if (!r.complete()) return "fail: MarketOrder not translated";
        PairsLatency.Figures f = r.latency;
        if (f.count() == 0) return "fail: no MarketOrder in the measurement interval";
        if (f.p99FromIntendedNs() > boundNs) {
            return String.format(
                    Locale.ROOT,
                    "fail: p99 %.1f ms over the %.1f ms bound",
                    f.p99FromIntendedNs() / 1e6,
                    boundNs / 1e6);
        }
        return "pass";
    }

    private static String row(PairsScale s, PairsPoint.Result r, String verdict) {
        PairsLatency.Figures f = r.latency;
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
