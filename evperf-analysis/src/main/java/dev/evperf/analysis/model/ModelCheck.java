package dev.evperf.analysis.model;

import dev.evperf.analysis.sql.WarmUps;
import dev.evperf.analysis.stats.Describe;
import dev.evperf.analysis.stats.JsonSupport;
import dev.evperf.analysis.trial.Burst;
import dev.evperf.analysis.trial.Bursts;
import dev.evperf.analysis.trial.TrialData;
import dev.evperf.analysis.warmup.WarmUp;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.commons.statistics.inference.KolmogorovSmirnovTest;

/**
 * How well a model predicts a held-out trial: each measured burst's time (after the trial's own
 * detected warm-up, unless kept) predicted from its size and the idle time before it, against
 * the measured time; the same with the context-free model (every case pooled: the method
 * without the time dimension); and the mean event time per position in the burst (the thesis's
 * S_*,j, j 1-based).
 *
 * <p>The mean is predicted from the cells' means; the median, the 90th percentile and the whole
 * distribution of burst times come from {@link Predictor#simulateBurstsNs simulating} each held-out
 * burst (its size, its idle time) from the model's distributions, up to 100 times (seeded), the
 * Kolmogorov–Smirnov distance measuring how far the simulated and measured distributions are apart.
 *
 * @param errorPct          (predicted − measured) / measured mean burst time, %
 * @param burstMapePct      mean over bursts of |predicted − measured| / measured, %
 * @param signatureCoverage share of the held-out trial's traced cases whose signature is in the model (NaN without a trace)
 */
