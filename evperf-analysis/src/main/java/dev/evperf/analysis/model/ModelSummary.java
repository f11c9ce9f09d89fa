package dev.evperf.analysis.model;

import java.util.Locale;

/** The text form of a {@link ServiceModel}: its signatures, their segments, and the cells by position. */
public final class ModelSummary {
    private ModelSummary() {
    }

    public static String text(ServiceModel m) {
        StringBuilder sb = new StringBuilder();
        ServiceModel.Source s = m.source();
        sb.append(String.format(Locale.ROOT, "Service execution model of trial %s%s: %d of %d cases (measured%s), %d bursts%n",
                s.trial(), s.engine() == null ? "" : " (" + s.engine() + ")", s.casesUsed(), s.cases(),
                s.warmUpSkippedBursts() == null ? "" : ", after " + s.warmUpSkippedBursts() + " warm-up bursts", s.bursts()));
        sb.append(String.format(Locale.ROOT, "  event time: mean %.3f µs, p50 %.3f, p99 %.3f, max %.3f%n",
                m.eventTime().meanUs(), m.eventTime().p50Us(), m.eventTime().p99Us(), m.eventTime().maxUs()));
        for (ServiceModel.Signature g : m.signatures()) {
            sb.append(String.format(Locale.ROOT, "%n%s  %d cases (%.1f %%): %s%n", g.id(), g.cases(), 100 * g.share(),
                    String.join(" > ", g.points())));
            sb.append(String.format(Locale.ROOT, "  %-44s  %9s  %9s  %9s  %9s  %17s  %6s%n", "segment (µs)", "mean", "p50", "p99", "max",
                    "lognormal μ, σ", "KS D"));
            for (ServiceModel.Segment seg : g.segments()) {
                Dist d = seg.all();
                sb.append(String.format(Locale.ROOT, "  %-44s  %9.3f  %9.3f  %9.3f  %9.3f  %8.3f, %6.3f  %6.3f%s%n",
                        (seg.inSendSpan() ? "" : "(outside the send) ") + seg.name(), d.meanUs(), d.p50Us(), d.p99Us(), d.maxUs(),
                        d.lognormalMu(), d.lognormalSigma(), d.fitKsD(), seg.checkMultimodal() ? "  check: multimodal?" : ""));
            }
        }
        sb.append(String.format(Locale.ROOT, "%nContext cells: mean event time (µs) by idle time before the burst and position%n"));
        sb.append(String.format(Locale.ROOT, "  %-14s  %-10s  %7s  %10s  %10s  %10s%n", "idle", "position", "cases", "mean", "p50", "p99"));
        for (ServiceModel.Cell c : m.cells()) {
            sb.append(String.format(Locale.ROOT, "  %-14s  %-10s  %7d  %10.3f  %10.3f  %10.3f%n", c.idle(), c.position(), c.cases(),
                    c.eventTime().meanUs(), c.eventTime().p50Us(), c.eventTime().p99Us()));
        }
        for (String n : m.notes()) sb.append("note: ").append(n).append('\n');
        return sb.toString();
    }
}
