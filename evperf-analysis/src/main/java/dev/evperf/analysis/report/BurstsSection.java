package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.figures.BurstStats;
import dev.evperf.analysis.figures.HeadTail;
import dev.evperf.analysis.sql.BurstQueries;
import dev.evperf.analysis.sql.Distribution;
import java.sql.SQLException;
import java.util.Map;

/** Bursts: their times, the top bursts, head-tail and the event times by position in the burst. A part of a trial's report section ({@link TrialSection}). */
final class BurstsSection extends Section {
    BurstsSection(SectionContext ctx) {
        super(ctx);
    }

    void burstsPart() throws SQLException {
        ctx.bursty = q.bursts().hasBursts();
        if (!ctx.bursty) return;
        ObjectNode b = node.putObject("bursts");
        Distribution d = q.bursts().burstTimes();
        if (d.count() > 0) {
            long[] p = d.percentiles(0, 25, 50, 75, 99, 100);
            ObjectNode s = b.putObject("stats");
            s.put("count", d.count());
            s.set("meanMs", J.ms(d.mean()));
            s.set("minMs", J.ms(d.min()));
            s.set("maxMs", J.ms(d.max()));
            s.set("sumMs", J.ms(d.mean() * d.count()));
            s.set("stdMs", J.ms(d.std()));
            s.set("p50Ms", J.ms(p[2]));
            s.set("p99Ms", J.ms(p[4]));
            BurstStats robust = q.bursts().burstStats();
            s.set("trimmedMs", J.num(robust.trimmedMeanMs(), 3));
            s.put("minBurst", robust.minBurst());
            s.put("maxBurst", robust.maxBurst());
            s.set("maxShift", J.num(robust.maxShift(), 3));
            ctx.meanBurstMs = d.mean() / 1e6;
            ctx.minBurstMs = p[0] / 1e6;
            ctx.p25BurstMs = p[1] / 1e6;
            ctx.p50BurstMs = p[2] / 1e6;
            ctx.p75BurstMs = p[3] / 1e6;
            ctx.p99BurstMs = p[4] / 1e6;
            ctx.maxBurstMs = p[5] / 1e6;
            b.set("hist", LatencySection.histogram(d.histogram(d.min(), d.max(), 100), "max", d.max()));
        }
        ArrayNode top = b.putArray("top");
        for (BurstQueries.TopBurst t : q.bursts().topBursts(o.topBursts())) {
            ObjectNode r = top.addObject();
            r.put("burst", t.burst());
            r.put("events", t.events());
            r.set("startS", J.s(t.startNs()));
            r.set("timeMs", J.ms(t.timeNs()));
            r.set("maxEventUs", q.hasEvents() ? J.us(t.maxEventNs()) : J.F.nullNode());
            r.set("meanEventUs", J.us(t.meanEventNs()));
            r.set("stdEventUs", J.us(t.stdEventNs()));
        }
    }

    void eventsPart() throws SQLException {
        if (!ctx.bursty || !q.hasEvents()) return;
        // measure.skip_bursts counts from the first measured burst; bursts the warm-up cut count towards it
        int skip = Math.max(0, ctx.skipBursts() - ctx.cutBursts);
        ObjectNode ht = node.putObject("headTail");
        ht.put("skip", skip + ctx.cutBursts); // measured bursts left out in all, for the text
        ArrayNode rows = ht.putArray("rows");
        for (HeadTail.Row r : q.bursts().headTail(skip, HeadTail.DEFAULT_N)) {
            ObjectNode n = rows.addObject();
            n.put("n", r.n());
            n.put("bursts", r.bursts());
            n.set("aUs", J.num(r.aUs(), 3));
            n.set("bUs", J.num(r.bUs(), 3));
            n.set("aMinusBUs", J.num(r.aMinusBUs(), 3));
            n.set("aOverB", J.num(r.aOverB(), 3));
            n.set("aMedianUs", J.num(r.aMedianUs(), 3));
            n.set("aTrimmedUs", J.num(r.aTrimmedUs(), 3));
            n.set("bMedianUs", J.num(r.bMedianUs(), 3));
            n.set("bTrimmedUs", J.num(r.bTrimmedUs(), 3));
            n.put("aMaxBurst", r.aMaxBurst());
            n.set("aMaxShift", J.num(r.aMaxShift(), 3));
            if (r.n() == 1) ctx.aOverB1 = Double.isNaN(r.aOverB()) ? null : r.aOverB();
        }
        ObjectNode pos = node.putObject("positions");
        pos.put("skip", skip + ctx.cutBursts);
        pos.set("p", J.fixed(BurstQueries.POSITION_P, 1));
        ArrayNode prow = pos.putArray("rows");
        for (BurstQueries.PositionRow r : q.bursts().positions(skip)) {
            ObjectNode n = prow.addObject();
            n.put("j", r.j() == BurstQueries.LAST ? "n" : Integer.toString(r.j()));
            n.put("bursts", r.bursts());
            n.set("minUs", J.us(r.min()));
            ArrayNode p = n.putArray("pUs");
            for (long v : r.p()) p.add(J.us(v));
            n.set("maxUs", J.us(r.max()));
            n.set("meanUs", J.us(r.mean()));
        }
        ObjectNode series = pos.putObject("series");
        for (Map.Entry<Integer, long[][]> e : q.bursts()
                .positionSeries(o.maxPoints(), 1, 2, BurstQueries.LAST)
                .entrySet()) {
            ObjectNode s = series.putObject(e.getKey() == BurstQueries.LAST ? "n" : Integer.toString(e.getKey()));
            s.set("burst", J.longs(e.getValue()[0]));
            ArrayNode y = s.putArray("us");
            for (long v : e.getValue()[1]) y.add(J.us(v));
        }
    }
}
