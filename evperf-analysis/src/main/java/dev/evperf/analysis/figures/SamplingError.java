package dev.evperf.analysis.figures;

import dev.evperf.analysis.trial.HlogTotal;
import dev.evperf.results.LatencyMode;
import dev.evperf.results.Layout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.Histogram;

/**
 * The sampling error of a capacity-mode trial's latency figures (measure.timing: sampled: 1 in
 * {@code every} sends timed, with their outputs). For each mode, from its HdrHistogram log: the
 * sample size n, the mean with its 95 % interval ± 1.96·s/√n, and p50 and p99 with their 95 %
 * distribution-free intervals, the values at ranks n·p ± 1.96·√(n·p·(1−p)). Both treat the
 * systematic sample as independent draws; sends close in time are correlated, so the intervals
 * are a lower bound of the true uncertainty.
 */
public record SamplingError(int every, List<Mode> modes, List<TimedSends> timedSends) {
    /**
     * A phase's timed sends (result.json's timing.timed_sends): their mean send time, less a clock read, with its
     * 95 % half-width, against the phase's time per event on a CPU (engine and harness). Not a harness share: a
     * timed send also records its output, so it costs more than an untimed one (HarnessShare in evperf-core).
     */
    public record TimedSends(
            String phase, double ratio, double halfWidthNs, double nsPerEvent, double timedSendNs, long n) {}

    /** One latency mode: sample size, mean ± half-width, and the percentiles' intervals, all µs. */
    public record Mode(
            String mode,
            long n,
            double mean,
            double meanHalfWidth,
            double p50,
            double p50Low,
            double p50High,
            double p99,
            double p99Low,
            double p99High) {}

    public static SamplingError of(Path trialDir, Long fromNs, int every) {
        return of(trialDir, fromNs, every, null);
    }

    /** @param timing result.json's timing, for its timed sends (null: none) */
    public static SamplingError of(Path trialDir, Long fromNs, int every, Map<String, Object> timing) {
        List<Mode> modes = new ArrayList<>();
        for (LatencyMode mode : LatencyMode.values()) {
            Histogram h = HlogTotal.read(trialDir.resolve(Layout.hlog(mode)), fromNs);
            if (h == null || h.getTotalCount() == 0) continue;
            long n = h.getTotalCount();
            double us = Stats.NS_PER_US;
            double half = 1.96 * h.getStdDeviation() / Math.sqrt(n) / us;
            modes.add(new Mode(
                    mode.text(),
                    n,
                    h.getMean() / us,
                    half,
                    h.getValueAtPercentile(50) / us,
                    rank(h, 0.50, -1) / us,
                    rank(h, 0.50, 1) / us,
                    h.getValueAtPercentile(99) / us,
                    rank(h, 0.99, -1) / us,
                    rank(h, 0.99, 1) / us));
        }
        return new SamplingError(every, modes, shares(timing));
    }

    private static List<TimedSends> shares(Map<String, Object> timing) {
        List<TimedSends> out = new ArrayList<>();
        if (timing == null || !(timing.get("timed_sends") instanceof List<?> list)) return out;
        for (Object o : list) {
            if (!(o instanceof Map<?, ?> m)) continue;
            out.add(new TimedSends(
                    String.valueOf(m.get("phase")),
                    number(m.get("timed_send_over_whole")),
                    number(m.get("half_width")) * number(m.get("ns_per_event")),
                    number(m.get("ns_per_event")),
                    number(m.get("timed_send_ns")),
                    (long) number(m.get("timed_sends"))));
        }
        return out;
    }

    private static double number(Object o) {
        return o instanceof Number n ? n.doubleValue() : Double.NaN;
    }

    /** The value at rank n·p ± 1.96·√(n·p·(1−p)), clamped to the sample. */
    private static long rank(Histogram h, double p, int side) {
        long n = h.getTotalCount();
        double r = n * p + side * 1.96 * Math.sqrt(n * p * (1 - p));
        double pct = Math.max(0, Math.min(100, 100.0 * Math.ceil(Math.max(1, Math.min(n, r))) / n));
        return h.getValueAtPercentile(pct);
    }

    public String render() {
        StringBuilder sb = new StringBuilder(String.format(
                Locale.ROOT,
                "capacity mode: 1 in %d sends timed; sampling error of the latency figures (95 %% intervals, µs):%n",
                every));
        for (Mode m : modes) {
            sb.append(String.format(
                    Locale.ROOT,
                    "  %-11s n=%d  mean %.3f ± %.3f  p50 %.3f [%.3f, %.3f]  p99 %.3f [%.3f, %.3f]%n",
                    m.mode(),
                    m.n(),
                    m.mean(),
                    m.meanHalfWidth(),
                    m.p50(),
                    m.p50Low(),
                    m.p50High(),
                    m.p99(),
                    m.p99Low(),
                    m.p99High()));
        }
        for (TimedSends h : timedSends) {
            sb.append(String.format(
                    Locale.ROOT,
                    "  timed sends, phase %s: %.1f%s ns each against %.1f ns per event in all (%.2fx: a timed send also"
                            + " records its output; the harness share is checked against a bare loop, see"
                            + " docs/benchmarks.md)%n",
                    h.phase(),
                    h.timedSendNs(),
                    Double.isNaN(h.halfWidthNs()) ? "" : String.format(Locale.ROOT, " ± %.1f", h.halfWidthNs()),
                    h.nsPerEvent(),
                    h.ratio()));
        }
        return sb.toString();
    }
}
