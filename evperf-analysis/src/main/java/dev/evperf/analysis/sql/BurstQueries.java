package dev.evperf.analysis.sql;

import dev.evperf.analysis.figures.BurstStats;
import dev.evperf.analysis.figures.HeadTail;
import java.math.BigInteger;
import java.nio.file.Files;
import java.sql.Array;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The burst queries of one trial (Tables 4.1–4.5, per-position distributions, the bursts on the
 * time axis), over the events and bursts of {@link TrialQueries}, in its current view (after any
 * warm-up cut). A burst is measured when all its events are; burst statistics and top bursts use
 * every measured burst, the head-tail table and the per-position distributions leave out the
 * first {@code skipBursts} of them (measure.skip_bursts), as the summary does.
 * (Over 250 lines: the tables share the temporary tables of the kept bursts, hb and pos_raw, built
 * by one query and read by the next, which would otherwise have to be passed between classes.)
 */
public final class BurstQueries {
    /** Positions j of S_*,j (1-based); {@link #LAST} stands for n, the burst's last event. */
    public static final int[] POSITIONS = {1, 2, 3, 5, 7, 10, 20, 25};

    public static final int LAST = -1;
    /** Percentiles of the per-position distributions. */
    public static final double[] POSITION_P = {5, 25, 50, 75, 95, 99};
    /** S_*,j over the bursts: j 1-based, or {@link #LAST}; percentiles as {@link #POSITION_P}, ns. */
    public record PositionRow(int j, long bursts, long min, long[] p, long max, double mean) {}
    /** Table 4.5: a burst with the highest burst time and its event times. */
    public record TopBurst(
            int burst,
            long events,
            long startNs,
            long timeNs,
            long maxEventNs,
            double meanEventNs,
            double stdEventNs) {}
    /** A burst on the time axis. */
    public record BurstPoint(long startNs, long timeNs, boolean measured) {}

    private final TrialQueries tq;
    private final Db db;

    BurstQueries(TrialQueries t) {
        this.tq = t;
        this.db = t.db;
    }

    public boolean hasBursts() throws SQLException {
        return (tq.derivesBursts() || Files.isRegularFile(tq.bursts))
                && db.count("SELECT count(*) FROM " + tq.bu()) > 0;
    }

    /** Bursts measured in the current view (after any warm-up cut). */
    public long measuredBursts() throws SQLException {
        return (tq.derivesBursts() || Files.isRegularFile(tq.bursts))
                ? db.count("SELECT count(*) FROM " + tq.bu() + " WHERE measured")
                : 0;
    }

    /** Burst times Time(S_i,*) of the measured bursts, exact. */
    public Distribution burstTimes() throws SQLException {
        return Distribution.of(db, "d_bursts", "SELECT time_ns AS v FROM " + tq.bu() + " WHERE measured");
    }

    /** The measured bursts after the first skipBursts, as a temporary table hb(burst, size). */
    private long keptBursts(int skipBursts) throws SQLException {
        if (skipBursts < 0) throw new IllegalArgumentException("skipBursts must be >= 0, got " + skipBursts);
        db.execute("CREATE OR REPLACE TEMP TABLE hb AS SELECT burst, events AS size FROM " + tq.bu()
                + " WHERE measured ORDER BY burst OFFSET " + skipBursts);
        return db.count("SELECT count(*) FROM hb");
    }

    /**
     * Head-tail (Tables 4.2/4.3): A = mean over the kept bursts of the sum of the first N event
     * times of a burst, B = the same for the last N; µs. N larger than the smallest kept burst is
     * left out, so every burst contributes exactly N events to A and to B. DuckDB sums each burst's
     * first and last N (one row per burst); the rows and their robust figures are {@link HeadTail#row}'s.
     */
    public List<HeadTail.Row> headTail(int skipBursts, int... ns) throws SQLException {
        List<HeadTail.Row> rows = new ArrayList<>();
        long nb = keptBursts(skipBursts);
        if (nb == 0 || ns.length == 0) return rows;
        long minSize = db.count("SELECT min(size) FROM hb");
        List<Integer> kept = new ArrayList<>();
        for (int n : ns) if (n >= 1 && n <= minSize) kept.add(n);
        if (kept.isEmpty()) return rows;
        int p = kept.stream().mapToInt(Integer::intValue).max().orElseThrow();
        StringBuilder sums = new StringBuilder();
        for (int n : kept) {
            sums.append(", sum(t) FILTER (WHERE pos < ")
                    .append(n)
                    .append(")::BIGINT")
                    .append(", sum(t) FILTER (WHERE rpos < ")
                    .append(n)
                    .append(")::BIGINT");
        }
        String sql = "SELECT e.burst" + sums
                + " FROM (SELECT e.burst, e.pos, hb.size - 1 - e.pos AS rpos, e.send_end - e.send_start AS t"
                + " FROM " + tq.ev() + " e JOIN hb ON e.burst = hb.burst WHERE e.burst >= 0 AND (e.pos < " + p
                + " OR e.pos >= hb.size - " + p
                + ")) e GROUP BY e.burst ORDER BY e.burst";
        List<Object[]> perBurst = db.rows(sql);
        int[] ids = new int[perBurst.size()];
        for (int i = 0; i < ids.length; i++) ids[i] = (int) Db.asLong(perBurst.get(i)[0]);
        for (int k = 0; k < kept.size(); k++) {
            long[] head = new long[ids.length], tail = new long[ids.length];
            for (int i = 0; i < ids.length; i++) {
                head[i] = Db.asLong(perBurst.get(i)[1 + 2 * k]);
                tail[i] = Db.asLong(perBurst.get(i)[2 + 2 * k]);
            }
            rows.add(HeadTail.row(kept.get(k), ids, head, tail));
        }
        return rows;
    }

