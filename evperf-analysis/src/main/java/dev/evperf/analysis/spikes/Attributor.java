package dev.evperf.analysis.spikes;

import dev.evperf.results.Sensors;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Finds what overlaps a time span on the trial's axis: JVM events (jvm-events.csv), page-fault
 * bursts and frequency drops (sensors.csv), ranked by {@link Cause#ORDER}; built once per trial,
 * used by {@link Spikes} for every slow event and burst.
 */
final class Attributor {
    /** Causes of one kind listed per spike at most (all of them still count as overlapping). */
    static final int MAX_LISTED_PER_KIND = 10;

    private final List<JvmEvent> jvm;
    private final long[] jvmStart;
    private final long maxJvmDuration;
    private final List<Burst_> faultBursts = new ArrayList<>();
    private final Map<String, Sensors.Series> frequencies;
    private final Map<String, Double> maxFrequency = new LinkedHashMap<>();
    private final SpikeOptions o;

    /** A sample interval in which a page-fault counter rose faster than its threshold. */
    private record Burst_(String kind, long from, long to, double perS, double count) {}

    Attributor(List<JvmEvent> events, Sensors sensors, SpikeOptions o) {
        this.o = o;
        this.jvm = events.stream()
                .sorted(Comparator.comparingLong(JvmEvent::startNs))
                .toList();
        this.jvmStart = jvm.stream().mapToLong(JvmEvent::startNs).toArray();
        this.maxJvmDuration =
                jvm.stream().mapToLong(e -> e.endNs() - e.startNs()).max().orElse(0);
        faults(sensors.get(Sensors.MINOR_FAULTS), "minor", o.minorFaultsPerS());
        faults(sensors.get(Sensors.MAJOR_FAULTS), "major", o.majorFaultsPerS());
        this.frequencies = sensors.withPrefix(Sensors.FREQUENCY_PREFIX);
        frequencies.forEach((k, s) -> {
            double max = Double.NaN;
            for (double v : s.v()) if (!Double.isNaN(v) && (Double.isNaN(max) || v > max)) max = v;
            maxFrequency.put(k, max);
        });
    }

    private void faults(Sensors.Series s, String kind, double perS) {
        if (s == null) return;
        for (int k = 1; k < s.size(); k++) {
            long dt = s.t()[k] - s.t()[k - 1];
            double dv = s.v()[k] - s.v()[k - 1];
            if (dt <= 0 || Double.isNaN(dv) || dv <= 0) continue;
            double rate = dv * 1e9 / dt;
            if (rate > perS) faultBursts.add(new Burst_(kind, s.t()[k - 1], s.t()[k], rate, dv));
        }
    }

    Spike spike(String unit, long seq, int burst, int pos, boolean measured, long start, long end) {
        List<Cause> causes = causes(start, end);
        String cause = causes.isEmpty() ? Cause.UNATTRIBUTED : causes.get(0).cause();
        return new Spike(unit, seq, burst, pos, measured, start, end, (end - start) / 1e6, cause, causes);
    }

    List<Cause> causes(long start, long end) {
        long lo = start - o.slackNs(), hi = end + o.slackNs();
        List<Cause> out = new ArrayList<>();
        int from = lowerBound(jvmStart, lo - maxJvmDuration);
        for (int i = from; i < jvm.size() && jvmStart[i] <= hi; i++) {
            JvmEvent e = jvm.get(i);
            if (e.endNs() >= lo && Cause.rank(e.kind()) < Cause.ORDER.size()) {
                out.add(new Cause(e.kind(), e.startNs(), e.endNs(), e.detail()));
            }
        }
        for (Burst_ b : faultBursts) {
            if (b.from() < hi && b.to() > lo) {
                out.add(new Cause(
                        Cause.PAGE_FAULTS,
                        b.from(),
                        b.to(),
                        String.format(
                                Locale.ROOT,
                                "%s page faults: %.0f in %.0f ms (%.0f/s)",
                                b.kind(),
                                b.count(),
                                (b.to() - b.from()) / 1e6,
                                b.perS())));
            }
        }
        frequencies.forEach((uri, s) -> {
            double max = maxFrequency.get(uri);
            String cpu = uri.substring(uri.indexOf('#') + 1);
            for (int k = 1; k < s.size(); k++) {
                if (!(s.t()[k - 1] < hi && s.t()[k] > lo)) continue;
                for (int at : new int[] {k - 1, k}) {
                    double v = s.v()[at];
                    if (v < o.frequencyDrop() * max) {
                        out.add(new Cause(
                                Cause.FREQUENCY_DROP,
                                s.t()[k - 1],
                                s.t()[k],
                                String.format(
                                        Locale.ROOT, "%s at %.2f GHz (highest %.2f GHz)", cpu, v / 1e6, max / 1e6)));
                        break;
                    }
                }
            }
        });
        out.sort(Comparator.comparingInt((Cause c) -> Cause.rank(c.cause())).thenComparingLong(Cause::startNs));
        // Bound the list: a long burst can overlap dozens of compilations.
        List<Cause> listed = new ArrayList<>();
        Map<String, Integer> perKind = new LinkedHashMap<>();
        for (Cause c : out) {
            if (perKind.merge(c.cause(), 1, Integer::sum) <= MAX_LISTED_PER_KIND) listed.add(c);
        }
        return List.copyOf(listed);
    }

    private static int lowerBound(long[] a, long key) {
        int lo = 0, hi = a.length;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (a[mid] < key) lo = mid + 1;
            else hi = mid;
        }
        return lo;
    }
}
