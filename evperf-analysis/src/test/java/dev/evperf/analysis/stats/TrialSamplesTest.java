package dev.evperf.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.analysis.trial.TrialData;
import dev.evperf.analysis.warmup.WarmUp;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Compare's samples, selected by DuckDB, against the same values worked out here over the trial's
 * columns in memory (what compare computed before its samples moved to SQL): a trial with warm-up
 * bursts, a slow transient MSER-5 cuts, several outputs per input, outputs of unknown cause, and
 * files written in reverse order.
 */
class TrialSamplesTest {
    @TempDir
    Path tmp;

    static final int BURSTS = 40, SIZE = 20, WARM_UP_BURSTS = 3;

    /** Bursts 100 ms apart; the first three unmeasured; measured bursts 3–8 slow (a transient). */
    static TrialData trial() {
        int n = BURSTS * SIZE;
        long[] seq = new long[n], intended = new long[n], start = new long[n], end = new long[n];
        int[] phase = new int[n], burst = new int[n], pos = new int[n];
        boolean[] measured = new boolean[n];
        for (int b = 0; b < BURSTS; b++) {
            long t = 1_000_000L + b * 100_000_000L;
            for (int p = 0; p < SIZE; p++) {
                int i = b * SIZE + p;
                seq[i] = i;
                phase[i] = b < WARM_UP_BURSTS ? 0 : 1;
                measured[i] = b >= WARM_UP_BURSTS;
                burst[i] = b;
                pos[i] = p;
                intended[i] = 1_000_000L + b * 100_000_000L;
                start[i] = t + (p * 7 + b) % 5 * 1_000; // the driver a little late, differently per event
                end[i] = start[i] + (b < 9 ? 400_000 : 100_000) + (p * 37 + b * 11) % 100 * 10;
                t = end[i];
            }
        }
        // Outputs: one per input at send end + (i mod 3) µs, a second for every fifth input, and a few of unknown
        // cause.
        List<long[]> out = new ArrayList<>(); // {seq, received}
        for (int i = 0; i < n; i++) {
            out.add(new long[] {i, end[i] + i % 3 * 1_000});
            if (i % 5 == 0) out.add(new long[] {i, end[i] + 50_000});
            if (i % 97 == 0) out.add(new long[] {-1, end[i] + 7});
        }
        String[] streams = {"OutputStream"};
        return new TrialData(
                seq,
                phase,
                measured,
                burst,
                pos,
                intended,
                start,
                end,
                streams,
                new int[out.size()],
                out.stream().mapToLong(o -> o[0]).toArray(),
                out.stream().mapToLong(o -> o[1]).toArray());
    }

    @Test
    void sqlSamplesAreThoseOfTheRecordsInMemory() {
        TrialData d = trial();
        Path dir = tmp.resolve("t001");
        TrialFiles.writeReversed(d, dir);

        TrialSamples.Loaded cut = TrialSamples.load(dir, null, true);
        assertThat(cut.warmUp().truncation()).as("the transient is cut").isPositive();
        assertThat(cut.warmUp().firstSteadySeq()).isGreaterThan(WARM_UP_BURSTS * SIZE);
        expectSame(cut.samples(), inMemory(d, cut.warmUp()));

        TrialSamples.Loaded kept = TrialSamples.load(dir, null, false);
        assertThat(kept.warmUp()).isEqualTo(cut.warmUp());
        expectSame(kept.samples(), inMemory(d, null));
        assertThat(kept.samples().get(Metric.BURST_TIME)).hasSize(BURSTS - WARM_UP_BURSTS);
        assertThat(kept.samples().get(Metric.EVENT_TIME)).hasSize((BURSTS - WARM_UP_BURSTS) * SIZE);
    }

    private static void expectSame(Map<Metric, double[]> actual, Map<Metric, double[]> expected) {
        assertThat(actual.keySet()).isEqualTo(expected.keySet());
        expected.forEach((m, v) -> assertThat(actual.get(m)).as(m.toString()).containsExactly(v));
    }

    /** The samples over the columns in memory: measured events from the cut's first steady seq on, in seq order. */
    static Map<Metric, double[]> inMemory(TrialData d, WarmUp w) {
        long from = TrialSamples.cutFrom(w);
        int n = d.size();
        boolean[] keep = new boolean[n];
        List<Double> ev = new ArrayList<>(), lag = new ArrayList<>(), bt = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            keep[i] = d.measured(i) && i >= from;
            if (!keep[i]) continue;
            ev.add(d.eventTimeNs(i) / 1e3);
            lag.add((d.sendStart(i) - d.intended(i)) / 1e3);
        }
        int skip = from == 0 || w.skipBursts() == null ? 0 : w.skipBursts();
        int measuredSeen = 0;
        for (int b = 0; b < BURSTS; b++) {
            int first = b * SIZE, last = first + SIZE - 1;
            if (!d.measured(first) || measuredSeen++ < skip) continue;
            bt.add((d.sendEnd(last) - d.sendStart(first)) / 1e6);
        }
        Integer[] order = new Integer[d.outputCount()];
        for (int j = 0; j < order.length; j++) order[j] = j;
        Arrays.sort(
                order, Comparator.comparingLong((Integer j) -> d.outputSeq(j)).thenComparingLong(d::outputReceived));
        List<Double> sched = new ArrayList<>(), e2e = new ArrayList<>();
        for (int j : order) {
            long seq = d.outputSeq(j);
            if (seq < 0 || !keep[(int) seq]) continue;
            sched.add((d.outputReceived(j) - d.intended((int) seq)) / 1e3);
            e2e.add((d.outputReceived(j) - d.sendStart((int) seq)) / 1e3);
        }
        return Map.of(
                Metric.EVENT_TIME, array(ev),
                Metric.GENERATOR_LAG, array(lag),
                Metric.BURST_TIME, array(bt),
                Metric.SCHEDULED_LATENCY, array(sched),
                Metric.END_TO_END_LATENCY, array(e2e));
    }

    private static double[] array(List<Double> v) {
        return v.stream().mapToDouble(Double::doubleValue).toArray();
    }
}
