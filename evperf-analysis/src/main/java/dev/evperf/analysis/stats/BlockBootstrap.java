package dev.evperf.analysis.stats;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The block bootstrap of two samples of {@link Units.Kind#BLOCK block units}: each resample draws
 * as many whole blocks as the sample has, with replacement, and takes the median and the mean of
 * the values drawn; the interval of b − a is the (1−level)/2 and (1+level)/2 quantiles of the
 * resampled differences (percentile bootstrap, seeded). Resampling whole blocks keeps the
 * dependence within a block; each sample's resampled deviation from its estimate is widened by
 * its {@link Units#inflation} for the dependence left between blocks. The estimates are the
 * samples' own median (nearest rank) and mean of all their values.
 *
 * <p>The median of a resample is the nearest-rank median of the drawn values, repeated blocks
 * counted as often as drawn. For long blocks each block is sorted once and the median found by
 * bisecting the sorted values of all blocks, counting per drawn block the values at or below: no
 * resample is copied, and half a million values in a dozen blocks cost microseconds per
 * resample. Short blocks (many of them) are copied and the median selected, which is then cheaper.
 */
public final class BlockBootstrap {
    private BlockBootstrap() {}

    public static Bootstrap.Difference difference(Units a, Units b, int resamples, double level, long seed) {
        if (a.kind() != Units.Kind.BLOCK || b.kind() != Units.Kind.BLOCK)
            throw new IllegalArgumentException("block units only");
        if (a.count() == 0 || b.count() == 0)
            throw new IllegalArgumentException("bootstrap needs blocks in both samples");
        if (resamples < 1) throw new IllegalArgumentException("resamples must be >= 1, got " + resamples);
        if (!(level > 0 && level < 1)) throw new IllegalArgumentException("level must be in (0, 1), got " + level);
        SplittableRandom rnd = new SplittableRandom(seed);
        Sample sa = new Sample(a), sb = new Sample(b);
        double[] means = new double[resamples], medians = new double[resamples];
        for (int r = 0; r < resamples; r++) {
            sa.draw(rnd);
            sb.draw(rnd);
            means[r] = sb.widened(sb.mean(), b.mean()) - sa.widened(sa.mean(), a.mean());
            medians[r] = sb.widened(sb.median(), b.median()) - sa.widened(sa.median(), a.median());
        }
        return new Bootstrap.Difference(
                Bootstrap.interval(b.mean() - a.mean(), means, level),
                Bootstrap.interval(b.median() - a.median(), medians, level),
                resamples,
                level,
                seed);
    }

    /**
     * Blocks shorter than this are copied into each resample: bisection costs about
     * log2(n) · log2(L) per block against L per block for copying and selecting.
     */
    static final int COPY_BELOW = 64;

    /** One sample's blocks, each sorted, with their sums, and the count of each in the current resample. */
    private static final class Sample {
        final double[][] blocks;
        final double[] sums;
        final double[] all;
        final int[] drawn;
        /** Values of the current resample, for short blocks ({@link #COPY_BELOW}); null otherwise. */
        final double[] copy;

        final int length;
        final double widen;
        /** 1-based rank of the nearest-rank median among the values of one resample. */
        final int rank;

        Sample(Units u) {
            length = u.length();
            widen = u.inflation();
            blocks = new double[u.count()][];
            sums = new double[u.count()];
            int k = 0;
            for (double[] s : u.series()) {
                for (int from = 0; from + length <= s.length; from += length) {
                    double[] blk = Arrays.copyOfRange(s, from, from + length);
                    Arrays.sort(blk);
                    for (double v : blk) sums[k] += v;
                    blocks[k++] = blk;
                }
            }
            all = new double[k * length];
            for (int i = 0; i < k; i++) System.arraycopy(blocks[i], 0, all, i * length, length);
            Arrays.sort(all);
            drawn = new int[k];
            rank = Describe.rankIndex(k * length, 0.5) + 1;
            copy = length < COPY_BELOW ? new double[k * length] : null;
        }

        void draw(SplittableRandom rnd) {
            Arrays.fill(drawn, 0);
            for (int i = 0; i < blocks.length; i++) drawn[rnd.nextInt(blocks.length)]++;
        }

        double mean() {
            double s = 0;
            for (int i = 0; i < blocks.length; i++) s += drawn[i] * sums[i];
            return s / ((double) blocks.length * length);
        }

        /** The smallest value with at least {@link #rank} drawn values at or below it. */
        double median() {
            if (copy != null) {
                int at = 0;
                for (int i = 0; i < blocks.length; i++) {
                    for (int c = 0; c < drawn[i]; c++, at += length) System.arraycopy(blocks[i], 0, copy, at, length);
                }
                return Describe.select(copy, rank - 1);
            }
            int lo = 0, hi = all.length - 1;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (atOrBelow(all[mid]) >= rank) hi = mid;
                else lo = mid + 1;
            }
            return all[lo];
        }

        private long atOrBelow(double v) {
            long n = 0;
            for (int i = 0; i < blocks.length; i++) if (drawn[i] > 0) n += (long) drawn[i] * upperBound(blocks[i], v);
            return n;
        }

        /** Values of the sorted block at or below v. */
        private static int upperBound(double[] sorted, double v) {
            int lo = 0, hi = sorted.length;
            while (lo < hi) {
                int mid = (lo + hi) >>> 1;
                if (sorted[mid] <= v) lo = mid + 1;
                else hi = mid;
            }
            return lo;
        }

        double widened(double resampled, double estimate) {
            return widen == 1 ? resampled : estimate + widen * (resampled - estimate);
        }
    }
}
