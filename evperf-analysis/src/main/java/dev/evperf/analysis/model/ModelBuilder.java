package dev.evperf.analysis.model;

import dev.evperf.analysis.sql.WarmUps;
import dev.evperf.analysis.trial.Bursts;
import dev.evperf.analysis.trial.TrialData;
import dev.evperf.analysis.warmup.WarmUp;
import dev.evperf.results.TrialResult;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Builds a {@link ServiceModel} from one trial: cuts its trace into cases (one per event), clusters
 * them into signatures, fits the segment durations overall and per context cell.
 */
public final class ModelBuilder {
    private ModelBuilder() {}

    /** What goes into the model. @param keepWarmUp also the measured events before the detected end of warm-up */
    public record Options(boolean keepWarmUp, Context context) {
        public static final Options DEFAULT = new Options(false, Context.standard());
    }

    public static ServiceModel build(Path trialDir, String runDir, String trialId, Options o) {
        TrialData d = TrialData.load(trialDir);
        Trace trace = Trace.load(trialDir);
        TrialResult result = TrialResult.load(trialDir);
        WarmUp w = o.keepWarmUp() ? null : WarmUps.detect(trialDir, result);
        String engine = result == null ? null : result.engine();
        Long lost = result == null || result.trace() == null || !result.trace().has("lost")
                ? null
                : result.trace().path("lost").asLong();
        return build(
                d,
                trace,
                w,
                o.context(),
                new ServiceModel.Source(
                        runDir,
                        trialId,
                        trialDir.toString(),
                        engine,
                        trace.cases(),
                        0,
                        w == null ? null : w.skipBursts(),
                        w == null ? null : w.endNs(),
                        0,
                        lost));
    }

    static ServiceModel build(TrialData d, Trace trace, WarmUp w, Context ctx, ServiceModel.Source src) {
        int[][] cell = ContextCells.of(d, ctx);
        boolean bursty = !Bursts.all(d).isEmpty();
        Map<List<Integer>, SigAcc> sigs = new LinkedHashMap<>();
        Map<Long, CellAcc> cells = new TreeMap<>();
        List<String> notes = new ArrayList<>();
        DoubleList allEvent = new DoubleList(), allGap = new DoubleList();
        int used = 0, outside = 0;
        Set<Integer> burstsUsed = new HashSet<>();
        for (int k = 0; k < trace.cases(); k++) {
            long seqL = trace.caseSeq(k);
            if (seqL < 0 || seqL >= d.size()) {
                outside++;
                continue;
            }
            int seq = (int) seqL;
            if (!d.measured(seq) || (w != null && !w.steady(seq))) continue;
            used++;
            if (d.burst(seq) >= 0) burstsUsed.add(d.burst(seq));
            int from = trace.caseStart(k), to = trace.caseStart(k + 1);
            List<Integer> key = new ArrayList<>(to - from);
            for (int r = from; r < to; r++) key.add(trace.pointId(r));
            SigAcc s = sigs.computeIfAbsent(key, kk -> new SigAcc(trace, from, to));
            long cellKey = ContextCells.cellKey(cell[0][seq], cell[1][seq]);
            s.add(trace, from, to, cellKey);
            CellAcc c = cells.computeIfAbsent(cellKey, kk -> new CellAcc());
            c.cases++;
            c.perSig.merge(key, 1, Integer::sum);
            double ev = d.eventTimeNs(seq) / 1e3;
            c.event.add(ev);
            allEvent.add(ev);
            if (bursty && d.pos(seq) >= 1 && seq > 0) {
                double gap = (d.sendStart(seq) - d.sendEnd(seq - 1)) / 1e3;
                c.gap.add(gap);
                allGap.add(gap);
            }
        }
        if (used == 0) {
            throw new IllegalArgumentException(
                    src.dir() + ": no measured traced event to model (" + trace.cases() + " cases in the trace)");
        }
        if (outside > 0) notes.add(outside + " trace cases name a seq outside the trial's events; left out");

        List<Map.Entry<List<Integer>, SigAcc>> ordered = new ArrayList<>(sigs.entrySet());
        ordered.sort(Comparator.comparingInt((Map.Entry<List<Integer>, SigAcc> e) -> -e.getValue().cases));
        Map<List<Integer>, String> ids = new HashMap<>();
        List<ServiceModel.Signature> signatures = new ArrayList<>();
        for (int i = 0; i < ordered.size(); i++) {
            String id = "S" + (i + 1);
            ids.put(ordered.get(i).getKey(), id);
            SigAcc s = ordered.get(i).getValue();
            List<ServiceModel.Segment> segs = new ArrayList<>();
            for (int g = 0; g < s.names.length - 1; g++) {
                Dist all = Dist.of(s.all[g].toArray());
                List<ServiceModel.CellDist> byCell = new ArrayList<>();
                for (Map.Entry<Long, DoubleList> e : s.byCell.get(g).entrySet()) {
                    int ii = ContextCells.idleOf(e.getKey()), pi = ContextCells.posOf(e.getKey());
                    byCell.add(new ServiceModel.CellDist(
                            ctx.idleLabel(ii),
                            ctx.positionLabel(pi),
                            ii,
                            pi,
                            Dist.of(e.getValue().toArray())));
                }
                boolean multi = all.possiblyMultimodal();
                String name = s.names[g] + " -> " + s.names[g + 1];
                if (multi)
                    notes.add(id + " segment " + name + ": possibly multimodal (bimodality coefficient "
                            + String.format(Locale.ROOT, "%.2f", all.bimodality())
                            + "): check for a missing tracepoint");
                segs.add(new ServiceModel.Segment(g, name, s.inSpan(g), all, multi, byCell));
            }
            if (s.spanStart < 0 || s.spanEnd < 0 || s.spanEnd <= s.spanStart) {
                notes.add(id
                        + " has no driver.send-start … driver.send-end span: its event time comes from events.parquet");
            }
            signatures.add(new ServiceModel.Signature(
                    id, List.of(s.names), s.cases, (double) s.cases / used, segs, Dist.of(s.span.toArray())));
        }
        List<ServiceModel.Cell> cellList = new ArrayList<>();
        cells.forEach((key, c) -> {
            Map<String, Double> share = new LinkedHashMap<>();
            for (Map.Entry<List<Integer>, SigAcc> e : ordered) {
                Integer n = c.perSig.get(e.getKey());
                if (n != null) share.put(ids.get(e.getKey()), (double) n / c.cases);
            }
            int ii = ContextCells.idleOf(key), pi = ContextCells.posOf(key);
            cellList.add(new ServiceModel.Cell(
                    ctx.idleLabel(ii),
                    ctx.positionLabel(pi),
                    ii,
                    pi,
                    c.cases,
                    share,
                    Dist.of(c.event.toArray()),
                    Dist.of(c.gap.toArray())));
        });
        ServiceModel.Source source = new ServiceModel.Source(
                src.run(),
                src.trial(),
                src.dir(),
                src.engine(),
                trace.cases(),
                used,
                src.warmUpSkippedBursts(),
                src.warmUpEndNs(),
                burstsUsed.size(),
                src.lostRecords());
        return new ServiceModel(
                ServiceModel.FORMAT,
                source,
                ctx,
                signatures,
                cellList,
                Dist.of(allEvent.toArray()),
                Dist.of(allGap.toArray()),
                notes);
    }

