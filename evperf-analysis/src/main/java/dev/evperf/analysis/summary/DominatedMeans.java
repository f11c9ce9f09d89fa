package dev.evperf.analysis.summary;

import static dev.evperf.analysis.summary.Table.num;

import dev.evperf.analysis.figures.BurstStats;
import dev.evperf.analysis.figures.HeadTail;
import dev.evperf.analysis.figures.Latency;
import dev.evperf.analysis.figures.LatencyStats;
import dev.evperf.analysis.figures.Robust;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * The {@link Warning#DOMINATED} warnings of a trial's summary: a mean that one value lifts so far
 * that the mean describes that value more than the rest (processing, end-to-end and scheduled
 * latency; burst time; head-tail A), with the robust figures to read beside it.
 */
final class DominatedMeans {
    private DominatedMeans() {}

    /** A warning for each mean of the summary (latency, burst time, head-tail A) one value lifts by more than {@link Robust#dominated} allows. */
    static void add(TrialSummary s, List<Warning> out) {
        Latency l = s.latency();
        if (l != null) {
            mean(out, "processing mean", l.processing());
            mean(out, "end-to-end mean", l.endToEnd());
            mean(out, "scheduled mean", l.scheduled());
        }
        BurstStats b = s.burstStats();
        if (b != null && Robust.dominated(b.maxShift())) {
            out.add(new Warning(
                    Warning.DOMINATED,
                    "burst time mean",
                    String.format(
                            Locale.ROOT,
                            "burst %d (%s ms) alone lifts the mean %s ms by %s %%: median %s ms, trimmed mean %s ms",
                            b.maxBurst(),
                            num(b.maxMs(), 3),
                            num(b.meanMs(), 3),
                            num(100 * b.maxShift(), 1),
                            num(b.medianMs(), 3),
                            num(b.trimmedMeanMs(), 3))));
        }
        if (s.headTail() != null) {
            List<HeadTail.Row> rows = s.headTail().stream()
                    .filter(r -> Robust.dominated(r.aMaxShift()))
                    .toList();
            if (!rows.isEmpty()) {
                HeadTail.Row r = rows.get(0);
                out.add(new Warning(
                        Warning.DOMINATED,
                        "head-tail A",
                        String.format(
                                Locale.ROOT,
                                "at N=%d burst %d alone lifts A %s µs by %s %% (median %s µs, trimmed mean %s µs)%s",
                                r.n(),
                                r.aMaxBurst(),
                                num(r.aUs(), 3),
                                num(100 * r.aMaxShift(), 1),
                                num(r.aMedianUs(), 3),
                                num(r.aTrimmedUs(), 3),
                                rows.size() == 1
                                        ? ""
                                        : "; one burst dominates A also at N="
                                                + rows.subList(1, rows.size()).stream()
                                                        .map(x -> x.n() + " (burst " + x.aMaxBurst() + ")")
                                                        .collect(Collectors.joining(", ")))));
            }
        }
    }

    private static void mean(List<Warning> out, String figure, LatencyStats m) {
        if (m == null || m.count() < 2) return;
        double shift = Robust.shift(m.meanUs(), m.maxUs(), m.count());
        if (!Robust.dominated(shift)) return;
        out.add(new Warning(
                Warning.DOMINATED,
                figure,
                String.format(
                        Locale.ROOT,
                        "one event of %s µs among %d lifts the mean to %s µs, by %s %%: read p50 (%s µs) and p99 (%s µs) beside it",
                        num(m.maxUs(), 3),
                        m.count(),
                        num(m.meanUs(), 3),
                        num(100 * shift, 1),
                        num(m.p50Us(), 3),
                        num(m.p99Us(), 3))));
    }
}
