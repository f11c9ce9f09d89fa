package dev.evperf.analysis.model;

import java.util.Locale;

/**
 * The text forms of a {@link ServiceModel} (its signatures, their segments, and the cells by position)
 * and of its {@link ModelCheck} on a held-out trial.
 */
public final class ModelSummary {
    private ModelSummary() {}

    public static String text(ServiceModel m) {
        StringBuilder sb = new StringBuilder();
        ServiceModel.Source s = m.source();
        sb.append(String.format(
                Locale.ROOT,
                "Service execution model of trial %s%s: %d of %d cases (measured%s), %d bursts%n",
                s.trial(),
                s.engine() == null ? "" : " (" + s.engine() + ")",
                s.casesUsed(),
                s.cases(),
                s.warmUpSkippedBursts() == null ? "" : ", after " + s.warmUpSkippedBursts() + " warm-up bursts",
                s.bursts()));
        sb.append(String.format(
                Locale.ROOT,
                "  event time: mean %.3f µs, p50 %.3f, p99 %.3f, max %.3f%n",
                m.eventTime().meanUs(),
                m.eventTime().p50Us(),
                m.eventTime().p99Us(),
                m.eventTime().maxUs()));
        for (ServiceModel.Signature g : m.signatures()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "%n%s  %d cases (%.1f %%): %s%n",
                    g.id(),
                    g.cases(),
                    100 * g.share(),
                    String.join(" > ", g.points())));
            sb.append(String.format(
                    Locale.ROOT,
                    "  %-44s  %9s  %9s  %9s  %9s  %17s  %6s%n",
                    "segment (µs)",
                    "mean",
                    "p50",
                    "p99",
                    "max",
                    "lognormal μ, σ",
                    "KS D"));
            for (ServiceModel.Segment seg : g.segments()) {
                Dist d = seg.all();
                sb.append(String.format(
                        Locale.ROOT,
                        "  %-44s  %9.3f  %9.3f  %9.3f  %9.3f  %8.3f, %6.3f  %6.3f%s%n",
                        (seg.inSendSpan() ? "" : "(outside the send) ") + seg.name(),
                        d.meanUs(),
                        d.p50Us(),
                        d.p99Us(),
                        d.maxUs(),
                        d.lognormalMu(),
                        d.lognormalSigma(),
                        d.fitKsD(),
                        seg.checkMultimodal() ? "  check: multimodal?" : ""));
            }
        }
        sb.append(String.format(
                Locale.ROOT, "%nContext cells: mean event time (µs) by idle time before the burst and position%n"));
        sb.append(String.format(
                Locale.ROOT,
                "  %-14s  %-10s  %7s  %10s  %10s  %10s%n",
                "idle",
                "position",
                "cases",
                "mean",
                "p50",
                "p99"));
        for (ServiceModel.Cell c : m.cells()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "  %-14s  %-10s  %7d  %10.3f  %10.3f  %10.3f%n",
                    c.idle(),
                    c.position(),
                    c.cases(),
                    c.eventTime().meanUs(),
                    c.eventTime().p50Us(),
                    c.eventTime().p99Us()));
        }
        for (String n : m.notes()) sb.append("note: ").append(n).append('\n');
        return sb.toString();
    }

    /** The text form of a model's check on a held-out trial. */
    public static String text(ModelCheck c) {
        StringBuilder sb = new StringBuilder();
        sb.append(String.format(Locale.ROOT, "Check on trial %s (%s)%n", c.trial(), c.dir()));
        if (!Double.isNaN(c.signatureCoverage())) {
            sb.append(String.format(
                    Locale.ROOT, "  cases whose signature the model knows: %.1f %%%n", 100 * c.signatureCoverage()));
        }
        sb.append(String.format(
                Locale.ROOT,
                "  mean event time: measured %.3f µs, predicted %.3f µs (%+.1f %%) over %d events%n",
                c.measuredMeanEventUs(),
                c.predictedMeanEventUs(),
                c.eventErrorPct(),
                c.events()));
        if (c.bursts() == 0) {
            sb.append("  no measured bursts: burst times not checked\n");
            return sb.toString();
        }
        sb.append(String.format(
                Locale.ROOT,
                "  mean burst time over %d bursts: measured %.3f ms%n",
                c.bursts(),
                c.measuredMeanBurstMs()));
        sb.append(String.format(
                Locale.ROOT,
                "    model with context (idle time, position): %.3f ms (%+.1f %%), per-burst error %.1f %%%n",
                c.predictedMeanBurstMs(),
                c.errorPct(),
                c.burstMapePct()));
        sb.append(String.format(
                Locale.ROOT,
                "    without context (pooled cases):           %.3f ms (%+.1f %%), per-burst error %.1f %%%n",
                c.baselineMeanBurstMs(),
                c.baselineErrorPct(),
                c.baselineBurstMapePct()));
        sb.append(String.format(
                Locale.ROOT,
                "  burst time distribution, measured vs simulated from the model (%d simulated bursts):%n",
                c.simulated()));
        sb.append(String.format(
                Locale.ROOT,
                "    median %.3f vs %.3f ms (%+.1f %%), p90 %.3f vs %.3f ms (%+.1f %%), KS distance %.3f%n",
                c.measuredMedianBurstMs(),
                c.predictedMedianBurstMs(),
                c.medianErrorPct(),
                c.measuredP90BurstMs(),
                c.predictedP90BurstMs(),
                c.p90ErrorPct(),
                c.burstKsD()));
        sb.append("  mean event time per position j in the burst (µs)\n");
        sb.append(String.format(
                Locale.ROOT,
                "  %6s  %-8s  %12s  %12s  %8s  %12s%n",
                "j",
                "cell",
                "measured",
                "predicted",
                "error",
                "no context"));
        for (ModelCheck.PositionRow r : c.positions()) {
            sb.append(String.format(
                    Locale.ROOT,
                    "  %6d  %-8s  %12.3f  %12.3f  %+7.1f%%  %12.3f%n",
                    r.j(),
                    r.cell(),
                    r.measuredMeanUs(),
                    r.predictedMeanUs(),
                    r.errorPct(),
                    r.baselineUs()));
        }
        return sb.toString();
    }
}
