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
            List<PhaseRate> rates = rates(db, q, c.events(), result);
            double achieved = c.measured() == 0
                    ? Double.NaN
                    : PhaseRate.rate(c.measured(), c.firstMeasuredStart(), c.lastMeasuredEnd());
            Adaptivity adaptivity = adaptivity(db, q, result);

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

    /** {@link PhaseRate}: the measured phases of result.json by their seq ranges, else the measured runs of the phase column. */
    private static List<PhaseRate> rates(Db db, TrialQueries q, long n, TrialResult result) throws SQLException {
        String ev = Db.parquet(q.events);
        String figures =
                "count(*), arg_min(send_start, seq), arg_max(send_end, seq), max(send_start - intended), arg_max(send_start - intended, seq)";
        List<PhaseRate> rates = new ArrayList<>();
        if (result != null) {
            for (int p = 0; p < result.phases().size(); p++) {
                TrialResult.Phase ph = result.phases().get(p);
                if (!ph.measure()) continue;
                long from = Math.min(ph.firstSeq(), n), to = Math.min(ph.firstSeq() + ph.count(), n);
                if (from >= to) {
                    rates.add(PhaseRate.empty(p, ph.name(), ph.profile(), ph.targetRate())
                            .withIntended(ph.intendedRate()));
                    continue;
                }
                Object[] r = db.row("SELECT " + figures + " FROM " + ev + " WHERE seq >= " + from + " AND seq < " + to);
                rates.add(PhaseRate.of(
                                p,
                                ph.name(),
                                ph.profile(),
                                ph.targetRate(),
                                to - from,
                                Db.asLong(r[1]),
                                Db.asLong(r[2]),
                                Db.asLong(r[3]),
                                Db.asLong(r[4]))
                        .withIntended(ph.intendedRate()));
            }
            return rates;
        }
        // Runs of equal phase in seq order: seq − row number within the phase is constant along a run.
        for (Object[] r : db.rows("SELECT phase, arg_min(measured, seq), " + figures
                + " FROM (SELECT *, seq - row_number()" + " OVER (PARTITION BY phase ORDER BY seq) AS run FROM " + ev
                + ") GROUP BY phase, run ORDER BY min(seq)")) {
            if (!Boolean.TRUE.equals(r[1])) continue;
            int phase = (int) Db.asLong(r[0]);
            rates.add(PhaseRate.of(
                    phase,
                    "phase " + phase,
                    null,
                    null,
                    Db.asLong(r[2]),
                    Db.asLong(r[3]),
                    Db.asLong(r[4]),
                    Db.asLong(r[5]),
                    Db.asLong(r[6])));
        }
        return rates;
    }

    /**
     * {@link Adaptivity} over the outputs of known cause joined to their inputs' phase and
     * intended time: the recovery is the first recovery output, in order of seq, then
     * receipt, back at the steady mean after the peak's last send; what follows it in that order
     * and was received later is the post-peak latency.
     */
    private static Adaptivity adaptivity(Db db, TrialQueries q, TrialResult result) throws SQLException {
        Adaptivity.Phases ph = Adaptivity.phases(result);
        if (ph == null) return null;
        db.execute("CREATE OR REPLACE TEMP TABLE adapt AS "
                + q.outputsJoined(
                        "e.phase AS phase, o.seq AS seq, o.received AS received, o.received - e.intended AS lat",
                        "phase, intended",
                        "e.phase IN (" + ph.steady() + ", " + ph.peak() + ", " + ph.recovery() + ")"));
        Object[] steady = db.row("SELECT count(*), sum(lat::HUGEINT) FROM adapt WHERE phase = " + ph.steady());
        long ns = Db.asLong(steady[0]);
        if (ns == 0 || db.count("SELECT count(*) FROM adapt WHERE phase = " + ph.peak()) == 0) return null;
        double steadyMean = (double) Distribution.toBigInteger(steady[1]).longValue() / ns;
        db.execute("CREATE OR REPLACE TEMP VIEW adapt_steady AS SELECT lat FROM adapt WHERE phase = " + ph.steady());
        db.execute("CREATE OR REPLACE TEMP VIEW adapt_peak AS SELECT lat FROM adapt WHERE phase = " + ph.peak());
        long steadyP999 = Distribution.ofColumn(db, "adapt_steady", "lat").percentiles(99.9)[0];
        long peakP999 = Distribution.ofColumn(db, "adapt_peak", "lat").percentiles(99.9)[0];
        long maxPeak = Db.asLong(
                db.row("SELECT max(lat) FROM adapt WHERE phase IN (" + ph.peak() + ", " + ph.recovery() + ")")[0]);
        Object last = db.row("SELECT max(send_start) FROM " + Db.parquet(q.events) + " WHERE phase = " + ph.peak())[0];
        long lastPeakSend = last == null ? Long.MIN_VALUE : Db.asLong(last);
        // The long latency is compared with the double mean as a double.
        List<Object[]> rec = db.rows("SELECT seq, received FROM adapt WHERE phase = " + ph.recovery()
                + " AND lat::DOUBLE <= CAST(" + Db.literal(Double.toString(steadyMean)) + " AS DOUBLE) AND received >= "
                + lastPeakSend + " ORDER BY seq, received LIMIT 1");
        Long recoveredAt = null;
        double afterSum = 0;
        long afterCount = 0;
        if (!rec.isEmpty()) {
            long seq = Db.asLong(rec.get(0)[0]);
            recoveredAt = Db.asLong(rec.get(0)[1]);
            Object[] after = db.row("SELECT sum(lat::HUGEINT), count(*) FROM adapt WHERE phase = " + ph.recovery()
                    + " AND seq >= " + seq + " AND received > " + recoveredAt);
            afterCount = Db.asLong(after[1]);
            afterSum = afterCount == 0 ? 0 : Db.asDouble(after[0]);
        }
        return Adaptivity.of(
                steadyMean, steadyP999, peakP999, maxPeak, lastPeakSend, recoveredAt, afterSum, afterCount);
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
