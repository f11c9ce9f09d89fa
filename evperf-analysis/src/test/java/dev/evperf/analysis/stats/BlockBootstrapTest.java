package dev.evperf.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class BlockBootstrapTest {
    @Test
    void resampledMediansCountRepeatedBlocksAsOftenAsDrawn() {
        // Two blocks, all ones and all threes: a resample's 10 values have median 1 unless both draws are the threes.
        Units a = Units.ofBlocks(List.of(new double[] {1, 1, 1, 1, 1, 3, 3, 3, 3, 3}), 5);
        Units one = Units.ofBlocks(List.of(new double[] {2, 2, 2, 2, 2}), 5);
        Bootstrap.Difference d = BlockBootstrap.difference(a, one, 4000, 0.95, 1);
        assertThat(d.median().estimate()).isEqualTo(1); // 2 − 1: the 5th of ten values is 1
        assertThat(d.median().lo()).isEqualTo(-1); // 2 − 3, a quarter of the resamples
        assertThat(d.median().hi()).isEqualTo(1);
        assertThat(d.mean().estimate()).isEqualTo(0);
        assertThat(d.mean().lo()).isEqualTo(-1);
        assertThat(d.mean().hi()).isEqualTo(1);
        // One block is always drawn whole: its median and mean, no spread.
        assertThat(BlockBootstrap.difference(one, one, 100, 0.95, 1).median())
                .isEqualTo(new Bootstrap.Interval(0, 0, 0));
    }

    @Test
    void blocksKeepTheirCoverageOnAutocorrelatedSeriesWhereSingleValuesLoseIt() {
        Random r = new Random(21);
        int blocks = 0, singles = 0, experiments = 100;
        for (int e = 0; e < experiments; e++) {
            double[] a = Series.ar1(r, 4000, 50, 0.95, 1), b = Series.ar1(r, 4000, 50, 0.95, 1);
            int length = Units.blockLength(List.of(a, b));
            if (BlockBootstrap.difference(
                            Units.ofBlocks(List.of(a), length), Units.ofBlocks(List.of(b), length), 400, 0.95, e)
                    .median()
                    .contains(0)) blocks++;
            // what compare did before: every value an independent draw
            if (Bootstrap.difference(a, b, 400, 0.95, e, Bootstrap.DEFAULT_MAX_DRAW)
                    .median()
                    .contains(0)) singles++;
        }
        assertThat(blocks)
                .as("95 %% intervals over blocks containing the true difference 0")
                .isGreaterThanOrEqualTo(85);
        assertThat(singles).as("the same over single values").isLessThan(50);
    }

    @Test
    void shortAndLongBlocksFindTheSameMedians() {
        // Blocks of 32 are copied into each resample, blocks of 64 bisected; both must agree with a direct computation.
        Random r = new Random(8);
        double[] v = Series.normal(r, 640, 0, 1);
        for (int length : new int[] {32, 64}) {
            Units u = Units.ofBlocks(List.of(v), length);
            Bootstrap.Difference d = BlockBootstrap.difference(u, u, 50, 0.95, 3);
            assertThat(d.median().estimate()).isZero();
            // A sample against itself: every resampled difference is a difference of two resampled medians, each
            // one of v's values, so the interval's ends lie within v's range around 0.
            assertThat(d.median().lo()).isBetween(-1.0, 0.0);
            assertThat(d.median().hi()).isBetween(0.0, 1.0);
        }
    }

    @Test
    void sameSeedSameInterval() {
        Random r = new Random(5);
        Units a = Units.ofBlocks(List.of(Series.normal(r, 1000, 0, 1)), 10),
                b = Units.ofBlocks(List.of(Series.normal(r, 1000, 0, 1)), 10);
        assertThat(BlockBootstrap.difference(a, b, 300, 0.99, 7))
                .isEqualTo(BlockBootstrap.difference(a, b, 300, 0.99, 7));
    }
}
