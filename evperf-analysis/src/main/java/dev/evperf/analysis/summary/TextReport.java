package dev.evperf.analysis.summary;

import static dev.evperf.analysis.summary.Table.num;

import dev.evperf.analysis.figures.Adaptivity;
import dev.evperf.analysis.figures.BurstStats;
import dev.evperf.analysis.figures.Cumulative;
import dev.evperf.analysis.figures.HeadTail;
import dev.evperf.analysis.figures.Latency;
import dev.evperf.analysis.figures.LatencyTrend;
import dev.evperf.analysis.figures.PhaseRate;
import dev.evperf.analysis.figures.RateShape;
import dev.evperf.analysis.figures.TopBursts;
import dev.evperf.analysis.warmup.WarmUp;
import dev.evperf.analysis.warmup.WarmUpCut;
import dev.evperf.results.LatencyMode;
import dev.evperf.results.Layout;
import dev.evperf.results.TrialResult;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The console rendering of a run summary: per trial the seed-000 tables, then the trials side by
 * side. (Over 400 lines since palantir-java-format's 120-column layout, 271 before: one trial's
 * tables are written in the order the reader meets them, and splitting them would scatter one
 * page's layout over several classes.)
 */
public final class TextReport {
    private TextReport() {}

    public static String render(RunSummary run) {
        StringBuilder sb = new StringBuilder();
        List<TrialSummary> trials = run.trials();
        ParamNames names =
                ParamNames.of(trials.stream().map(TrialSummary::params).toList());
        long withErrors = trials.stream()
                .filter(t -> t.ok() && t.errors() != null && t.errors().count() > 0)
                .count();
        long disturbed = trials.stream().filter(TrialSummary::disturbed).count();
        // Counted by status: a trial the run was interrupted in, or never started, did not fail.
        Map<String, Long> byStatus = new LinkedHashMap<>();
        byStatus.put(TrialSummary.OK, 0L);
        byStatus.put("failed", 0L);
        trials.forEach(t -> byStatus.merge(t.status(), 1L, Long::sum));
        sb.append("Run ")
                .append(run.runDir())
                .append(": ")
                .append(trials.size())
                .append(" trials");
        byStatus.forEach((status, n) -> {
            if (n > 0 || status.equals(TrialSummary.OK) || status.equals("failed")) {
                sb.append(", ").append(n).append(' ').append(status);
                if (status.equals(TrialSummary.OK) && withErrors > 0)
                    sb.append(" (").append(withErrors).append(" with errors)");
            }
        });
        sb.append(disturbed > 0 ? "; " + disturbed + " disturbed" : "").append('\n');
        for (TrialSummary t : trials) {
            sb.append('\n').append("== Trial ").append(t.id());
            if (!t.params().isEmpty())
                sb.append("  (").append(names.text(t.params())).append(')');
            if (t.repetition() != null) sb.append("  repetition ").append(t.repetition());
            sb.append(" ==\n");
            if (t.ok()) {
                trial(sb, t, run.options());
                SystemFigures.text(sb, Layout.trialDir(run.runDir(), t.id()));
            } else
                sb.append(t.status().toUpperCase(Locale.ROOT))
                        .append(": ")
                        .append(t.reason() == null ? "no reason given" : t.reason())
                        .append('\n');
        }
        if (trials.size() > 1) {
            sb.append("\nAcross trials\n")
                    .append(AcrossTrials.table(AcrossTrials.of(trials), names).render("  "));
        }
        return sb.toString();
    }

    private static void trial(StringBuilder sb, TrialSummary t, AnalysisOptions options) {
        Shown warnings = new Shown(t.warnings());
        if (!t.statusText().equals(t.status()))
            sb.append("status: ").append(t.statusText()).append('\n');
        sb.append("events ")
                .append(t.events())
                .append(t.measuredEvents() == null ? "" : " (" + t.measuredEvents() + " measured)")
                .append(", outputs ")
                .append(t.outputs())
                .append('\n');
        if (t.links() != null) sb.append(t.links().line()).append('\n');
        if (t.sampling() != null) sb.append(t.sampling().render());
        if (t.reason() != null) sb.append("note: ").append(t.reason()).append('\n');
        warnings.show(sb, w -> w.kind().equals(Warning.ERRORS));
        errors(sb, t.errors());
        warnings.show(sb, w -> w.kind().equals(Warning.DISTURBED));
        warmUp(sb, t.warmUp());
        warnings.show(sb, w -> w.kind().equals(Warning.WARM_UP));

        BurstStats bs = t.burstStats();
        if (bs != null) {
            sb.append("\nBurst processing time, ")
                    .append(bs.bursts())
                    .append(" measured bursts (std: sample, n-1;"
                            + " median: nearest rank; trimmed: mean without the lowest and highest 10 %)\n");
            sb.append(new Table("mean ms", "median ms", "trimmed ms", "min ms", "max ms", "sum ms", "std ms")
                    .labelColumns(0)
                    .row(
                            num(bs.meanMs(), 3),
                            num(bs.medianMs(), 3),
                            num(bs.trimmedMeanMs(), 3),
                            num(bs.minMs(), 3),
                            num(bs.maxMs(), 3),
                            num(bs.sumMs(), 3),
                            num(bs.stdMs(), 3))
                    .render("  "));
            sb.append("  shortest: burst ")
                    .append(bs.minBurst())
                    .append("; longest: burst ")
                    .append(bs.maxBurst())
                    .append(
                            Double.isNaN(bs.maxShift())
                                    ? ""
                                    : ", which alone lifts the mean by " + num(100 * bs.maxShift(), 1) + " %")
                    .append('\n');
            warnings.show(sb, w -> w.figure().equals("burst time mean"));
        }

        if (t.headTail() != null && !t.headTail().isEmpty()) {
            sb.append("\nHead-tail: A = mean sum of the first N event times of a burst, B = of the last N");
            sb.append(" (")
                    .append(t.headTail().get(0).bursts())
                    .append(" bursts, first ")
                    .append(skipped(options.skipBursts(), t.warmUp()))
                    .append(" measured skipped)\n");
            String[] header = new String[t.headTail().size() + 1];
            header[0] = "N";
            Object[][] rows = new Object[9][header.length];
            String[] labels = {
                "A µs",
                "B µs",
                "A-B µs",
                "A/B",
                "A median µs",
                "A trimmed µs",
                "B median µs",
                "B trimmed µs",
                "A's top burst"
            };
            for (int k = 0; k < labels.length; k++) rows[k][0] = labels[k];
            for (int i = 0; i < t.headTail().size(); i++) {
                HeadTail.Row row = t.headTail().get(i);
                header[i + 1] = String.valueOf(row.n());
                Object[] v = {
                    num(row.aUs(), 3),
                    num(row.bUs(), 3),
                    num(row.aMinusBUs(), 3),
                    num(row.aOverB(), 2),
                    num(row.aMedianUs(), 3),
                    num(row.aTrimmedUs(), 3),
                    num(row.bMedianUs(), 3),
                    num(row.bTrimmedUs(), 3),
                    row.aMaxBurst() + (Double.isNaN(row.aMaxShift()) ? "" : " +" + num(100 * row.aMaxShift(), 0) + "%")
                };
                for (int k = 0; k < v.length; k++) rows[k][i + 1] = v[k];
            }
            Table ht = new Table(header);
            for (Object[] row : rows) ht.row(row);
            sb.append(ht.render("  "));
            sb.append(
                    "  (median and trimmed: of the per-burst sums; A's top burst: the burst with the largest sum of its first N,"
                            + " and how much it alone lifts A)\n");
            warnings.show(sb, w -> w.figure().equals("head-tail A"));
        }

        Cumulative c = t.cumulative();
        if (c != null) {
            sb.append("\nEvent time distribution, ").append(c.events()).append(" measured events\n");
            Table ct = new Table("below µs", "events", "%");
            for (Cumulative.Row row : c.rows()) ct.row(num(row.thresholdUs(), 0), row.count(), num(row.percent(), 2));
            ct.row("max µs", num(c.maxUs(), 3), "");
            sb.append(ct.render("  "));
        }

        if (t.topBursts() != null && !t.topBursts().isEmpty()) {
            sb.append("\nTop ").append(t.topBursts().size()).append(" bursts by burst time (event std: sample, n-1)\n");
            Table tt = new Table("burst", "events", "time ms", "max event µs", "mean event µs", "std event µs")
                    .labelColumns(0);
            for (TopBursts.Entry e : t.topBursts()) {
                tt.row(
                        e.burst(),
                        e.size(),
                        num(e.timeMs(), 3),
                        num(e.maxEventUs(), 3),
                        num(e.meanEventUs(), 3),
                        num(e.stdEventUs(), 3));
            }
            sb.append(tt.render("  "));
        }

        Latency l = t.latency();
        sb.append("\nLatency µs (nearest-rank percentiles). end-to-end: from send start, uncorrected;"
                + " scheduled: from intended send time, coordinated-omission safe\n");
        Table lt = new Table(
                "", LatencyMode.PROCESSING.text(), LatencyMode.END_TO_END.text(), LatencyMode.SCHEDULED.text());
        lt.row(
                "count",
                l.processing().count(),
                l.endToEnd().count(),
                l.scheduled().count());
        latencyRow(
                lt,
                "mean",
                l.processing().meanUs(),
                l.endToEnd().meanUs(),
                l.scheduled().meanUs());
        latencyRow(
                lt,
                "p50",
                l.processing().p50Us(),
                l.endToEnd().p50Us(),
                l.scheduled().p50Us());
        latencyRow(
                lt,
                "p90",
                l.processing().p90Us(),
                l.endToEnd().p90Us(),
                l.scheduled().p90Us());
        latencyRow(
                lt,
                "p99",
                l.processing().p99Us(),
                l.endToEnd().p99Us(),
                l.scheduled().p99Us());
        latencyRow(
                lt,
                "p99.9",
                l.processing().p999Us(),
                l.endToEnd().p999Us(),
                l.scheduled().p999Us());
        latencyRow(
                lt,
                "p99.99",
                l.processing().p9999Us(),
                l.endToEnd().p9999Us(),
                l.scheduled().p9999Us());
        latencyRow(
                lt,
                "max",
                l.processing().maxUs(),
                l.endToEnd().maxUs(),
                l.scheduled().maxUs());
        sb.append(lt.render("  "));
        warnings.show(sb, w -> w.figure().endsWith(" mean") && w.kind().equals(Warning.DOMINATED));

        if (t.rates() != null) {
            // Poisson arrivals draw their count around the target: the rate of the intended times gets a column.
            boolean drawn = t.rates().stream().anyMatch(PhaseRate::intendedDiffers);
            sb.append("\nRate per measured phase (lag = send start - intended")
                    .append(
                            drawn
                                    ? "; intended = the rate of the intended send times, Poisson arrivals drawn around the target"
                                    : "")
                    .append(")\n");
            Table rt = drawn
                    ? new Table(
                            "phase",
                            "profile",
                            "target ev/s",
                            "intended ev/s",
                            "achieved ev/s",
                            "events",
                            "max lag ms",
                            "last lag ms")
                    : new Table(
                            "phase", "profile", "target ev/s", "achieved ev/s", "events", "max lag ms", "last lag ms");
            rt.labelColumns(2);
            for (PhaseRate p : t.rates()) {
                String target = p.profile() == null ? "?" : p.targetRate() == null ? "max" : num(p.targetRate(), 1);
                List<Object> cells =
                        new ArrayList<>(List.of(p.name(), p.profile() == null ? "?" : p.profile(), target));
                if (drawn) cells.add(p.intendedRate() == null ? "" : num(p.intendedRate(), 1));
                cells.addAll(List.of(num(p.achievedRate(), 1), p.count(), num(p.maxLagMs(), 3), num(p.lastLagMs(), 3)));
                rt.row(cells.toArray());
            }
            sb.append(rt.render("  "));
            if (t.achievedRate() != null)
                sb.append("all measured events: ")
                        .append(num(t.achievedRate(), 1))
                        .append(" ev/s\n");
            warnings.show(sb, w -> w.figure().startsWith("phase"));
        }
        LatencyTrend trend = t.scheduledTrend();
        if (trend != null) {
            sb.append("Scheduled latency trend: ")
                    .append(num(trend.slopeMsPerS(), 3))
                    .append(" ± ")
                    .append(num(trend.stdErr(), 3))
                    .append(" ms per s over ")
                    .append(trend.points())
                    .append(" interval medians spanning ")
                    .append(num(trend.windowS(), 3))
                    .append(" s (")
                    .append(num(trend.growthMs(), 3))
                    .append(" ms in all; a growing backlog has a clearly positive slope)\n");
        }
        Adaptivity a = t.adaptivity();
        if (a != null) {
            sb.append("\nAdaptivity to the peak (scheduled latency, ms)\n");
            sb.append(new Table(
                            "steady mean",
                            "steady p99.9",
                            "peak p99.9",
                            "max peak",
                            "degradation",
                            "recovery s",
                            "post-peak")
                    .row(
                            num(a.steadyMeanMs(), 3),
                            num(a.steadyP999Ms(), 3),
                            num(a.peakP999Ms(), 3),
                            num(a.maxPeakLatencyMs(), 3),
                            num(a.degradation(), 2),
                            a.recoveryS() == null ? "never" : num(a.recoveryS(), 3),
                            a.postPeakVariation() == null ? "n/a" : num(a.postPeakVariation(), 2))
                    .render("  "));
            warnings.show(sb, w -> w.figure().equals("adaptivity"));
        }
        RateShape shape = t.rateShape();
        if (shape != null) {
            sb.append("Rate shape over ")
                    .append(shape.intervals())
                    .append(" whole measured intervals of ")
                    .append(num(shape.intervalSeconds() * 1000, 0))
                    .append(" ms: worst interval ")
                    .append(num(shape.worstPercent(), 3))
                    .append(" % off its target (at ")
                    .append(num(shape.worstAtSeconds(), 3))
                    .append(" s); RMSE ")
                    .append(num(shape.rmsePercentOfMax(), 3))
                    .append(" % of the highest target rate\n");
        }
        if (warnings.remaining()) {
            sb.append("\nOther warnings\n");
            warnings.show(sb, w -> true);
        }
    }

    /** The first errors' messages (the warning above says how many). */
    private static void errors(StringBuilder sb, TrialErrors e) {
        if (e == null || e.count() == 0) return;
        for (TrialResult.First f : e.first()) {
            sb.append("    error at ")
                    .append(num(f.tNs() / 1e9, 6))
                    .append(" s, ")
                    .append("send".equals(f.source()) ? "thrown out of send" : "engine")
                    .append(f.where() == null ? "" : " (" + f.where() + ")")
                    .append(": ")
                    .append(f.message())
                    .append('\n');
        }
    }

    /** A trial's warnings, each printed once: in place, next to the figure it concerns, or at the end. */
    private static final class Shown {
        private final List<Warning> left;

        Shown(List<Warning> warnings) {
            left = new ArrayList<>(warnings == null ? List.of() : warnings);
        }

        void show(StringBuilder sb, Predicate<Warning> which) {
            for (Iterator<Warning> it = left.iterator(); it.hasNext(); ) {
                Warning w = it.next();
                if (!which.test(w)) continue;
                sb.append("  ! ")
                        .append(w.kind())
                        .append(" (")
                        .append(w.figure())
                        .append("): ")
                        .append(w.message())
                        .append('\n');
                it.remove();
            }
        }

        boolean remaining() {
            return !left.isEmpty();
        }
    }

    /** Measured bursts left out of the head-tail table: the warm-up cut's or skip_bursts, whichever is more. */
    private static int skipped(int skipBursts, WarmUpCut w) {
        return w != null && w.applied() && w.bursts() != null ? Math.max(skipBursts, w.bursts()) : skipBursts;
    }

    /** One line saying what the steady-state tables below leave out, and how to keep it. */
    private static void warmUp(StringBuilder sb, WarmUpCut w) {
        if (w == null || WarmUp.NONE.equals(w.series())) return;
        sb.append("warm-up (")
                .append(WarmUpCut.METHOD)
                .append(" on ")
                .append(w.points())
                .append(' ')
                .append(w.series())
                .append("): ");
        if (w.inconclusive()) {
            sb.append(
                    "inconclusive (its minimum is at the limit of the search, half the series: too short, or never settles);"
                            + " nothing cut\n");
            return;
        }
        if (w.found() && w.events() == null) {
            // records off: nothing counted per event; the logs are cut by interval
            sb.append("the measured events before t=")
                    .append(num(w.endS(), 3))
                    .append(" s (to the HdrHistogram logs' interval) are ")
                    .append(
                            w.applied()
                                    ? "left out of the latency table (--keep-warmup keeps them)\n"
                                    : "a transient, kept (--keep-warmup)\n");
            return;
        }
        if (!w.found() || w.events() == 0L) {
            sb.append("no transient found; every measured event is in the tables\n");
            return;
        }
        String what = w.events() + " measured events" + (w.bursts() != null ? " (" + w.bursts() + " bursts)" : "")
                + " before t=" + num(w.endS(), 3) + " s";
        sb.append(
                w.applied()
                        ? what + " are left out of the latency and burst tables (--keep-warmup keeps them)\n"
                        : what + " are a transient, kept in the tables (--keep-warmup)\n");
    }

    private static void latencyRow(Table t, String label, double processing, double endToEnd, double scheduled) {
        t.row(label, num(processing, 3), num(endToEnd, 3), num(scheduled, 3));
    }
}