public record ModelCheck(
        String trial,
        String dir,
        int bursts,
        double measuredMeanBurstMs,
        double predictedMeanBurstMs,
        double errorPct,
        double burstMapePct,
        double baselineMeanBurstMs,
        double baselineErrorPct,
        double baselineBurstMapePct,
        double measuredMedianBurstMs,
        double predictedMedianBurstMs,
        double medianErrorPct,
        double measuredP90BurstMs,
        double predictedP90BurstMs,
        double p90ErrorPct,
        double burstKsD,
        int simulated,
        int events,
        double measuredMeanEventUs,
        double predictedMeanEventUs,
        double eventErrorPct,
        double signatureCoverage,
        List<PositionRow> positions,
        List<BurstRow> perBurst) {

    /** Positions j (1-based) the thesis's per-position table uses; n (the burst size) is added. */
    public static final int[] POSITIONS = {1, 2, 3, 5, 7, 10, 20, 25};

    /** Mean event time at position j over the held-out bursts, predicted and measured. */
    public record PositionRow(
            int j,
            String cell,
            int bursts,
            double measuredMeanUs,
            double predictedMeanUs,
            double errorPct,
            double baselineUs) {}

    public record BurstRow(
            int burst, int size, double idleMs, double measuredMs, double predictedMs, double baselineMs) {}

    public static ModelCheck check(ServiceModel model, Path trialDir, String trialId, boolean keepWarmUp) {
        TrialData d = TrialData.load(trialDir);
        WarmUp w = keepWarmUp ? null : WarmUps.detect(trialDir, TrialResult.load(trialDir));
        Set<List<String>> known = new HashSet<>();
        for (ServiceModel.Signature s : model.signatures()) known.add(s.points());
        double coverage = Double.NaN;
        if (Files.exists(trialDir.resolve(Trace.FILE))) {
            Trace t = Trace.load(trialDir);
            int n = 0, hit = 0;
            for (int k = 0; k < t.cases(); k++) {
                long seq = t.caseSeq(k);
                if (seq < 0 || seq >= d.size() || !d.measured((int) seq) || (w != null && !w.steady((int) seq)))
                    continue;
                List<String> pts = new ArrayList<>();
                for (int r = t.caseStart(k); r < t.caseStart(k + 1); r++) pts.add(t.pointName(r));
                n++;
                if (known.contains(pts)) hit++;
            }
            coverage = n == 0 ? Double.NaN : (double) hit / n;
        }
        return check(model, d, w, trialId, trialDir.toString(), coverage);
    }

    static ModelCheck check(ServiceModel model, TrialData d, WarmUp w, String trialId, String dir, double coverage) {
        Predictor p = new Predictor(model);
        Context ctx = model.context();
        int[][] cells = ContextCells.of(d, ctx);
        // Events: mean measured vs mean predicted per event.
        double evMeas = 0, evPred = 0;
        int events = 0;
        for (int i = 0; i < d.size(); i++) {
            if (!d.measured(i) || (w != null && !w.steady(i))) continue;
            events++;
            evMeas += d.eventTimeNs(i) / 1e3;
            evPred += p.eventUs(cells[0][i], cells[1][i]);
        }
        evMeas /= Math.max(1, events);
        evPred /= Math.max(1, events);

        List<Burst> all = Bursts.all(d);
        List<BurstRow> rows = new ArrayList<>();
        int skip = w == null || w.skipBursts() == null ? 0 : w.skipBursts();
        int measuredSeen = 0;
        Map<Integer, double[]> perPos = new HashMap<>(); // j → {sum measured µs, count}
        int maxSize = 0;
        for (int b = 0; b < all.size(); b++) {
            Burst x = all.get(b);
            if (!x.measured()) continue;
            if (measuredSeen++ < skip) continue;
            long idle = b == 0 ? -1 : Math.max(0, ContextCells.idleNs(d, all.get(b - 1), x));
            rows.add(new BurstRow(
                    x.index(),
                    x.size(),
                    idle < 0 ? Double.NaN : idle / 1e6,
                    x.timeNs(d) / 1e6,
                    p.burstNs(idle, x.size()) / 1e6,
                    p.baselineBurstNs(x.size()) / 1e6));
            maxSize = Math.max(maxSize, x.size());
            for (int i = x.from(); i < x.to(); i++) {
                double[] acc = perPos.computeIfAbsent(d.pos(i) + 1, k -> new double[3]);
                acc[0] += d.eventTimeNs(i) / 1e3;
                acc[1]++;
                acc[2] += p.eventUs(cells[0][i], cells[1][i]);
            }
        }
        double meas = 0, pred = 0, base = 0, mape = 0, baseMape = 0;
        for (BurstRow r : rows) {
            meas += r.measuredMs();
            pred += r.predictedMs();
            base += r.baselineMs();
            if (r.measuredMs() > 0) {
                mape += Math.abs(r.predictedMs() - r.measuredMs()) / r.measuredMs();
                baseMape += Math.abs(r.baselineMs() - r.measuredMs()) / r.measuredMs();
            }
        }
        int nb = rows.size();
        // Simulated bursts: each held-out burst up to 100 times, at most ~5 M simulated events in all.
        long totalEvents = 0;
        for (BurstRow r : rows) totalEvents += r.size();
        int reps = totalEvents == 0 ? 0 : (int) Math.max(1, Math.min(100, 5_000_000L / totalEvents));
        double[] sim = new double[nb * reps];
        SplittableRandom rnd = new SplittableRandom(1);
        for (int i = 0; i < nb; i++) {
            BurstRow r = rows.get(i);
            long idle = Double.isNaN(r.idleMs()) ? -1 : Math.round(r.idleMs() * 1e6);
            double[] s = p.simulateBurstsNs(idle, r.size(), reps, rnd);
            for (int k = 0; k < reps; k++) sim[i * reps + k] = s[k] / 1e6;
        }
        double[] measuredMs =
                rows.stream().mapToDouble(BurstRow::measuredMs).sorted().toArray();
        Arrays.sort(sim);
        double medMeas = Describe.quantileSorted(measuredMs, 0.5), medPred = Describe.quantileSorted(sim, 0.5);
        double p90Meas = Describe.quantileSorted(measuredMs, 0.9), p90Pred = Describe.quantileSorted(sim, 0.9);
        double ksD = nb == 0 ? Double.NaN : KolmogorovSmirnovTest.withDefaults().statistic(measuredMs, sim);
        List<PositionRow> positions = new ArrayList<>();
        if (nb > 0) {
            meas /= nb;
            pred /= nb;
            base /= nb;
            mape = 100 * mape / nb;
            baseMape = 100 * baseMape / nb;
            List<Integer> js = new ArrayList<>();
            for (int j : POSITIONS) if (j < maxSize) js.add(j);
            js.add(maxSize);
            for (int j : js) {
                double[] acc = perPos.get(j);
                if (acc == null || acc[1] == 0) continue;
                double m = acc[0] / acc[1], pr = acc[2] / acc[1];
                positions.add(new PositionRow(
                        j,
                        ctx.positionLabel(ctx.positionIndex(j - 1)),
                        (int) acc[1],
                        m,
                        pr,
                        pct(pr, m),
                        p.globalEventUs()));
            }
        } else {
            meas = pred = base = mape = baseMape = Double.NaN;
        }
        return new ModelCheck(
                trialId,
                dir,
                nb,
                meas,
                pred,
                pct(pred, meas),
                mape,
                base,
                pct(base, meas),
                baseMape,
                medMeas,
                medPred,
                pct(medPred, medMeas),
                p90Meas,
                p90Pred,
                pct(p90Pred, p90Meas),
                ksD,
                sim.length,
                events,
                evMeas,
                evPred,
                pct(evPred, evMeas),
                coverage,
                positions,
                rows);
    }

    private static double pct(double predicted, double measured) {
        return measured == 0 || Double.isNaN(measured) ? Double.NaN : 100 * (predicted - measured) / measured;
    }

    public String json() {
        return JsonSupport.write(this);
    }
}
