package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.sql.WarmUps;
import dev.evperf.analysis.warmup.WarmUp;
import dev.evperf.analysis.warmup.WarmUpCut;
import dev.evperf.results.TrialResult;
import java.sql.SQLException;
import java.util.Locale;

/** The warm-up transient (MSER-5) and, unless kept, its cut from every later query. A part of a trial's report section ({@link TrialSection}). */
final class WarmUpSection extends Section {
    WarmUpSection(SectionContext ctx) {
        super(ctx);
    }

    /**
     * Detects the warm-up transient (MSER-5) and, unless the options keep it, makes every later
     * query treat it as unmeasured, so the steady-state tables and distributions leave it out.
     */
    void warmUpPart() throws SQLException {
        // The summary's warm-up: bursts derived from the events and a cut by seq (bursts.parquet's
        // per-burst min/max and a cut by send time differ from them when several senders interleave).
        WarmUp w = WarmUps.detect(q, TrialResult.load(dir));
        boolean bySeq = q.hasEvents();
        ObjectNode n = node.putObject("warmUp");
        n.put("method", WarmUpCut.METHOD);
        n.put("series", w.series());
        n.put("points", w.points());
        n.put("truncation", w.truncation());
        boolean found = w.truncation() > 0 && w.endNs() != null;
        n.put("cut", found && o.cutWarmUp());
        n.put("inconclusive", w.inconclusive());
        if (w.inconclusive()) {
            notes.add("Warm-up (" + WarmUpCut.METHOD + " on " + w.points() + " " + w.series()
                    + "): inconclusive, its minimum is at the"
                    + " limit of the search (half the series: too short, or it never settles); nothing cut.");
        }
        if (!found) return;
        ctx.warmUpEndNs = w.endNs();
        n.set("endS", J.s(w.endNs()));
        bySeq &= w.firstSteadySeq() != null;
        long events = !q.hasEvents()
                ? 0
                : db.count("SELECT count(*) FROM " + q.ev() + " WHERE measured AND "
                        + (bySeq ? "seq < " + w.firstSteadySeq() : "send_start < " + w.endNs()));
        if (q.hasEvents()) n.put("events", events);
        String what = "Warm-up (" + WarmUpCut.METHOD + " on " + w.points() + " " + w.series() + "): "
                + (q.hasEvents()
                        ? events + " measured events"
                        : "the measured events (to the HdrHistogram log's interval)")
                + (w.skipBursts() != null ? " (" + w.skipBursts() + " bursts)" : "") + " before t="
                + String.format(Locale.ROOT, "%.3f", w.endNs() / 1e9) + " s";
        if (o.cutWarmUp()) {
            if (bySeq) q.cutBeforeSeq(w.firstSteadySeq(), w.endNs());
            else q.cutBefore(w.endNs());
            ctx.cutBursts = w.skipBursts() == null ? 0 : w.skipBursts();
            notes.add(
                    what
                            + " are left out of the latency, burst, head-tail and position figures (--keep-warmup keeps them).");
        } else {
            notes.add(what + " are a transient, kept in every figure (--keep-warmup).");
        }
    }
}
