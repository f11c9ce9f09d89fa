package dev.evperf.analysis.sql;

import dev.evperf.analysis.figures.Percentiles;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * The exact distribution of an integer column (ns), kept in DuckDB as a table of distinct values
 * and their counts. Every figure below is exact: percentiles by the nearest-rank rule (the
 * smallest value with at least p % of the values at or below it, as the summary's tables), counts
 * below thresholds, histograms. Memory goes with the number of distinct values, not of rows:
 * event times in ns of a 100 M-event trial have some 10^4–10^5.
 */
public final class Distribution implements Dist {
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
    private final String table;
    private final long count;
    private final long min;
    private final long max;
    private final double mean;
    private final double std;
    private final long distinct;

    private Distribution(Db db, String table, long count, long min, long max, double mean, double std, long distinct) {
        this.db = db;
        this.table = table;
        this.count = count;
        this.min = min;
        this.max = max;
        this.mean = mean;
        this.std = std;
        this.distinct = distinct;
    }

    /**
     * Builds the distribution of {@code valuesSql}, a query with one integer column named v, into
     * the temporary tables NAME (v, c) and NAME_cum (v, cum).
     *
     * @param name an SQL identifier, unique within the connection
     */
    public static Distribution of(Db db, String name, String valuesSql) throws SQLException {
        db.execute("CREATE OR REPLACE TEMP TABLE " + name + " AS SELECT v::BIGINT AS v, count(*)::BIGINT AS c FROM ("
                + valuesSql + ") WHERE v IS NOT NULL GROUP BY v");
        db.execute("CREATE OR REPLACE TEMP TABLE " + name + "_cum AS SELECT v, (sum(c) OVER (ORDER BY v ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW))::BIGINT AS cum FROM " + name);
        Object[] r = db.row("SELECT coalesce(sum(c), 0), min(v), max(v), sum(v::HUGEINT * c), count(*), sum(v::HUGEINT * v * c) FROM " + name);
        long n = Db.asLong(r[0]);
        if (n == 0) return new Distribution(db, name, 0, 0, 0, Double.NaN, Double.NaN, 0);
        BigInteger sum = toBigInteger(r[3]);
        return new Distribution(db, name, n, Db.asLong(r[1]), Db.asLong(r[2]), mean(sum, n), sampleStd(sum, toBigInteger(r[5]), n),
                Db.asLong(r[4]));
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
        return Math.sqrt(new BigDecimal(num).divide(new BigDecimal(nn.multiply(BigInteger.valueOf(n - 1))), MathContext.DECIMAL128).doubleValue());
    }

    /**
     * The mean of n integers from their exact sum, as the summary's in-JVM double sum gives it: a
     * sum below 2^53 is exact as a double, so this is the same correctly rounded quotient.
     */
    public static double mean(BigInteger sum, long n) {
        if (sum.abs().bitLength() <= 53) return sum.doubleValue() / n;
        return new BigDecimal(sum).divide(BigDecimal.valueOf(n), MathContext.DECIMAL128).doubleValue();
    }

    public static BigInteger toBigInteger(Object o) {
        if (o instanceof BigInteger b) return b;
        if (o instanceof BigDecimal d) return d.toBigInteger();
        return BigInteger.valueOf(Db.asLong(o));
    }

    @Override public String source() { return "records"; }
    @Override public long count() { return count; }
    @Override public double mean() { return mean; }
    @Override public double std() { return std; }
    @Override public long min() { return min; }
    @Override public long max() { return max; }
    public long distinct() { return distinct; }

    /** Nearest-rank percentiles, in the order asked; empty distribution: all 0. */
    @Override
    public long[] percentiles(double... ps) throws SQLException {
        long[] out = new long[ps.length];
        if (count == 0 || ps.length == 0) return out;
        StringBuilder values = new StringBuilder();
        for (int i = 0; i < ps.length; i++) {
            if (i > 0) values.append(", ");
            values.append('(').append(i).append(", ").append(Percentiles.rank(ps[i], count)).append(')');
        }
        // ASOF: for each rank, the distinct value whose cumulative count first reaches it.
        for (Object[] r : db.rows("SELECT q.i, c.v FROM (VALUES " + values + ") q(i, rk) ASOF JOIN " + table + "_cum c ON c.cum >= q.rk")) {
            out[(int) Db.asLong(r[0])] = Db.asLong(r[1]);
        }
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
        Object[] r = db.row(sql.append(" FROM ").append(table).toString());
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
        for (Object[] r : db.rows("SELECT (v - " + lo + ") // " + width + " AS k, sum(c) FROM " + table
                + " WHERE v >= " + lo + " AND v <= " + hi + " GROUP BY k")) {
            counts[(int) Db.asLong(r[0])] = Db.asLong(r[1]);
        }
        Object[] out = db.row("SELECT coalesce(sum(c) FILTER (WHERE v < " + lo + "), 0), coalesce(sum(c) FILTER (WHERE v > " + hi + "), 0) FROM " + table);
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
        String sql;
        if (distinct <= maxPoints) {
            sql = "SELECT v, cum FROM " + table + "_cum ORDER BY v";
        } else {
            double k = maxPoints / Math.log(max - min + 1.0);
            sql = "SELECT max(v) AS v, max(cum) AS cum FROM " + table + "_cum GROUP BY floor(ln(v - " + min + " + 1) * " + k + ") ORDER BY v";
        }
        for (Object[] r : db.rows(sql)) out.add(new CdfPoint(Db.asLong(r[0]), Db.asLong(r[1])));
        if (out.get(0).v() != min) {
            out.add(0, new CdfPoint(min, db.count("SELECT c FROM " + table + " WHERE v = " + min)));
        }
        return out;
    }
}