    /** One signature's durations, per segment: all of them and per cell. */
    private static final class SigAcc {
        final String[] names;
        final DoubleList[] all;
        final List<Map<Long, DoubleList>> byCell = new ArrayList<>();
        final DoubleList span = new DoubleList();
        final int spanStart, spanEnd;
        int cases;

        SigAcc(Trace t, int from, int to) {
            int n = to - from;
            names = new String[n];
            for (int r = from; r < to; r++) names[r - from] = t.pointName(r);
            int s = -1, e = -1;
            for (int i = 0; i < n; i++) {
                if (s < 0 && names[i].equals(Trace.SEND_START)) s = i;
                if (names[i].equals(Trace.SEND_END)) e = i;
            }
            spanStart = s;
            spanEnd = e;
            all = new DoubleList[Math.max(0, n - 1)];
            for (int g = 0; g < all.length; g++) {
                all[g] = new DoubleList();
                byCell.add(new TreeMap<>());
            }
        }

        boolean inSpan(int segment) {
            return spanStart >= 0 && spanEnd > spanStart && segment >= spanStart && segment < spanEnd;
        }

        void add(Trace t, int from, int to, long cellKey) {
            cases++;
            double sum = 0;
            for (int g = 0; g < all.length; g++) {
                double us = (t.time(from + g + 1) - t.time(from + g)) / 1e3;
                all[g].add(us);
                byCell.get(g).computeIfAbsent(cellKey, k -> new DoubleList()).add(us);
                if (inSpan(g)) sum += us;
            }
            if (spanStart >= 0 && spanEnd > spanStart) span.add(sum);
        }
    }

    private static final class CellAcc {
        int cases;
        final Map<List<Integer>, Integer> perSig = new HashMap<>();
        final DoubleList event = new DoubleList();
        final DoubleList gap = new DoubleList();
    }

    /** A growable double[]. */
    static final class DoubleList {
        private double[] a = new double[16];
        private int n;

        void add(double v) {
            if (n == a.length) a = Arrays.copyOf(a, n * 2);
            a[n++] = v;
        }

        double[] toArray() {
            return Arrays.copyOf(a, n);
        }
    }
}
