package dev.evperf.analysis.sql;

import dev.evperf.results.Percentiles;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.StringJoiner;
import java.util.TreeSet;

/**
 * The exact distribution of an integer column (ns) in DuckDB: every figure is exact. Percentiles
 * by the nearest-rank rule ({@link Percentiles#rank}: the smallest value with at least p % of the
 * values at or below it, as the summary's tables), counts below thresholds, histograms, the
 * cumulative distribution.
 * <p>
 * The values are weighted rows (v, c): a column of a table as it is ({@link #ofColumn}, c = 1: for
 * columns with about as many distinct values as rows, such as latencies from intended times), or
 * a table of distinct values with their counts ({@link #of}: for columns with few distinct values,
 * such as event times in ns of a 100 M-event trial, some 10^4–10^5). Percentiles are found in two
 * parallel passes whatever the source (DuckDB's quantile_disc sorts each group on one thread, too
 * slow at 10^8 rows): the weights are summed in logarithmic buckets (0.25 % wide, every integer its
 * own bucket below about 400), the bucket holding each rank is found from the cumulative sums, and
 * a second pass over just those buckets' distinct values picks the value reaching the rank.
 * <p>
 * Over 250 lines on purpose: every figure here shares the two-pass bucket plan and its SQL, and
 * splitting the readers (percentiles, counts below, histogram, cumulative) from it would expose
 * that plan's internals to four classes instead of one.
 */
public final class Distribution implements Dist {
    /** Buckets per e-fold of the value: 400, so a bucket is e^(1/400) − 1 ≈ 0.25 % wide. */
    static final int BUCKETS_PER_E = 400;

    /** A histogram of equal-width bins of whole ns: bin k holds [lo + k·width, lo + (k+1)·width). */
    public record Histogram(long lo, long width, long[] counts, long below, long above) {
        public long total() {
            long s = below + above;
            for (long c : counts) s += c;
            return s;
        }
    }

    /** A point of the cumulative distribution: the share of values ≤ v is cum / count. */
    public record CdfPoint(long v, long cum) {}

    private final Db db;
    /** SQL of the weighted rows (v, c), non-null v. */
    private final String source;

    private final long count;
    private final long min;
    private final long max;
    private final double mean;
    private final double std;
    private final long[][] buckets; // {lo, hi, weight} per bucket, ascending

    /**
     * One pass over the source: its logarithmic buckets with weight, range, and exact sums of the
     * values and of their squares, added up here into the whole distribution's count, min, max,
     * mean and sample std (exact integer sums: the same figures whatever DuckDB's threads do).
     */
    private Distribution(Db db, String source, boolean weighted) throws SQLException {
        this.db = db;
        this.source = source;
        // Rows of a column weigh 1 each: counted and summed without multiplying by the weight, which halves
        // this pass over 25 M latencies (the figures are the same integers).
        String sums = weighted
                ? "sum(c), sum(v::HUGEINT * c), sum(v::HUGEINT * v * c)"
                : "count(*), sum(v::HUGEINT), sum(v::HUGEINT * v)";
        List<Object[]> rows = db.rows(
                "SELECT " + key("v") + " AS k, min(v), max(v), " + sums + " FROM " + source + " GROUP BY k ORDER BY k");
        buckets = new long[rows.size()][];
        long n = 0;
        BigInteger sum = BigInteger.ZERO, sumOfSquares = BigInteger.ZERO;
        for (int i = 0; i < buckets.length; i++) {
            Object[] r = rows.get(i);
            long c = Db.asLong(r[3]);
            buckets[i] = new long[] {Db.asLong(r[1]), Db.asLong(r[2]), c};
            n += c;
            sum = sum.add(toBigInteger(r[4]));
            sumOfSquares = sumOfSquares.add(toBigInteger(r[5]));
        }
        count = n;
        min = n == 0 ? 0 : buckets[0][0];
        max = n == 0 ? 0 : buckets[buckets.length - 1][1];
        mean = n == 0 ? Double.NaN : mean(sum, n);
        std = sampleStd(sum, sumOfSquares, n);
    }

