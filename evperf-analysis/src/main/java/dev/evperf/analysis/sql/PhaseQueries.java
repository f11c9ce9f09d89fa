package dev.evperf.analysis.sql;

import dev.evperf.analysis.figures.Adaptivity;
import dev.evperf.analysis.figures.PhaseRate;
import dev.evperf.results.TrialResult;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The per-phase queries of one trial: each measured phase's achieved rate and lag, and the
 * adaptivity of a steady → peak → recovery profile. Both are figures of every measured event (a
 * rate counts the events a phase sent, not only the steady ones), so the summary asks for them
 * before it cuts the warm-up.
 */
public final class PhaseQueries {
    private PhaseQueries() {}

    /** {@link PhaseRate}: the measured phases of result.json by their seq ranges, else the measured runs of the phase column. */
    public static List<PhaseRate> rates(TrialQueries q, long n, TrialResult result) throws SQLException {
        Db db = q.db;
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
    public static Adaptivity adaptivity(TrialQueries q, TrialResult result) throws SQLException {
        Db db = q.db;
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
}
