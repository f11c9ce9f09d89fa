package dev.evperf.analysis.spikes;

import dev.evperf.analysis.sql.Db;
import dev.evperf.analysis.sql.TrialQueries;
import dev.evperf.results.Sensors;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Spike attribution (seed 000, analysis 6): every event whose processing time is above a
 * threshold (the first event of the run excluded: it pays for the first call into the engine),
 * and every burst above the burst threshold, is attributed to what overlaps it on the trial's
 * axis:
 * <ul>
 * <li>GC pauses, safepoints, deoptimizations and JIT compilations from jvm-events.csv (JFR,
 *     placed on the nanoTime axis; {@link SpikeOptions#slackNs} covers the placement error);</li>
 * <li>page-fault bursts: the process's minor (or major) page-fault counter in sensors.csv rising
 *     faster than {@link SpikeOptions#minorFaultsPerS} over a sample interval (between two
 *     consecutive samples) that overlaps the spike;</li>
 * <li>frequency drops: a cpufreq sensor reading below {@link SpikeOptions#frequencyDrop} of that
 *     CPU's highest reading in the trial, at either end of a sample interval that overlaps the
 *     spike (the sending thread's CPU is not recorded, so any CPU counts);</li>
 * </ul>
 * or is unattributed. When several overlap, the spike is counted under the first in
 * {@link Cause#ORDER}; all of them are listed (at most 10 of a kind per spike).
 *
 * <p>Overlap is evidence, not proof, and weaker for some causes than others: a GC pause or a
 * safepoint stops the sending thread outright, but a JIT compilation runs on a compiler thread
 * and only delays the sender when the cores are oversubscribed (or the code it replaces is slow).
 * A long C2 compilation can overlap many spikes; {@link SpikeReport#overlapping} shows how often
 * each cause is merely present.
 */
public final class Spikes {
    /** Causes of one kind listed per spike at most (all of them still count as overlapping). */
    static final int MAX_LISTED_PER_KIND = 10;

    private Spikes() {}

    /**
     * Reads TRIAL/events.parquet (through DuckDB: only the slow events and the bursts come into the
     * JVM), jvm-events.csv and sensors.csv and attributes the spikes.
     *
     * @throws IllegalArgumentException one line naming the file when events.parquet is missing or unreadable
     */
    public static TrialSpikes load(Path trialDir, SpikeOptions o) {
        try (Db db = new Db(Db.DEFAULT_MEMORY, Db.DEFAULT_THREADS)) {
            TrialQueries q = new TrialQueries(db, trialDir);
            if (!q.hasEvents()) {
                throw new IllegalArgumentException(
                        q.events + ": missing (expected a parquet file written by the trial runner)");
            }
            Attributor at = new Attributor(JvmEvent.load(trialDir), Sensors.load(trialDir), o);
            SpikeReport events = events(q, at, o);
            q.burstsFromEvents();
            return new TrialSpikes(events, bursts(q, at, o), o);
        } catch (SQLException e) {
            throw new IllegalArgumentException(trialDir + ": cannot read the trial's events: " + e.getMessage(), e);
        }
    }

    /** Events above the threshold; seq 0, the run's first event, is left out. */
    static SpikeReport events(TrialQueries q, Attributor at, SpikeOptions o) throws SQLException {
        String candidates = Db.parquet(q.events) + " WHERE seq >= 1" + (o.measuredOnly() ? " AND measured" : "");
        long count = q.db.count("SELECT count(*) FROM " + candidates);
        List<Spike> spikes = new ArrayList<>();
        for (Object[] r : q.db.rows("SELECT seq, burst, pos, measured, send_start, send_end FROM " + candidates
                + " AND send_end - send_start > " + o.eventThresholdNs() + " ORDER BY seq")) {
            int burst = (int) Db.asLong(r[1]);
            spikes.add(at.spike(
                    Spike.EVENT,
                    Db.asLong(r[0]),
                    burst,
                    burst < 0 ? -1 : (int) Db.asLong(r[2]),
                    (Boolean) r[3],
                    Db.asLong(r[4]),
                    Db.asLong(r[5])));
        }
        return report(Spike.EVENT, o.eventThresholdNs(), Math.toIntExact(count), spikes);
    }

    /**
     * Bursts above the burst threshold (by default twice the median burst time of the measured
     * bursts), over the bursts {@link TrialQueries#burstsFromEvents} derived; null without bursts.
     */
    static SpikeReport bursts(TrialQueries q, Attributor at, SpikeOptions o) throws SQLException {
        String bursts = q.bu() + (o.measuredOnly() ? " WHERE measured" : "");
        List<Object[]> rows = q.db.rows(
                "SELECT burst, first_seq, measured, start, \"end\", time_ns FROM " + bursts + " ORDER BY burst");
        if (rows.isEmpty()) return null;
        long threshold = o.burstThresholdNs();
        if (threshold == 0) {
            long[] t = rows.stream()
                    .filter(r -> (Boolean) r[2])
                    .mapToLong(r -> Db.asLong(r[5]))
                    .sorted()
                    .toArray();
            if (t.length == 0)
                t = rows.stream().mapToLong(r -> Db.asLong(r[5])).sorted().toArray();
            threshold = 2 * t[(t.length - 1) / 2];
        }
        List<Spike> spikes = new ArrayList<>();
        for (Object[] r : rows) {
            if (Db.asLong(r[5]) <= threshold) continue;
            spikes.add(at.spike(
                    Spike.BURST,
                    Db.asLong(r[1]),
                    (int) Db.asLong(r[0]),
                    -1,
                    (Boolean) r[2],
                    Db.asLong(r[3]),
                    Db.asLong(r[4])));
        }
        return report(Spike.BURST, threshold, rows.size(), spikes);
    }

    private static SpikeReport report(String unit, long threshold, int candidates, List<Spike> spikes) {
        Map<String, Integer> by = new LinkedHashMap<>(), any = new LinkedHashMap<>();
        for (String c : Cause.ORDER) {
            by.put(c, 0);
            any.put(c, 0);
        }
        by.put(Cause.UNATTRIBUTED, 0);
        for (Spike s : spikes) {
            by.merge(s.cause(), 1, Integer::sum);
            s.causes().stream().map(Cause::cause).distinct().forEach(c -> any.merge(c, 1, Integer::sum));
        }
        return new SpikeReport(unit, threshold, candidates, by, any, List.copyOf(spikes));
    }

    /** Finds what overlaps a time span; built once per trial. */
    static final class Attributor {
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
                                            Locale.ROOT,
                                            "%s at %.2f GHz (highest %.2f GHz)",
                                            cpu,
                                            v / 1e6,
                                            max / 1e6)));
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
}