    /**
     * The distribution of {@code valuesSql}, a query with one integer column named v, kept as the
     * temporary table NAME (v, c) of its distinct values and their counts.
     *
     * @param name an SQL identifier, unique within the connection
     */
    public static Distribution of(Db db, String name, String valuesSql) throws SQLException {
        db.execute("CREATE OR REPLACE TEMP TABLE " + name + " AS SELECT v::BIGINT AS v, count(*)::BIGINT AS c FROM ("
                + valuesSql + ") WHERE v IS NOT NULL GROUP BY v");
        return new Distribution(db, name, true);
    }

    /** The distribution of an integer column of a (temporary) table, read where it is. */
    public static Distribution ofColumn(Db db, String table, String column) throws SQLException {
        return new Distribution(
                db, "(SELECT " + column + " AS v, 1 AS c FROM " + table + " WHERE " + column + " IS NOT NULL)", false);
    }

    /**
     * The sample standard deviation (n − 1) of n integers from their exact sum and sum of squares:
     * the variance (n·Σv² − (Σv)²) / (n·(n − 1)) in integers, so it is the same however DuckDB's
     * threads split the sums (a double sum of squared deviations changes in its last bits).
     */
    public static double sampleStd(BigInteger sum, BigInteger sumOfSquares, long n) {
        if (n < 2) return Double.NaN;
        BigInteger nn = BigInteger.valueOf(n);
        BigInteger num = sumOfSquares.multiply(nn).subtract(sum.multiply(sum));
        return Math.sqrt(new BigDecimal(num)
                .divide(new BigDecimal(nn.multiply(BigInteger.valueOf(n - 1))), MathContext.DECIMAL128)
                .doubleValue());
    }

    /**
     * The mean of n integers from their exact sum, as the summary's in-JVM double sum gives it: a
     * sum below 2^53 is exact as a double, so this is the same correctly rounded quotient.
     */
    public static double mean(BigInteger sum, long n) {
        if (sum.abs().bitLength() <= 53) return sum.doubleValue() / n;
        return new BigDecimal(sum)
                .divide(BigDecimal.valueOf(n), MathContext.DECIMAL128)
                .doubleValue();
    }

    public static BigInteger toBigInteger(Object o) {
        if (o instanceof BigInteger b) return b;
        if (o instanceof BigDecimal d) return d.toBigInteger();
        return BigInteger.valueOf(Db.asLong(o));
    }

    @Override
    public String source() {
        return "records";
    }

    @Override
    public long count() {
        return count;
    }

    @Override
    public double mean() {
        return mean;
    }

    @Override
    public double std() {
        return std;
    }

    @Override
    public long min() {
        return min;
    }

    @Override
    public long max() {
        return max;
    }

    /** How many distinct values. */
    public long distinct() throws SQLException {
        return db.count("SELECT count(DISTINCT v) FROM " + source);
    }

    /** The bucket key: monotonic in v; values ≤ 0 are their own buckets. */
    private static String key(String v) {
        return "CASE WHEN " + v + " <= 0 THEN " + v + " ELSE 1000000000000 + floor(ln(" + v + ") * " + BUCKETS_PER_E
                + ")::BIGINT END";
    }

    /** Nearest-rank percentiles, in the order asked; empty distribution: all 0. */
    @Override
    public long[] percentiles(double... ps) throws SQLException {
        long[] out = new long[ps.length];
        if (count == 0 || ps.length == 0) return out;
        long[][] b = buckets;
        long[] cumBefore = new long[b.length];
        for (int i = 1; i < b.length; i++) cumBefore[i] = cumBefore[i - 1] + b[i - 1][2];
        int[] bucketOf = new int[ps.length];
        long[] offset = new long[ps.length];
        TreeSet<Integer> needed = new TreeSet<>();
        for (int i = 0; i < ps.length; i++) {
            long r = Percentiles.rank(ps[i], count);
            int j = 0;
            while (j < b.length - 1 && cumBefore[j] + b[j][2] < r) j++;
            bucketOf[i] = j;
            offset[i] = r - cumBefore[j];
            needed.add(j);
        }
        // Second pass, all in DuckDB: the distinct values of the needed buckets with their
        // cumulative weights per bucket, and for each rank the first value reaching its offset.
        StringJoiner where = new StringJoiner(" OR "),
                bid = new StringJoiner(" ", "CASE ", " END"),
                ranks = new StringJoiner(", ");
        for (int j : needed) {
            String range = "v BETWEEN " + b[j][0] + " AND " + b[j][1];
            where.add("(" + range + ")");
            bid.add("WHEN " + range + " THEN " + j);
        }
        for (int i = 0; i < ps.length; i++) ranks.add("(" + i + ", " + bucketOf[i] + ", " + offset[i] + ")");
        String sql = "WITH cnt AS (SELECT " + bid + " AS bid, v, sum(c) AS c FROM " + source + " WHERE " + where
                + " GROUP BY 1, 2),"
                + " cum AS (SELECT bid, v, sum(c) OVER (PARTITION BY bid ORDER BY v ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS cum FROM cnt)"
                + " SELECT q.i, cum.v FROM (VALUES " + ranks
                + ") q(i, bid, off) ASOF JOIN cum ON q.bid = cum.bid AND cum.cum >= q.off";
        for (Object[] r : db.rows(sql)) out[(int) Db.asLong(r[0])] = Db.asLong(r[1]);
        return out;
    }

