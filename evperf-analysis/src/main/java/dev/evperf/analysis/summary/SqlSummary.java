package dev.evperf.analysis.summary;

import dev.evperf.analysis.figures.Adaptivity;
import dev.evperf.analysis.figures.Cumulative;
import dev.evperf.analysis.figures.HeadTail;
import dev.evperf.analysis.figures.Latency;
import dev.evperf.analysis.figures.LatencyStats;
import dev.evperf.analysis.figures.OutputLinks;
import dev.evperf.analysis.figures.PhaseRate;
import dev.evperf.analysis.figures.TopBursts;
import dev.evperf.analysis.sql.BurstQueries;
import dev.evperf.analysis.sql.Db;
import dev.evperf.analysis.sql.Dist;
import dev.evperf.analysis.sql.Distribution;
import dev.evperf.analysis.sql.PhaseQueries;
import dev.evperf.analysis.sql.TrialQueries;
import dev.evperf.analysis.sql.WarmUps;
import dev.evperf.analysis.warmup.WarmUp;
import dev.evperf.analysis.warmup.WarmUpCut;
import dev.evperf.results.Layout;
import dev.evperf.results.TrialResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A trial's {@link TrialSummary} aggregated by DuckDB over its Parquet files: the one implementation
 * of the summary's figures at every size (it was measured cheaper than loading the records into the
 * JVM from 1 M events up and about equal at 0.12 M, and it scales past the heap; docs/benchmarks.md).
 * The report's SQL layer ({@link TrialQueries}, {@link Distribution}, {@link Distribution#ofColumn})
 * computes each figure by the definitions in {@code analysis.figures}: bursts are derived from the
 * events and the warm-up is cut by seq; counts, percentiles (nearest rank), maxima and head-tail sums
 * are exact; means and standard deviations come from exact integer sums of whole ns, so they are
 * deterministic.
 * Outputs that do not line up with their inputs are joined by a hash join on seq up to
 * {@link Db#EXACT_JOIN_LIMIT} outputs; above it end-to-end and scheduled latency come
 * from the HdrHistogram logs, and the summary's reason says so.
 */
public final class SqlSummary {
    private SqlSummary() {}

    /** Rows of the trial's events.parquet, from its metadata; 0 when it has none. */
    public static long events(Path trialDir) {
        Path events = trialDir.resolve(Layout.EVENTS);
        if (!Files.isRegularFile(events)) return 0;
        try (Db db = new Db()) {
            return db.count("SELECT count(*) FROM " + Db.parquet(events));
        } catch (SQLException e) {
            throw new IllegalArgumentException(events + ": cannot read: " + e.getMessage(), e);
        }
    }

    /**
     * The summary of a trial with per-event records; RateShape and the scheduled trend (from
     * intervals.csv) are left to the caller, as {@link TrialSummary#load} does.
     *
     * @param result the trial's result.json, may be null
     * @throws IllegalArgumentException naming the trial directory when its files are missing,
     *                                  unreadable or not what the trial runner writes
     */
    public static TrialSummary of(
            String id,
            Map<String, Object> params,
            Integer repetition,
            Path dir,
            TrialResult result,
            AnalysisOptions options) {
        return of(id, params, repetition, dir, result, options, Db.EXACT_JOIN_LIMIT);
    }

    public static TrialSummary of(
            String id,
            Map<String, Object> params,
            Integer repetition,
            Path dir,
            TrialResult result,
            AnalysisOptions options,
            long exactJoinLimit) {
        for (String f : List.of(Layout.EVENTS, Layout.OUTPUTS)) {
            if (!Files.isRegularFile(dir.resolve(f))) {
                throw new IllegalArgumentException(
                        dir.resolve(f) + ": missing (expected a parquet file written by the trial runner)");
            }
        }
        try (Db db = new Db(Db.DEFAULT_MEMORY, Db.DEFAULT_THREADS)) {
            TrialQueries q = new TrialQueries(db, dir);
            Counts c = counts(db, q);
            // Rates and adaptivity use every measured event, so they come before any warm-up cut.
            List<PhaseRate> rates = PhaseQueries.rates(q, c.events(), result);
            double achieved = c.measured() == 0
                    ? Double.NaN
                    : PhaseRate.rate(c.measured(), c.firstMeasuredStart(), c.lastMeasuredEnd());
            Adaptivity adaptivity = PhaseQueries.adaptivity(q, result);

            WarmUp w = WarmUps.detect(q, result);
            long cutEvents = 0;
            if (w.firstSteadySeq() != null && w.truncation() > 0) {
                cutEvents = db.count("SELECT count(*) FROM " + Db.parquet(q.events) + " WHERE measured AND seq < "
                        + w.firstSteadySeq());
                if (options.cutWarmUp()) q.cutBeforeSeq(w.firstSteadySeq(), w.endNs());
            }

            boolean bursty = q.bursts().measuredBursts() > 0;
            Distribution processing = q.processing();
            TrialQueries.OutputLatency joined = q.outputLatency(exactJoinLimit);
            return new TrialSummary(
                    id,
                    params,
                    repetition,
                    TrialSummary.OK,
                    joined.note(),
                    c.events(),
                    c.measured(),
                    c.outputs(),
                    bursty ? q.bursts().burstStats() : null,
                    bursty
                            ? q.bursts()
                                    .headTail(
                                            w.headTailSkip(options.skipBursts(), options.cutWarmUp() && cutEvents > 0),
                                            HeadTail.DEFAULT_N)
                            : null,
                    cumulative(processing),
                    bursty ? topBursts(q, options.topBursts()) : null,
                    new Latency(stats(processing), stats(joined.endToEnd()), stats(joined.scheduled())),
                    rates,
                    achieved,
                    null,
                    null,
                    adaptivity,
                    WarmUpCut.of(w, options.cutWarmUp() && cutEvents > 0, cutEvents),
                    null,
                    null,
                    null,
                    OutputLinks.of(result),
                    null);
        } catch (SQLException e) {
            throw new IllegalArgumentException(
                    dir + ": cannot aggregate the trial's parquet files: " + e.getMessage(), e);
        }
    }

    /** Counts of the whole trial, and the first and last measured event's send times (for the overall rate). */
    private record Counts(long events, long measured, long outputs, long firstMeasuredStart, long lastMeasuredEnd) {}

    /**
     * One scan of the events and one of the outputs, checking what the trial runner guarantees: seq is 0..n−1, and every output's seq is −1 or one of them.
     */
    private static Counts counts(Db db, TrialQueries q) throws SQLException {
        Object[] e = db.row("SELECT count(*), count(*) FILTER (WHERE measured), min(seq), max(seq),"
                + " arg_min(send_start, seq) FILTER (WHERE measured), arg_max(send_end, seq) FILTER (WHERE measured) FROM "
                + Db.parquet(q.events));
        long n = Db.asLong(e[0]);
        if (n > 0
                && (Db.asLong(e[2]) != 0
                        || Db.asLong(e[3]) != n - 1
                        || !q.eventsInSeqOrder()
                                && db.count("SELECT count(DISTINCT seq) FROM " + Db.parquet(q.events)) != n)) {
            throw new IllegalArgumentException(
                    q.events + ": expected seq 0..n-1 once each, found " + n + " rows with seq " + e[2] + ".." + e[3]);
        }
        Object[] o = db.row("SELECT count(*), min(seq) FILTER (WHERE seq < -1 OR seq >= " + n + ") FROM " + q.out());
        if (o[1] != null) {
            throw new IllegalArgumentException(
                    q.outputs + ": an output has seq " + o[1] + ", expected -1 or 0.." + (n - 1));
        }
        long measured = Db.asLong(e[1]);
        return new Counts(
                n, measured, Db.asLong(o[0]), measured == 0 ? 0 : Db.asLong(e[4]), measured == 0 ? 0 : Db.asLong(e[5]));
    }

    private static Cumulative cumulative(Distribution processing) throws SQLException {
        double[] thresholds = Cumulative.DEFAULT_THRESHOLDS_US;
        return Cumulative.of(
                thresholds,
                processing.count(),
                processing.countBelow(Cumulative.limitsNs(thresholds)),
                processing.max());
    }

    private static List<TopBursts.Entry> topBursts(TrialQueries q, int k) throws SQLException {
        List<TopBursts.Entry> out = new ArrayList<>();
        for (BurstQueries.TopBurst t : q.bursts().topBursts(k)) {
            out.add(new TopBursts.Entry(
                    t.burst(),
                    Math.toIntExact(t.events()),
                    t.timeNs() / 1e6,
                    t.maxEventNs() / 1000.0,
                    t.meanEventNs() / 1000.0,
                    t.stdEventNs() / 1000.0));
        }
        return out;
    }

    /** A latency mode as {@link LatencyStats} (µs), from exact records or an HdrHistogram log. */
    private static LatencyStats stats(Dist d) throws SQLException {
        if (d.count() == 0) return LatencyStats.of(new long[0]);
        long[] p = d.percentiles(LatencyStats.TABLE_P);
        double us = 1000.0;
        return new LatencyStats(
                d.count(), d.mean() / us, p[0] / us, p[1] / us, p[2] / us, p[3] / us, p[4] / us, d.max() / us);
    }
}
