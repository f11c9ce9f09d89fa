package dev.evperf.analysis.stats;

import com.fasterxml.jackson.annotation.JsonValue;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The units a metric is compared on: values close enough to independent that their count is a
 * fair sample size. One event's processing time is not such a value: consecutive events share the
 * JVM's state (JIT, heap, caches, the machine's other load), so the per-event series of a trial
 * drifts, and a test over its half a million values reports a difference of a few nanoseconds as
 * certain.
 * <ul>
 * <li>{@link Kind#TRIAL}: one unit per trial (its own JVM), when both runs have at least two
 *     trials of the configuration (repetitions). The location is the mean of the trials' medians;
 *     the spread between the trials is the run-to-run spread itself.</li>
 * <li>{@link Kind#BLOCK}: otherwise, each trial's series (in the order the values arose) cut into
 *     consecutive blocks of one length, the smallest of 1, 2, 4, … values from which on the lag-1
 *     autocorrelation of the block medians is at most {@value #MAX_LAG1} (or 1.96/√k for k blocks,
 *     where that is wider) at every longer length that still leaves {@value #MIN_BLOCKS} blocks
 *     per trial (a drifting series keeps coarse blocks correlated, so each coarser length is
 *     checked too). When no length gets there, the longest is used and the interval is widened by
 *     the AR(1) factor √((1 + r) / (1 − r)) for the autocorrelation r that remains
 *     ({@link #inflation}). The location is the median of all the values, as {@code summary}
 *     gives it; the blocks are what a bootstrap resamples (a trial's last, partial block is left
 *     out of them). Blocks cannot show the spread between JVMs: one trial per run tells nothing
 *     about it.</li>
 * </ul>
 *
 * @param length  values per block (0 for trial units)
 * @param series  the trials' values, in the order they arose
 * @param medians per unit, the median of its values (nearest rank)
 * @param lag1    lag-1 autocorrelation of consecutive block medians within a trial, over all
 *                trials (NaN for trial units or fewer than three blocks)
 * @param median  the location: the mean of the trials' medians, or the median of all values
 * @param mean    the mean of the trials' means, or of all values
 */
public record Units(
        Kind kind, int length, List<double[]> series, double[] medians, double lag1, double median, double mean) {
    /** Most lag-1 autocorrelation of block medians taken as independent. */
    public static final double MAX_LAG1 = 0.2;
    /** Fewest blocks per trial; below it a block length is not considered. */
    public static final int MIN_BLOCKS = 10;
    /** The widening factor's ceiling (r = 0.9). */
    static final double MAX_INFLATION = Math.sqrt(1.9 / 0.1);

    public enum Kind {
        TRIAL("trial"),
        BLOCK("block");

        private final String key;

        Kind(String key) {
            this.key = key;
        }

        @JsonValue
        public String key() {
            return key;
        }
    }

    public int count() {
        return medians.length;
    }

    public int trials() {
        return series.size();
    }

    /** The values the units hold, as many as {@code summary} counts. */
    public long values() {
        long n = 0;
        for (double[] s : series) n += s.length;
        return n;
    }

    /**
     * How much wider than for independent units the interval must be, for the autocorrelation left
     * between blocks: √((1 + r) / (1 − r)) for r = lag1 &gt; 0 (capped at r = 0.9), else 1.
     */
    public double inflation() {
        if (kind == Kind.TRIAL || !(lag1 > 0)) return 1;
        double r = Math.min(lag1, 0.9);
        return Math.min(MAX_INFLATION, Math.sqrt((1 + r) / (1 - r)));
    }

    /** One unit per trial. */
    public static Units ofTrials(List<double[]> series) {
        List<double[]> nonEmpty = series.stream().filter(s -> s.length > 0).toList();
        double[] med = new double[nonEmpty.size()], mean = new double[nonEmpty.size()];
        for (int i = 0; i < med.length; i++) {
            med[i] = Describe.median(nonEmpty.get(i));
            mean[i] = Describe.mean(nonEmpty.get(i));
        }
        return new Units(Kind.TRIAL, 0, nonEmpty, med, Double.NaN, Describe.mean(med), Describe.mean(mean));
    }

    /** Blocks of {@code length} consecutive values of each trial. */
    public static Units ofBlocks(List<double[]> series, int length) {
        if (length < 1) throw new IllegalArgumentException("block length must be >= 1, got " + length);
        double num = 0, den = 0;
        for (double[] s : series) {
            double[] sums = lag1Sums(blockMedians(s, length));
            num += sums[0];
            den += sums[1];
        }
        double[] all = pooled(series);
        return new Units(
                Kind.BLOCK,
                length,
                series,
                medians(series, length),
                den > 0 ? num / den : Double.NaN,
                Describe.median(all),
                Describe.mean(all));
    }

    /** The medians of every trial's whole blocks of {@code length} values, trial after trial. */
    public static double[] medians(List<double[]> series, int length) {
        double[][] per = new double[series.size()][];
        for (int i = 0; i < per.length; i++) per[i] = blockMedians(series.get(i), length);
        return pooled(Arrays.asList(per));
    }

    /**
     * The length of the segments whose medians give a block comparison its spread: a tenth
     * ({@link #MIN_BLOCKS}) of the shortest trial, or the block length when that is longer. Each
     * segment's median is a run's location over a stretch of its JVM's life; how far these wander
     * is what stands in for the run-to-run spread that one trial per run cannot show (short blocks
     * would also count the noise of their own few values).
     */
    public static int segmentLength(List<double[]> series, int blockLength) {
        int shortest =
                series.stream().mapToInt(s -> s.length).filter(n -> n > 0).min().orElse(0);
        return Math.max(blockLength, Math.max(1, shortest / MIN_BLOCKS));
    }

    static double[] pooled(List<double[]> series) {
        double[] all = new double[series.stream().mapToInt(v -> v.length).sum()];
        int k = 0;
        for (double[] v : series) {
            System.arraycopy(v, 0, all, k, v.length);
            k += v.length;
        }
        return all;
    }

    /**
     * The block length for a comparison, one for all its trials so that both runs' units are
     * alike: the longest any trial needs, each trial's the smallest power of two from which on
     * block medians show lag-1 autocorrelation of at most {@link #threshold} at every coarser
     * length with {@link #MIN_BLOCKS} blocks; but no longer than leaves the shortest trial
     * {@link #MIN_BLOCKS} blocks (the autocorrelation the longer trials keep then widens their
     * interval). 1 for trials too short to have {@link #MIN_BLOCKS} blocks of 2.
     */
    public static int blockLength(List<double[]> series) {
        int length = 1, most = Integer.MAX_VALUE;
        for (double[] s : series) {
            if (s.length == 0) continue;
            length = Math.max(length, blockLength(s));
            most = Math.min(most, Math.max(1, s.length / MIN_BLOCKS));
        }
        return Math.min(length, most);
    }

    static int blockLength(double[] s) {
        List<Integer> lengths = new ArrayList<>();
        for (int l = 1; s.length / l >= MIN_BLOCKS; l *= 2) lengths.add(l);
        if (lengths.isEmpty()) return 1;
        int chosen = lengths.get(lengths.size() - 1);
        // From the coarsest length down: the first that is correlated ends the run of clean ones.
        for (int i = lengths.size() - 1; i >= 0; i--) {
            double[] m = blockMedians(s, lengths.get(i));
            if (lag1(m) > threshold(m.length)) break;
            chosen = lengths.get(i);
        }
        return chosen;
    }

    /**
     * The lag-1 autocorrelation above which k blocks count as correlated: {@link #MAX_LAG1}, or the
     * 95 % bound of an uncorrelated series' estimate (1.96 / √k) where few blocks make that wider,
     * so that the noise of a short series' estimate alone does not coarsen the blocks.
     */
    static double threshold(int k) {
        return Math.max(MAX_LAG1, 1.96 / Math.sqrt(k));
    }

    /** Medians of the whole blocks of {@code length} values. */
    static double[] blockMedians(double[] s, int length) {
        int k = s.length / length;
        double[] out = new double[k];
        double[] buf = new double[length];
        for (int b = 0; b < k; b++) {
            System.arraycopy(s, b * length, buf, 0, length);
            out[b] = Describe.select(buf, Describe.rankIndex(length, 0.5));
        }
        return out;
    }

    /** Lag-1 autocorrelation; NaN below three values or without variation. */
    static double lag1(double[] v) {
        double[] sums = lag1Sums(v);
        return sums[1] > 0 ? sums[0] / sums[1] : Double.NaN;
    }

    /** {Σ (v_i − m)(v_{i−1} − m), Σ (v_i − m)²} around the series' own mean m; zeros below three values. */
    private static double[] lag1Sums(double[] v) {
        if (v.length < 3) return new double[2];
        double m = Describe.mean(v), num = 0, den = 0;
        for (int i = 0; i < v.length; i++) {
            den += (v[i] - m) * (v[i] - m);
            if (i > 0) num += (v[i] - m) * (v[i - 1] - m);
        }
        return new double[] {num, den};
    }
}