    /** How many values lie strictly below each limit. */
    public long[] countBelow(long... limits) throws SQLException {
        long[] out = new long[limits.length];
        if (count == 0 || limits.length == 0) return out;
        StringBuilder sql = new StringBuilder("SELECT ");
        for (int i = 0; i < limits.length; i++) {
            if (i > 0) sql.append(", ");
            sql.append("coalesce(sum(c) FILTER (WHERE v < ").append(limits[i]).append("), 0)");
        }
        Object[] r = db.row(sql.append(" FROM ").append(source).toString());
        for (int i = 0; i < limits.length; i++) out[i] = Db.asLong(r[i]);
        return out;
    }

    /**
     * Equal-width bins over [lo, hi] (whole ns, at least 1 ns wide, so integer values never alias),
     * at most {@code bins} of them; values outside go to below and above.
     */
    public Histogram histogram(long lo, long hi, int bins) throws SQLException {
        if (bins < 1) throw new IllegalArgumentException("bins must be >= 1, got " + bins);
        if (count == 0) return new Histogram(0, 1, new long[0], 0, 0);
        if (hi < lo) hi = lo;
        long span = hi - lo + 1;
        long width = Math.max(1, (span + bins - 1) / bins);
        int n = (int) ((span + width - 1) / width);
        long[] counts = new long[n];
        for (Object[] r : db.rows("SELECT (v - " + lo + ") // " + width + " AS k, sum(c) FROM " + source
                + " WHERE v >= " + lo + " AND v <= " + hi + " GROUP BY k")) {
            counts[(int) Db.asLong(r[0])] = Db.asLong(r[1]);
        }
        Object[] out = db.row("SELECT coalesce(sum(c) FILTER (WHERE v < " + lo
                + "), 0), coalesce(sum(c) FILTER (WHERE v > " + hi + "), 0) FROM " + source);
        return new Histogram(lo, width, counts, Db.asLong(out[0]), Db.asLong(out[1]));
    }

    /**
     * The cumulative distribution as at most about {@code maxPoints} points: every distinct value
     * when there are few, else the last value of each of maxPoints logarithmic buckets of
     * (v − min + 1), so the steps of the body and the tail both show. Always ends at (max, count).
     */
    public List<CdfPoint> cdf(int maxPoints) throws SQLException {
        List<CdfPoint> out = new ArrayList<>();
        if (count == 0) return out;
        String cum =
                "(SELECT v, (sum(c) OVER (ORDER BY v ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))::BIGINT AS cum"
                        + " FROM (SELECT v, sum(c) AS c FROM " + source + " GROUP BY v))";
        String sql;
        if (distinct() <= maxPoints) {
            sql = "SELECT v, cum FROM " + cum + " ORDER BY v";
        } else {
            double k = maxPoints / Math.log(max - min + 1.0);
            sql = "SELECT max(v) AS v, max(cum) AS cum FROM " + cum + " GROUP BY floor(ln(v - " + min + " + 1) * " + k
                    + ") ORDER BY v";
        }
        for (Object[] r : db.rows(sql)) out.add(new CdfPoint(Db.asLong(r[0]), Db.asLong(r[1])));
        if (out.get(0).v() != min) {
            out.add(
                    0,
                    new CdfPoint(
                            min,
                            Db.asLong(db.row("SELECT coalesce(sum(c), 0) FROM " + source + " WHERE v = " + min)[0])));
        }
        return out;
    }
}
