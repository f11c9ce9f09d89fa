package dev.evperf.analysis.stats;

import dev.evperf.analysis.sql.Db;
import dev.evperf.analysis.sql.TrialQueries;
import dev.evperf.analysis.sql.WarmUps;
import dev.evperf.analysis.warmup.WarmUp;
import dev.evperf.results.Intervals;
import dev.evperf.results.Layout;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

/**
 * The values of every {@link Metric} in one trial, in the metric's unit and in the order they
 * arose (events by sequence number, outputs by their input's, bursts and intervals by time), over
 * its measured events, and (unless the warm-up is kept) only those after the detected end of
 * warm-up. The values are those {@code summary} counts: the same measured events, cut by the same
 * rule (only a conclusive transient, from its first steady event on). DuckDB selects them from
 * the trial's Parquet files, with the bursts it derives from the events for the warm-up
 * ({@link WarmUps}); only the values come into the JVM, because the bootstrap resamples them.
 */
public final class TrialSamples {
    private TrialSamples() {}

    /** A trial's samples and the warm-up detected in it (cut from the samples or not). */
    public record Loaded(WarmUp warmUp, Map<Metric, double[]> samples) {}

    /**
     * @param result    the trial's result.json, may be null
     * @param cutWarmUp leave out the warm-up {@link WarmUps#detect} finds; else keep everything measured
     * @throws IllegalArgumentException one line naming the trial directory when its files cannot be read
     */
    public static Loaded load(Path trialDir, TrialResult result, boolean cutWarmUp) {
        try (Db db = new Db(Db.DEFAULT_MEMORY, Db.DEFAULT_THREADS)) {
            TrialQueries q = new TrialQueries(db, trialDir);
            WarmUp w = WarmUps.detect(q, result);
            return new Loaded(w, of(q, result, cutWarmUp ? w : null));
        } catch (SQLException e) {
            throw new IllegalArgumentException(trialDir + ": cannot read the trial's records: " + e.getMessage(), e);
        }
    }

    /**
     * @param q      the trial's queries, the bursts derived from the events ({@link WarmUps#detect} did)
     * @param warmUp the warm-up to leave out, or null to keep everything measured; a trial with
     *               records off has only the achieved rate, from intervals.csv
     */
    static Map<Metric, double[]> of(TrialQueries q, TrialResult result, WarmUp warmUp) throws SQLException {
        Map<Metric, double[]> out = new EnumMap<>(Metric.class);
        if (q.hasEvents()) {
            long from = cutFrom(warmUp);
            String ev = Db.parquet(q.events);
            String kept = " WHERE measured AND seq >= " + from;
            long[][] e = q.db.longColumns(
                    "SELECT send_end - send_start, send_start - intended FROM " + ev + kept + " ORDER BY seq", 2);
            out.put(Metric.EVENT_TIME, divide(e[0], 1e3));
            out.put(Metric.GENERATOR_LAG, divide(e[1], 1e3));

            // The bursts WarmUps.detect derived from the events (in burst order), as the summary counts them.
            long[] bursts = q.db.longColumns("SELECT time_ns FROM " + q.bu() + " WHERE measured ORDER BY burst", 1)[0];
            if (bursts.length > 0) {
                int skip = from == 0 || warmUp.skipBursts() == null ? 0 : warmUp.skipBursts();
                out.put(
                        Metric.BURST_TIME,
                        divide(Arrays.copyOfRange(bursts, Math.min(skip, bursts.length), bursts.length), 1e6));
            }

            // Outputs of a kept input, by their input's seq, then receipt; outputs of unknown cause (seq -1) join none.
            long[][] o = q.db.longColumns(
                    "SELECT o.received - e.intended, o.received - e.send_start FROM " + q.out() + " o JOIN (SELECT seq,"
                            + " intended, send_start FROM " + ev + kept
                            + ") e ON o.seq = e.seq ORDER BY o.seq, o.received",
                    2);
            out.put(Metric.SCHEDULED_LATENCY, divide(o[0], 1e3));
            out.put(Metric.END_TO_END_LATENCY, divide(o[1], 1e3));
        }
        double[] rate = intervalRates(q.dir, result, warmUp);
        if (rate != null) out.put(Metric.ACHIEVED_RATE, rate);
        return out;
    }

    private static double[] divide(long[] ns, double unit) {
        double[] v = new double[ns.length];
        for (int i = 0; i < v.length; i++) v[i] = ns[i] / unit;
        return v;
    }
    /**
     * The first event kept: the warm-up's first steady event when it found a transient, else 0, as
     * {@code TrialSummary} cuts (a warm-up with nothing cut must not drop the measured events before
     * its first whole interval).
     */
    static long cutFrom(WarmUp warmUp) {
        return warmUp == null || warmUp.truncation() == 0 || warmUp.firstSteadySeq() == null
                ? 0
                : warmUp.firstSteadySeq();
    }

    /** input_rate of the whole measured intervals starting at or after the warm-up; null without intervals.csv. */
    static double[] intervalRates(Path trialDir, TrialResult result, WarmUp warmUp) {
        if (!Files.isRegularFile(trialDir.resolve(Layout.INTERVALS))) return null;
        Intervals csv = Intervals.read(trialDir);
        if (csv == null) return new double[0];
        List<Intervals.Point> whole = csv.measuredWhole("input_rate", result);
        if (whole == null) return null;
        double[] v = new double[whole.size()];
        int k = 0;
        for (Intervals.Point p : whole) {
            if (warmUp != null && warmUp.truncation() > 0 && !warmUp.steadyAt(p.startNs())) continue;
            v[k++] = p.value();
        }
        return Arrays.copyOf(v, k);
    }
}