    /**
     * Table 4.1 from the measured bursts' times, fetched in burst order (one row per burst, few
     * enough to hold) and computed by the JVM's own {@link BurstStats#of(long[], int[])}; null without bursts.
     */
    public BurstStats burstStats() throws SQLException {
        List<Object[]> r = db.rows("SELECT burst, time_ns FROM " + tq.bu() + " WHERE measured ORDER BY burst");
        long[] times = new long[r.size()];
        int[] ids = new int[r.size()];
        for (int i = 0; i < r.size(); i++) {
            ids[i] = Math.toIntExact(Db.asLong(r.get(i)[0]));
            times[i] = Db.asLong(r.get(i)[1]);
        }
        return BurstStats.of(times, ids);
    }

    /**
     * Builds pos_t(burst, j, t): the event times at positions j (1-based, and {@link #LAST}) of the
     * kept bursts; j beyond the smallest kept burst is left out.
     *
     * @return the positions present, in the order of {@link #POSITIONS} then LAST
     */
    private List<Integer> positionTable(int skipBursts) throws SQLException {
        long nb = keptBursts(skipBursts);
        List<Integer> js = new ArrayList<>();
        if (nb == 0) {
            db.execute("CREATE OR REPLACE TEMP TABLE pos_t(burst INTEGER, j INTEGER, t BIGINT)");
            return js;
        }
        long minSize = db.count("SELECT min(size) FROM hb");
        StringJoiner in = new StringJoiner(", ");
        for (int j : POSITIONS) {
            if (j <= minSize) {
                js.add(j);
                in.add(Integer.toString(j - 1));
            }
        }
        js.add(LAST);
        String t = "e.send_end - e.send_start";
        String from = " FROM " + tq.ev() + " e JOIN hb ON e.burst = hb.burst WHERE e.burst >= 0 AND ";
        db.execute("CREATE OR REPLACE TEMP TABLE pos_raw AS SELECT e.burst, e.pos, hb.size - 1 - e.pos AS rpos, " + t
                + " AS t" + from + "(" + (in.length() == 0 ? "false" : "e.pos IN (" + in + ")")
                + " OR e.pos = hb.size - 1)");
        db.execute("CREATE OR REPLACE TEMP TABLE pos_t AS"
                + " SELECT burst, pos + 1 AS j, t FROM pos_raw WHERE "
                + (in.length() == 0 ? "false" : "pos IN (" + in + ")")
                + " UNION ALL SELECT burst, " + LAST + " AS j, t FROM pos_raw WHERE rpos = 0");
        db.execute("DROP TABLE pos_raw");
        return js;
    }

    /** Per-position distributions S_*,j over the kept bursts (exact, nearest rank). */
    public List<PositionRow> positions(int skipBursts) throws SQLException {
        List<Integer> js = positionTable(skipBursts);
        List<PositionRow> rows = new ArrayList<>();
        if (js.isEmpty()) return rows;
        StringJoiner qs = new StringJoiner(", ", "[", "]");
        for (double p : POSITION_P) qs.add(Double.toString(p / 100));
        Map<Integer, PositionRow> byJ = new LinkedHashMap<>();
        for (Object[] r : db.rows(
                "SELECT j, count(*), min(t), quantile_disc(t, " + qs + "), max(t), avg(t) FROM pos_t GROUP BY j")) {
            int j = (int) Db.asLong(r[0]);
            long[] p = longs(r[3]);
            byJ.put(j, new PositionRow(j, Db.asLong(r[1]), Db.asLong(r[2]), p, Db.asLong(r[4]), Db.asDouble(r[5])));
        }
        for (int j : js) if (byJ.containsKey(j)) rows.add(byJ.get(j));
        return rows;
    }

