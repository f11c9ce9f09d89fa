package dev.evperf.ref.agg;

import dev.evperf.suites.spec.Aggregate;
import java.util.Arrays;

/**
 * The aggregate state of one windowed query, per group, in arrays indexed by group: the count, and
 * per argument the running sum (SUM, AVG, STDDEV) and sum of squares (STDDEV), a monotonic deque
 * (MAX, MIN) and a two-heap median (MEDIAN), each kept only when a function needs it. Sums are
 * subtractable, so a sliding window costs O(1) per event for them; the deques are amortised O(1),
 * the median O(log n).
 *
 * <p>Values are those of the spec's reference model: STDDEV is the population deviation from the
 * running sums (0 for one value), MEDIAN of an even count the mean of the middle two, and a group
 * that empties starts its next life with sums of exactly 0 (no rounding drift carried over).
 */
public final class Aggregates {
    private final Aggregate[] functions;
    private final int[] argOf;
    private final boolean[] sums;
    private final boolean[] squares;
    private final boolean[] maxes;
    private final boolean[] mins;
    private final boolean[] medians;
    private int capacity = 16;
    private long[] count = new long[capacity];
    private final double[][] sum;
    private final double[][] sumSq;
    private final MonoDeque[][] max;
    private final MonoDeque[][] min;
    private final SlidingMedian[][] median;

    /**
     * @param functions the query's aggregates, in select order
     * @param argOf     for each, the argument it reads (an index into the values passed to add); COUNT's is ignored
     * @param args      how many distinct arguments there are
     */
    public Aggregates(Aggregate[] functions, int[] argOf, int args) {
        this.functions = functions.clone();
        this.argOf = argOf.clone();
        sums = new boolean[args];
        squares = new boolean[args];
        maxes = new boolean[args];
        mins = new boolean[args];
        medians = new boolean[args];
        for (int i = 0; i < functions.length; i++) {
            int a = argOf[i];
            switch (functions[i]) {
                case SUM, AVG -> sums[a] = true;
                case STDDEV -> {
                    sums[a] = true;
                    squares[a] = true;
                }
                case MAX -> maxes[a] = true;
                case MIN -> mins[a] = true;
                case MEDIAN -> medians[a] = true;
                case COUNT -> {}
            }
        }
        sum = new double[args][];
        sumSq = new double[args][];
        max = new MonoDeque[args][];
        min = new MonoDeque[args][];
        median = new SlidingMedian[args][];
        for (int a = 0; a < args; a++) {
            if (sums[a]) sum[a] = new double[capacity];
            if (squares[a]) sumSq[a] = new double[capacity];
            if (maxes[a]) max[a] = new MonoDeque[capacity];
            if (mins[a]) min[a] = new MonoDeque[capacity];
            if (medians[a]) median[a] = new SlidingMedian[capacity];
        }
    }

    /** An event of group {@code g} with argument values {@code v} enters the window at {@code position}. */
    public void add(int g, double[] v, long position) {
        if (g >= capacity) grow(g);
        count[g]++;
        for (int a = 0; a < sum.length; a++) {
            double x = v[a];
            if (sums[a]) sum[a][g] += x;
            if (squares[a]) sumSq[a][g] += x * x;
            if (maxes[a]) deque(max[a], g, true).add(x, position);
            if (mins[a]) deque(min[a], g, false).add(x, position);
            if (medians[a]) median(a, g).add(x);
        }
    }

    /** The event of group {@code g} at {@code position}, with values {@code v}, leaves the window. */
    public void remove(int g, double[] v, long position) {
        long n = --count[g];
        for (int a = 0; a < sum.length; a++) {
            double x = v[a];
            if (sums[a]) sum[a][g] = n == 0 ? 0 : sum[a][g] - x;
            if (squares[a]) sumSq[a][g] = n == 0 ? 0 : sumSq[a][g] - x * x;
            if (maxes[a]) max[a][g].expire(position);
            if (mins[a]) min[a][g].expire(position);
            if (medians[a]) median[a][g].remove(x);
        }
    }

    /** Empties group {@code g} (a tumbling window closed). */
    public void reset(int g) {
        if (g >= capacity) return;
        count[g] = 0;
        for (int a = 0; a < sum.length; a++) {
            if (sums[a]) sum[a][g] = 0;
            if (squares[a]) sumSq[a][g] = 0;
            if (maxes[a] && max[a][g] != null) max[a][g].clear();
            if (mins[a] && min[a][g] != null) min[a][g].clear();
            if (medians[a] && median[a][g] != null) median[a][g].clear();
        }
    }

    public long count(int g) {
        return g < capacity ? count[g] : 0;
    }

    /** Aggregate {@code i}'s value for group {@code g}, boxed: COUNT a Long, the others a Double. */
    public Object value(int i, int g) {
        if (functions[i] == Aggregate.COUNT) return count[g];
        return number(i, g);
    }

    /** Aggregate {@code i}'s value for group {@code g} (COUNT as a double). */
    public double number(int i, int g) {
        int a = argOf[i];
        long n = count[g];
        return switch (functions[i]) {
            case COUNT -> n;
            case SUM -> sum[a][g];
            case AVG -> sum[a][g] / n;
            case MAX -> max[a][g].extreme();
            case MIN -> min[a][g].extreme();
            case MEDIAN -> median[a][g].median();
            case STDDEV -> n == 1 ? 0.0 : Math.sqrt(Math.max(0, (sumSq[a][g] - sum[a][g] * sum[a][g] / n) / n));
        };
    }

    private static MonoDeque deque(MonoDeque[] d, int g, boolean max) {
        MonoDeque q = d[g];
        if (q == null) d[g] = q = new MonoDeque(max);
        return q;
    }

    private SlidingMedian median(int a, int g) {
        SlidingMedian m = median[a][g];
        if (m == null) median[a][g] = m = new SlidingMedian();
        return m;
    }

    private void grow(int g) {
        int c = Math.max(capacity * 2, g + 1);
        count = Arrays.copyOf(count, c);
        for (int a = 0; a < sum.length; a++) {
            if (sums[a]) sum[a] = Arrays.copyOf(sum[a], c);
            if (squares[a]) sumSq[a] = Arrays.copyOf(sumSq[a], c);
            if (maxes[a]) max[a] = Arrays.copyOf(max[a], c);
            if (mins[a]) min[a] = Arrays.copyOf(min[a], c);
            if (medians[a]) median[a] = Arrays.copyOf(median[a], c);
        }
        capacity = c;
    }
}
