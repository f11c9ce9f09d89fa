package dev.evperf.analysis.spikes;

import dev.evperf.analysis.sql.Db;
import dev.evperf.analysis.sql.TrialQueries;
import dev.evperf.results.Sensors;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
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
}
