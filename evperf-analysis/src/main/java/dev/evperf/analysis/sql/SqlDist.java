package dev.evperf.analysis.sql;

import dev.evperf.analysis.figures.Percentiles;
import java.math.BigInteger;
import java.sql.SQLException;
import java.util.List;
import java.util.StringJoiner;
import java.util.TreeSet;

/**
 * The exact distribution of an integer column of a (temporary) table, for columns with about as
 * many distinct values as rows (latencies measured from intended times), where
 * {@link Distribution}'s table of distinct values would be as large as the column, and DuckDB's
 * quantile_disc (one sort per group, single-threaded) too slow at 10^8 rows.
 * <p>
 * Percentiles are nearest-rank (r = ⌈p·n/100⌉, computed exactly), found in two parallel passes:
 * the values are counted in logarithmic buckets (0.25 % wide, every integer its own bucket below
 * about 400), the bucket holding each rank is found from the cumulative counts, and a second pass
 * counts the distinct values of just those buckets to pick the r-th smallest value.
 */
public final class SqlDist implements Dist {
    /** Buckets per e-fold of the value: 400, so a bucket is e^(1/400) − 1 ≈ 0.25 % wide. */
    public static final int BUCKETS_PER_E = 400;

    private final Db db;
    private final String table;
    private final String column;
    private final long count;
    private final long min;
    private final long max;
    private final double mean;
    private final double std;
    private final long[][] buckets; // {lo, hi, count} per bucket, ascending

    /**
     * One pass over the column: its logarithmic buckets with count, range, and exact sums of the
     * values and of their squares, added up here into the whole column's count, min, max, mean and
     * sample std (exact integer sums: the same figures whatever DuckDB's threads do).
     */
    public SqlDist(Db db, String table, String column) throws SQLException {
        this.db = db;
        this.table = table;
        this.column = column;
        List<Object[]> rows = db.rows("SELECT " + key() + " AS k, min(" + column + "), max(" + column + "), count(*), sum(" + column
                + "::HUGEINT), sum(" + column + "::HUGEINT * " + column + ") FROM " + table + " WHERE " + column + " IS NOT NULL GROUP BY k ORDER BY k");
        buckets = new long[rows.size()][];
        long n = 0;
        BigInteger sum = BigInteger.ZERO, sumOfSquares = BigInteger.ZERO;
        for (int i = 0; i < buckets.length; i++) {
            Object[] r = rows.get(i);
            long c = Db.asLong(r[3]);
            buckets[i] = new long[] {Db.asLong(r[1]), Db.asLong(r[2]), c};
            n += c;
            sum = sum.add(Distribution.toBigInteger(r[4]));
            sumOfSquares = sumOfSquares.add(Distribution.toBigInteger(r[5]));
        }
        count = n;
        min = n == 0 ? 0 : buckets[0][0];
        max = n == 0 ? 0 : buckets[buckets.length - 1][1];
        mean = n == 0 ? Double.NaN : Distribution.mean(sum, n);
        std = Distribution.sampleStd(sum, sumOfSquares, n);
    }

    @Override public String source() { return "records"; }
    @Override public long count() { return count; }
    @Override public double mean() { return mean; }
    @Override public double std() { return std; }
    @Override public long min() { return min; }
    @Override public long max() { return max; }

    /** The bucket key: monotonic in v; values ≤ 0 are their own buckets. */
    private String key() {
        return "CASE WHEN " + column + " <= 0 THEN " + column + " ELSE 1000000000000 + floor(ln(" + column + ") * " + BUCKETS_PER_E + ")::BIGINT END";
    }

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
        // cumulative counts per bucket, and for each rank the first value reaching its offset.
        StringJoiner where = new StringJoiner(" OR "), bid = new StringJoiner(" ", "CASE ", " END"), ranks = new StringJoiner(", ");
        for (int j : needed) {
            String range = column + " BETWEEN " + b[j][0] + " AND " + b[j][1];
            where.add("(" + range + ")");
            bid.add("WHEN " + range + " THEN " + j);
        }
        for (int i = 0; i < ps.length; i++) ranks.add("(" + i + ", " + bucketOf[i] + ", " + offset[i] + ")");
        String sql = "WITH cnt AS (SELECT " + bid + " AS bid, " + column + " AS v, count(*) AS c FROM " + table + " WHERE " + where + " GROUP BY 1, 2),"
                + " cum AS (SELECT bid, v, sum(c) OVER (PARTITION BY bid ORDER BY v ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW) AS cum FROM cnt)"
                + " SELECT q.i, cum.v FROM (VALUES " + ranks + ") q(i, bid, off) ASOF JOIN cum ON q.bid = cum.bid AND cum.cum >= q.off";
        for (Object[] r : db.rows(sql)) out[(int) Db.asLong(r[0])] = Db.asLong(r[1]);
        return out;
    }
}