    /**
     * S_i,j over the kept bursts i for the given positions (after {@link #positions}), burst index
     * and event time, downsampled to at most maxPoints bursts by keeping every k-th burst's row
     * and, per bucket of k bursts, the one with the highest time.
     */
    public Map<Integer, long[][]> positionSeries(int maxPoints, int... js) throws SQLException {
        Map<Integer, long[][]> out = new LinkedHashMap<>();
        for (int j : js) {
            long n = db.count("SELECT count(*) FROM pos_t WHERE j = " + j);
            if (n == 0) continue;
            long k = Math.max(1, (2 * n + maxPoints - 1) / maxPoints);
            List<Object[]> rows = k == 1
                    ? db.rows("SELECT burst, t FROM pos_t WHERE j = " + j + " ORDER BY burst")
                    : db.rows("SELECT DISTINCT b, t FROM (SELECT unnest([b1, b2]) AS b, unnest([t1, t2]) AS t FROM"
                            + " (SELECT arg_max(burst, t) AS b1, max(t) AS t1, arg_min(burst, t) AS b2, min(t) AS t2"
                            + " FROM (SELECT burst, t, row_number() OVER (ORDER BY burst) // " + k
                            + " AS g FROM pos_t WHERE j = " + j + ") GROUP BY g)) ORDER BY b");
            long[][] series = new long[2][rows.size()];
            for (int i = 0; i < rows.size(); i++) {
                series[0][i] = Db.asLong(rows.get(i)[0]);
                series[1][i] = Db.asLong(rows.get(i)[1]);
            }
            out.put(j, series);
        }
        return out;
    }

    /** Table 4.5: the k measured bursts with the highest time (ties: earlier burst first). */
    public List<TopBurst> topBursts(int k) throws SQLException {
        List<TopBurst> out = new ArrayList<>();
        if (k == 0) return out;
        List<Object[]> top = db.rows("SELECT burst, events, start, time_ns FROM " + tq.bu()
                + " WHERE measured ORDER BY time_ns DESC, burst LIMIT " + k);
        if (top.isEmpty()) return out;
        // One equality-filtered scan per burst: Parquet's row-group statistics skip all but the
        // burst's own row groups (an IN list is not pushed down that way).
        StringJoiner union = new StringJoiner(" UNION ALL ");
        for (Object[] r : top) {
            // Exact sums: mean and std are then the same whatever DuckDB's threads do.
            union.add(
                    "SELECT burst, max(t), count(*), sum(t::HUGEINT), sum(t::HUGEINT * t) FROM (SELECT burst, send_end - send_start AS t FROM "
                            + tq.ev() + " WHERE burst = " + Db.asLong(r[0]) + ") GROUP BY burst");
        }
        Map<Long, Object[]> stats = new LinkedHashMap<>();
        if (tq.hasEvents()) {
            for (Object[] r : db.rows(union.toString())) stats.put(Db.asLong(r[0]), r);
        }
        for (Object[] r : top) {
            Object[] s = stats.get(Db.asLong(r[0]));
            long n = s == null ? 0 : Db.asLong(s[2]);
            out.add(new TopBurst(
                    (int) Db.asLong(r[0]),
                    Db.asLong(r[1]),
                    Db.asLong(r[2]),
                    Db.asLong(r[3]),
                    s == null ? 0 : Db.asLong(s[1]),
                    n == 0 ? Double.NaN : Distribution.mean(Distribution.toBigInteger(s[3]), n),
                    Distribution.sampleStd(
                            n == 0 ? BigInteger.ZERO : Distribution.toBigInteger(s[3]),
                            n == 0 ? BigInteger.ZERO : Distribution.toBigInteger(s[4]),
                            n)));
        }
        return out;
    }

    /**
     * Every burst (measured or not) as (start, time), in burst order; above maxPoints bursts,
     * per bucket of consecutive bursts the one with the lowest and the one with the highest time.
     */
    public List<BurstPoint> burstSeries(int maxPoints) throws SQLException {
        long n = db.count("SELECT count(*) FROM " + tq.bu());
        long k = Math.max(1, (2 * n + maxPoints - 1) / maxPoints);
        String sql = k == 1
                ? "SELECT start, time_ns, measured FROM " + tq.bu() + " ORDER BY burst"
                : "SELECT unnest([s1, s2]) AS s, unnest([t1, t2]) AS t, m FROM (SELECT measured AS m, arg_max(start, time_ns) AS s1, max(time_ns) AS t1,"
                        + " arg_min(start, time_ns) AS s2, min(time_ns) AS t2"
                        + " FROM (SELECT start, time_ns, measured, burst // " + k + " AS g FROM " + tq.bu()
                        + ") GROUP BY g, measured) ORDER BY s";
        List<BurstPoint> out = new ArrayList<>();
        long lastStart = Long.MIN_VALUE;
        boolean lastMeasured = false;
        for (Object[] r : db.rows(sql)) {
            long s = Db.asLong(r[0]);
            boolean m = Boolean.TRUE.equals(r[2]);
            if (s == lastStart && m == lastMeasured) continue; // a bucket of one burst gives it twice
            out.add(new BurstPoint(s, Db.asLong(r[1]), m));
            lastStart = s;
            lastMeasured = m;
        }
        return out;
    }

    private static long[] longs(Object array) throws SQLException {
        if (array instanceof Array a) {
            Object[] xs = (Object[]) a.getArray();
            long[] out = new long[xs.length];
            for (int i = 0; i < xs.length; i++) out[i] = Db.asLong(xs[i]);
            return out;
        }
        throw new IllegalStateException("expected a list, got " + array);
    }
}
