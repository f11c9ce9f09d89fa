package dev.evperf.core.records;

import dev.evperf.monitor.sensors.Descheduling;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Capacity mode's timed sends against the whole send loop, per phase, for result.json (timing.timed_sends): the
 * timed sends' mean send time (send start to send end, less one {@code System.nanoTime()}: the interval holds the tail
 * of the read before and the head of the read after), with its 95 % interval ± 1.96·s/√n (the systematic 1-in-n
 * sample taken as independent draws), against the senders' time on a CPU per event in the phase (the driver's CPU
 * clock per chunk): engine and harness together.
 *
 * <p>This was meant to give the harness share from the trial alone (1 − timed send / whole, issue 9), and does not:
 * a timed send costs about twice an average one (Siddhi pass-through, 2026-11-23, load 18: 312 against 141 ns; p50
 * 292 ns, so not preemptions) because it also records its output (a clock read, the claim and the column writes of
 * a row 64 rows from the last, which untimed sends skip). The ratio is kept as what it is, the timed sends' own
 * cost (their probe effect, spread over 1 in n sends); the harness share is measured against a bare loop run
 * beside the trial (scripts/bare-loop-check.sh).
 *
 * <p>A timed send longer than {@link #OFF_CPU_NS} is left out of the mean (and counted): on a busy machine such a
 * send holds time off a CPU (descheduled, or stopped for a GC pause), which the CPU clock does not count either,
 * and one 40 ms preemption among 16 000 timed sends moved the mean by 2.5 µs (load 20). Without a CPU clock the
 * whole is the phase's wall time per event and every timed send counts.
 */
final class HarnessShare {
    /** A timed send longer than this, ns, was off a CPU for most of it (a pass-through send takes ~0.1-0.3 µs). */
    static final long OFF_CPU_NS = 20_000;

    private final long[] n, all, longSends;
    private final double[] sum, sumSq, sumAll;

    HarnessShare(int phases) {
        n = new long[phases];
        all = new long[phases];
        longSends = new long[phases];
        sum = new double[phases];
        sumSq = new double[phases];
        sumAll = new double[phases];
    }

    /** A timed send of phase {@code phase}: its send start to send end, ns. */
    void send(int phase, long ns) {
        all[phase]++;
        sumAll[phase] += ns;
        if (ns > OFF_CPU_NS) {
            longSends[phase]++;
            return;
        }
        n[phase]++;
        sum[phase] += ns;
        sumSq[phase] += (double) ns * ns;
    }

    /**
     * @param counts  each phase's events
     * @param spans   each phase's first send start to last send end, ns
     * @param senders the senders sharing each phase's events
     * @return one entry per phase with at least two timed sends
     */
    List<Map<String, Object>> describe(List<String> names, long[] counts, long[] spans, int senders) {
        double clock = clockReadNs();
        List<Map<String, Object>> out = new ArrayList<>();
        for (int p = 0; p < n.length; p++) {
            if (n[p] < 2 || counts[p] == 0 || spans[p] <= 0) continue;
            long onCpu = Descheduling.onCpuNs(p);
            boolean cpu = onCpu > 0;
            // Without the CPU clock, wall against wall: every timed send counts, preemptions fall into both.
            long k = cpu ? n[p] : all[p];
            double mean = (cpu ? sum[p] : sumAll[p]) / k;
            double sd = cpu ? Math.sqrt(Math.max(0, (sumSq[p] - k * mean * mean) / (k - 1))) : Double.NaN;
            double whole = cpu ? onCpu / (double) counts[p] : spans[p] * (double) senders / counts[p];
            double engine = mean - clock;
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("phase", names.get(p));
            m.put("timed_send_over_whole", round(engine / whole));
            m.put("half_width", cpu ? round(1.96 * sd / Math.sqrt(k) / whole) : null);
            m.put("clock", cpu ? "senders' time on a CPU" : "wall");
            m.put("ns_per_event", round(whole));
            m.put("timed_send_ns", round(engine));
            m.put("timed_sends", k);
            m.put("left_out_off_cpu", cpu ? longSends[p] : 0);
            m.put("clock_read_ns", round(clock));
            out.add(m);
        }
        return out;
    }

    /**
     * One {@code System.nanoTime()}, ns, measured here as time on a CPU over 1 M back-to-back reads after 1 M more
     * (the wall time of the reads on a busy machine also counts the preemptions between them).
     */
    static double clockReadNs() {
        int calls = 1_000_000;
        long sink = 0, t = 0, t0 = 0;
        for (int round = 0; round < 2; round++) { // the first compiles the loop
            t0 = Descheduling.threadCpuNs();
            for (int i = 0; i < calls; i++) sink += System.nanoTime();
            t = Descheduling.threadCpuNs() - t0;
        }
        if (t0 < 0 || sink == 42) return 0;
        return t / (double) calls;
    }

    private static double round(double v) {
        return Math.round(v * 10_000) / 10_000.0;
    }
}
