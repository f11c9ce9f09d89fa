package dev.evperf.analysis.model;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Predictions from a {@link ServiceModel} alone (so a model read back from model.json predicts
 * exactly what the model built in memory did).
 *
 * <p>A cell's mean event time is composed from the signatures:
 * Σ_sig P(sig | cell) · Σ_{segments in the send span} mean(segment | sig, cell); a signature
 * without a send span contributes the cell's measured event time. A cell the model never saw is
 * looked up as the nearest idle bucket at the same position bucket, else the nearest position
 * bucket at the same idle bucket, else the whole model.
 *
 * <p>{@link #simulateBurstsNs} draws whole bursts instead: per event a signature by its share in
 * the cell, then each segment of its send span from the segment's empirical distribution in the
 * cell (segments independent), plus the cell's mean gap. The spread of burst times, and rare
 * slow events (a few per thousand that make one burst in ten slow), come out of the model
 * rather than only the mean.
 */
public final class Predictor {
    private final ServiceModel model;
    private final Map<Long, CellModel> cells = new TreeMap<>();
    private final Map<Long, CellModel> resolved = new HashMap<>();
    private final CellModel global;

    /** One cell (or the whole model) ready to predict from. */
    private static final class CellModel {
        double eventMean;
        double gapMean;
        double[] cumShare;
        List<List<Dist>> spans = new ArrayList<>(); // per signature: the segment distributions to sum
    }

    public Predictor(ServiceModel model) {
        this.model = model;
        Map<String, ServiceModel.Signature> sigs = new HashMap<>();
        for (ServiceModel.Signature s : model.signatures()) sigs.put(s.id(), s);
        for (ServiceModel.Cell c : model.cells()) {
            CellModel cm = new CellModel();
            cm.cumShare = new double[c.signatureShare().size()];
            int k = 0;
            double cum = 0;
            for (Map.Entry<String, Double> e : c.signatureShare().entrySet()) {
                ServiceModel.Signature s = sigs.get(e.getKey());
                List<Dist> span = span(s, c.idleIndex(), c.positionIndex(), c.eventTime());
                cm.spans.add(span);
                cm.eventMean +=
                        e.getValue() * span.stream().mapToDouble(Dist::meanUs).sum();
                cum += e.getValue();
                cm.cumShare[k++] = cum;
            }
            cm.gapMean = c.gap() == null || c.gap().n() == 0 ? 0 : c.gap().meanUs();
            cells.put(ContextCells.cellKey(c.idleIndex(), c.positionIndex()), cm);
        }
        global = new CellModel();
        global.cumShare = new double[model.signatures().size()];
        double cum = 0;
        for (int k = 0; k < model.signatures().size(); k++) {
            ServiceModel.Signature s = model.signatures().get(k);
            List<Dist> span = new ArrayList<>();
            for (ServiceModel.Segment g : s.segments()) if (g.inSendSpan()) span.add(g.all());
            if (span.isEmpty()) span.add(model.eventTime());
            global.spans.add(span);
            global.eventMean +=
                    s.share() * span.stream().mapToDouble(Dist::meanUs).sum();
            cum += s.share();
            global.cumShare[k] = cum;
        }
        global.gapMean =
                model.gap() == null || model.gap().n() == 0 ? 0 : model.gap().meanUs();
    }

    /** The segment distributions of signature s in cell (idle, pos) inside the send span. */
    private static List<Dist> span(ServiceModel.Signature s, int idle, int pos, Dist cellEvent) {
        List<Dist> out = new ArrayList<>();
        if (s != null) {
            for (ServiceModel.Segment g : s.segments()) {
                if (!g.inSendSpan()) continue;
                ServiceModel.CellDist cd = null;
                for (ServiceModel.CellDist x : g.byCell())
                    if (x.idleIndex() == idle && x.positionIndex() == pos) cd = x;
                out.add(cd == null ? g.all() : cd.dist());
            }
        }
        if (out.isEmpty()) out.add(cellEvent);
        return out;
    }

    public ServiceModel model() {
        return model;
    }

    /** The context-free model's mean event time (µs): every case pooled, as without the time dimension. */
    public double globalEventUs() {
        return global.eventMean;
    }

    public double globalGapUs() {
        return global.gapMean;
    }

    /** Mean event time (µs) predicted for an event in bucket (idle, pos). */
    public double eventUs(int idle, int pos) {
        return lookup(idle, pos).eventMean;
    }

    /** Mean gap (µs) before an event in bucket (idle, pos) inside a burst. */
    public double gapUs(int idle, int pos) {
        return lookup(idle, pos).gapMean;
    }

    /** Predicted mean time (ns) of a burst of {@code size} events after {@code idleNs} (−1: the trial's first burst). */
    public double burstNs(long idleNs, int size) {
        Context ctx = model.context();
        int idle = ctx.idleIndex(idleNs);
        double us = 0;
        for (int p = 0; p < size; p++) {
            CellModel c = lookup(idle, ctx.positionIndex(p));
            us += c.eventMean + (p > 0 ? c.gapMean : 0);
        }
        return us * 1e3;
    }

    /** The same burst without context: size × the pooled mean event time, plus the pooled gaps. */
    public double baselineBurstNs(int size) {
        return (size * global.eventMean + Math.max(0, size - 1) * global.gapMean) * 1e3;
    }

    /** {@code count} simulated times (ns) of a burst of {@code size} events after {@code idleNs}. */
    public double[] simulateBurstsNs(long idleNs, int size, int count, SplittableRandom rnd) {
        Context ctx = model.context();
        int idle = ctx.idleIndex(idleNs);
        CellModel[] perPos = new CellModel[size];
        for (int p = 0; p < size; p++) perPos[p] = lookup(idle, ctx.positionIndex(p));
        double[] out = new double[count];
        for (int r = 0; r < count; r++) {
            double us = 0;
            for (int p = 0; p < size; p++) {
                CellModel c = perPos[p];
                double u = rnd.nextDouble();
                int k = 0;
                while (k < c.cumShare.length - 1 && u >= c.cumShare[k]) k++;
                for (Dist d : c.spans.get(k)) us += d.sample(rnd.nextDouble());
                if (p > 0) us += c.gapMean;
            }
            out[r] = us * 1e3;
        }
        return out;
    }

    private CellModel lookup(int idle, int pos) {
        return resolved.computeIfAbsent(ContextCells.cellKey(idle, pos), k -> resolve(idle, pos));
    }

    private CellModel resolve(int idle, int pos) {
        CellModel exact = cells.get(ContextCells.cellKey(idle, pos));
        if (exact != null) return exact;
        CellModel best = null;
        int bestDist = Integer.MAX_VALUE;
        // Same position, nearest idle bucket ("first" ranks as the longest idle time).
        for (Map.Entry<Long, CellModel> e : cells.entrySet()) {
            int i = ContextCells.idleOf(e.getKey()), p = ContextCells.posOf(e.getKey());
            if (p != pos) continue;
            int dist = Math.abs(rankIdle(i) - rankIdle(idle));
            if (dist < bestDist) {
                bestDist = dist;
                best = e.getValue();
            }
        }
        if (best != null) return best;
        bestDist = Integer.MAX_VALUE;
        for (Map.Entry<Long, CellModel> e : cells.entrySet()) {
            int i = ContextCells.idleOf(e.getKey()), p = ContextCells.posOf(e.getKey());
            if (i != idle) continue;
            int dist = Math.abs(p - pos);
            if (dist < bestDist) {
                bestDist = dist;
                best = e.getValue();
            }
        }
        return best != null ? best : global;
    }

    private int rankIdle(int idle) {
        return idle < 0 ? model.context().idleEdgesMs().size() + 1 : idle;
    }
}
