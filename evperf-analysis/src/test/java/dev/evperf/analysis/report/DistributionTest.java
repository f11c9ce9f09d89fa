package dev.evperf.analysis.report;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.evperf.analysis.sql.Db;
import dev.evperf.analysis.sql.Dist;
import dev.evperf.analysis.sql.Distribution;
import dev.evperf.results.Percentiles;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Exact nearest-rank figures of both distribution kinds, against a sorted array. */
class DistributionTest {
    private static final double[] PS = {
        0, 0.1, 1, 10, 25, 33.3, 50, 66.7, 75, 90, 95, 99, 99.5, 99.9, 99.99, 99.999, 100
    };

    /** The nearest-rank rule, independently: the value at 1-based rank ⌈p·n/100⌉ (at least 1). */
    private static long nearestRank(long[] sorted, double p) {
        long rank = new java.math.BigDecimal(Double.toString(p))
                .multiply(java.math.BigDecimal.valueOf(sorted.length))
                .divide(java.math.BigDecimal.valueOf(100), 0, java.math.RoundingMode.CEILING)
                .longValueExact();
        return sorted[(int) Math.max(1, rank) - 1];
    }

    private static String values(long[] v) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < v.length; i++)
            b.append(i == 0 ? "(" : ", (").append(v[i]).append(')');
        return b.toString();
    }

    @Test
    void bothKindsAgreeWithTheRuleOnSkewedDataWithTiesZerosAndNegatives() throws Exception {
        Random r = new Random(42);
        long[] v = new long[20_000];
        for (int i = 0; i < v.length; i++) {
            double u = r.nextDouble();
            // a body of small integers with many ties, a heavy tail up to seconds, a few ≤ 0
            v[i] = u < 0.001
                    ? -r.nextInt(50)
                    : u < 0.9 ? 80 + r.nextInt(40) : (long) (1000 * Math.exp(r.nextDouble() * 14));
        }
        long[] sorted = v.clone();
        Arrays.sort(sorted);
        try (Db db = new Db()) {
            db.execute("CREATE TABLE t AS SELECT * FROM (VALUES " + values(v) + ") x(v)");
            Distribution d = Distribution.of(db, "d_t", "SELECT v FROM t");
            Distribution s = Distribution.ofColumn(db, "t", "v");
            long[] dp = d.percentiles(PS), sp = s.percentiles(PS);
            for (int i = 0; i < PS.length; i++) {
                assertThat(dp[i]).as("Distribution p%s", PS[i]).isEqualTo(nearestRank(sorted, PS[i]));
                assertThat(sp[i]).as("ofColumn p%s", PS[i]).isEqualTo(nearestRank(sorted, PS[i]));
            }
            double mean = Arrays.stream(v).average().orElseThrow();
            double ss =
                    Arrays.stream(v).mapToDouble(x -> (x - mean) * (x - mean)).sum();
            for (Dist x : new Dist[] {d, s}) {
                assertThat(x.count()).isEqualTo(v.length);
                assertThat(x.min()).isEqualTo(sorted[0]);
                assertThat(x.max()).isEqualTo(sorted[sorted.length - 1]);
                assertThat(x.mean()).isCloseTo(mean, within(1e-6 * Math.abs(mean)));
                assertThat(x.std()).isCloseTo(Math.sqrt(ss / (v.length - 1)), within(1e-6 * Math.sqrt(ss / v.length)));
            }
            long below = Arrays.stream(v).filter(x -> x < 100).count();
            assertThat(d.countBelow(100)).containsExactly(below);
        }
    }

    @Test
    void histogramBinsAreWholeNanosecondsAndCountEverything() throws Exception {
        try (Db db = new Db()) {
            db.execute("CREATE TABLE t AS SELECT * FROM (VALUES (1), (2), (2), (3), (10), (11), (25), (100)) x(v)");
            Distribution d = Distribution.of(db, "d_t", "SELECT v FROM t");
            Distribution.Histogram h = d.histogram(1, 25, 5);
            // span 25 ns in 5 bins of 5 ns: [1,6) [6,11) [11,16) [16,21) [21,26)
            assertThat(h.width()).isEqualTo(5);
            assertThat(h.counts()).containsExactly(4, 1, 1, 0, 1);
            assertThat(h.below()).isZero();
            assertThat(h.above()).isEqualTo(1);
            assertThat(h.total()).isEqualTo(8);
            // a span narrower than the bins asked: 1 ns bins, never fractions of a ns
            Distribution.Histogram narrow = d.histogram(1, 3, 100);
            assertThat(narrow.width()).isEqualTo(1);
            assertThat(narrow.counts()).containsExactly(1, 2, 1);
            assertThat(narrow.above()).isEqualTo(4);
        }
    }

    @Test
    void cdfEndsAtTheMaximumAndNeverDecreases() throws Exception {
        try (Db db = new Db()) {
            db.execute(
                    "CREATE TABLE t AS SELECT (CASE WHEN i % 10 = 0 THEN i * 1000 ELSE 50 + i % 7 END)::BIGINT AS v FROM range(1, 50001) r(i)");
            Distribution d = Distribution.of(db, "d_t", "SELECT v FROM t");
            List<Distribution.CdfPoint> small = d.cdf(100_000);
            assertThat(small).hasSize((int) d.distinct());
            List<Distribution.CdfPoint> c = d.cdf(200);
            assertThat(c.size()).isLessThanOrEqualTo(202);
            assertThat(c.get(0).v()).isEqualTo(d.min());
            assertThat(c.get(c.size() - 1)).isEqualTo(new Distribution.CdfPoint(d.max(), d.count()));
            for (int i = 1; i < c.size(); i++) {
                assertThat(c.get(i).v()).isGreaterThan(c.get(i - 1).v());
                assertThat(c.get(i).cum()).isGreaterThanOrEqualTo(c.get(i - 1).cum());
            }
        }
    }

    @Test
    void emptyDistributions() throws Exception {
        try (Db db = new Db()) {
            db.execute("CREATE TABLE t(v BIGINT)");
            Distribution d = Distribution.of(db, "d_t", "SELECT v FROM t");
            assertThat(d.count()).isZero();
            assertThat(d.percentiles(50)).containsExactly(0);
            assertThat(d.cdf(10)).isEmpty();
            Distribution s = Distribution.ofColumn(db, "t", "v");
            assertThat(s.count()).isZero();
            assertThat(s.percentiles(50, 99)).containsExactly(0, 0);
            assertThat(s.mean()).isNaN();
        }
    }

    @Test
    void rankIsExactWhereDoublesAreNot() {
        // 99.9 % of 1000 is rank 999 exactly (in doubles 99.9/100*1000 = 999.0000000000001)
        assertThat(Percentiles.rank(99.9, 1000)).isEqualTo(999);
        assertThat(Percentiles.rank(0, 5)).isEqualTo(1);
        assertThat(Percentiles.rank(50, 4)).isEqualTo(2);
        assertThat(Percentiles.rank(100, 7)).isEqualTo(7);
    }
}
