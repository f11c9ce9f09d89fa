package dev.evperf.analysis.report;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.evperf.analysis.figures.Cumulative;
import dev.evperf.analysis.sql.Dist;
import dev.evperf.analysis.sql.Distribution;
import dev.evperf.analysis.sql.TrialQueries;
import dev.evperf.results.LatencyMode;
import java.sql.SQLException;
import java.util.List;

/** Latency: each mode's distribution (exact from the records, or from the HdrHistogram logs), table, curve and histograms. A part of a trial's report section ({@link TrialSection}). */
final class LatencySection extends Section {
    LatencySection(SectionContext ctx) {
        super(ctx);
    }

    void latencyPart() throws SQLException {
        Dist[] modes = new Dist[3];
        String joinNote = null;
        if (q.hasEvents()) {
            long t0 = System.nanoTime();
            modes[0] = q.processing();
            if (TrialSection.TIMING)
                System.err.printf(
                        "evperf report: %s   processing distribution %.3f s%n",
                        trial.id(), (System.nanoTime() - t0) / 1e9);
        } else {
            modes[0] = q.hlog(LatencyMode.PROCESSING);
            notes.add(
                    "This trial ran without per-event records (measure.records: false): latency comes from its HdrHistogram logs"
                            + " (3 significant digits" + (q.cut() ? ", the warm-up cut to the log's intervals" : "")
                            + "), and the per-event sections are left out.");
        }
        if (q.hasEvents() && q.hasOutputs()) {
            long t0 = System.nanoTime();
            TrialQueries.OutputLatency j = q.outputLatency(o.exactJoinLimit());
            if (TrialSection.TIMING)
                System.err.printf("evperf report: %s   join %.3f s%n", trial.id(), (System.nanoTime() - t0) / 1e9);
            modes[1] = j.endToEnd();
            modes[2] = j.scheduled();
            joinNote = j.note();
        } else {
            modes[1] = q.hlog(LatencyMode.END_TO_END);
            modes[2] = q.hlog(LatencyMode.SCHEDULED);
        }
        if (joinNote != null) notes.add(joinNote);
        ObjectNode lat = node.putObject("latency");
        lat.set("tableP", J.fixed(TrialSection.TABLE_P, 3));
        lat.set("curveP", J.fixed(TrialSection.CURVE_P, 3));
        ArrayNode arr = lat.putArray("modes");
        for (int i = 0; i < 3; i++) {
            Dist d = modes[i];
            if (d == null) continue;
            ObjectNode m = arr.addObject();
            m.put("mode", TrialSection.MODES[i].text());
            m.put("source", d.source());
            m.put("count", d.count());
            m.set("meanUs", J.us(d.mean()));
            m.set("stdUs", J.us(d.std()));
            m.set("minUs", d.count() == 0 ? J.F.nullNode() : J.us(d.min()));
            m.set("maxUs", d.count() == 0 ? J.F.nullNode() : J.us(d.max()));
            long t0 = System.nanoTime();
            long[] tp = d.percentiles(TrialSection.TABLE_P);
            long[] cp = d.percentiles(TrialSection.CURVE_P);
            if (TrialSection.TIMING)
                System.err.printf(
                        "evperf report: %s   %s percentiles %.3f s%n",
                        trial.id(), TrialSection.MODES[i], (System.nanoTime() - t0) / 1e9);
            ArrayNode t = m.putArray("tableUs"), c = m.putArray("curveUs");
            for (long v : tp) t.add(d.count() == 0 ? J.F.nullNode() : J.us(v));
            for (long v : cp) c.add(d.count() == 0 ? J.F.nullNode() : J.us(v));
            if (d.count() > 0) {
                if (i == 0) {
                    ctx.procP50 = tp[0] / 1000.0;
                    ctx.procP99 = tp[2] / 1000.0;
                    ctx.procP999 = tp[3] / 1000.0;
                    ctx.procMean = d.mean() / 1000.0;
                } else if (i == 1) {
                    ctx.e2eP99 = tp[2] / 1000.0;
                } else {
                    ctx.schedP99 = tp[2] / 1000.0;
                }
            }
        }
        if (modes[0] instanceof Distribution proc) eventTimes(proc);
    }

    /** Table 4.4, histograms (linear and log-y) and the CDF of the measured events' times. */
    void eventTimes(Distribution d) throws SQLException {
        if (d.count() == 0) return;
        ObjectNode ev = node.putObject("events");
        ev.put("count", d.count());
        ev.set("minUs", J.us(d.min()));
        ev.set("maxUs", J.us(d.max()));
        long[] limits = Cumulative.limitsNs(TrialSection.THRESHOLDS_US);
        long[] below = d.countBelow(limits);
        ArrayNode th = ev.putArray("thresholds");
        for (int i = 0; i < limits.length; i++) {
            ObjectNode r = th.addObject();
            r.put("us", TrialSection.THRESHOLDS_US[i]);
            r.put("count", below[i]);
            r.set("pct", J.num(100.0 * below[i] / d.count(), 3));
        }
        long p99 = d.percentiles(99)[0];
        ev.set("body", histogram(d.histogram(d.min(), p99, 100), "p99", p99));
        ev.set("full", histogram(d.histogram(d.min(), d.max(), 200), "max", d.max()));
        List<Distribution.CdfPoint> cdf = d.cdf(o.maxPoints() / 2);
        double[] x = new double[cdf.size()], y = new double[cdf.size()];
        for (int i = 0; i < x.length; i++) {
            x[i] = cdf.get(i).v() / 1000.0;
            y[i] = 100.0 * cdf.get(i).cum() / d.count();
        }
        ObjectNode c = ev.putObject("cdf");
        c.set("xUs", J.fixed(x, 3));
        c.set("pct", J.nums(y, 7));
    }

    static ObjectNode histogram(Distribution.Histogram h, String upTo, long hiNs) {
        ObjectNode n = J.obj();
        n.set("loUs", J.us(h.lo()));
        n.set("widthUs", J.us(h.width()));
        n.set("counts", J.longs(h.counts()));
        n.put("above", h.above());
        n.put("upTo", upTo);
        n.set("hiUs", J.us(hiNs));
        return n;
    }
}
