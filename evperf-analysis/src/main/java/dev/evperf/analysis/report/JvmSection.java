package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.sql.BurstQueries;
import dev.evperf.analysis.sql.SeriesQueries;
import java.sql.SQLException;
import java.util.List;

/** JVM events (GC pauses, safepoints, JIT, deoptimizations) in the run's window, and the timeline of burst or interval times. A part of a trial's report section ({@link TrialSection}). */
final class JvmSection extends Section {
    JvmSection(SectionContext ctx) {
        super(ctx);
    }

    void jvmPart(long[] window) throws SQLException {
        ObjectNode j = node.putObject("jvmEvents");
        ArrayNode kinds = j.putArray("kinds");
        for (SeriesQueries.JvmKind k : q.series().jvmKinds(window[0], window[1])) {
            ObjectNode n = kinds.addObject();
            n.put("kind", k.kind());
            n.put("count", k.count());
            n.set("totalMs", J.ms(k.totalNs()));
            n.set("maxMs", J.ms(k.maxNs()));
            ctx.jvmTotals.put(k.kind(), new Double[] {(double) k.count(), k.totalNs() / 1e6});
        }
        ObjectNode marks = j.putObject("marks");
        ObjectNode shown = j.putObject("shown");
        for (String kind : TrialSection.JVM_KINDS) {
            List<SeriesQueries.JvmMark> ms = q.series().jvmMarks(kind, window[0], window[1], o.maxMarkers());
            ArrayNode a = marks.putArray(kind);
            for (SeriesQueries.JvmMark m : ms) {
                ArrayNode p = a.addArray();
                p.add(J.s(m.startNs()));
                p.add(J.s(m.endNs()));
            }
            shown.put(kind, ms.size());
        }
        ArrayNode gc = j.putArray("gcTop");
        for (SeriesQueries.JvmMark m : q.series().jvmMarks("gc-pause", window[0], window[1], 20)) {
            ObjectNode n = gc.addObject();
            n.set("startS", J.s(m.startNs()));
            n.set("ms", J.ms(m.endNs() - m.startNs()));
            n.put("detail", m.detail());
        }
    }

    /** Burst times on the trial's axis (ctx.bursty profiles), else the per-interval processing time. */
    void timelinePart() throws SQLException {
        ObjectNode tl = J.obj();
        if (ctx.bursty) {
            List<BurstQueries.BurstPoint> pts = q.bursts().burstSeries(o.maxPoints());
            ArrayNode x = tl.putArray("x"), m = tl.putArray("measured"), w = tl.putArray("warmup");
            for (BurstQueries.BurstPoint p : pts) {
                x.add(J.s(p.startNs()));
                m.add(p.measured() ? J.ms(p.timeNs()) : J.F.nullNode());
                w.add(p.measured() ? J.F.nullNode() : J.ms(p.timeNs()));
            }
            tl.put("kind", "bursts");
        } else if (node.has("intervals")
                && node.path("intervals").path("series").has("processing_max_us")) {
            tl.put("kind", "intervals");
        } else {
            return;
        }
        node.set("timeline", tl);
    }
}
