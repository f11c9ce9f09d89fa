package dev.evperf.analysis.stats;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.data.Offset.offset;

import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class UnitsTest {
    @Test
    void independentValuesNeedNoLongBlocks() {
        double[] v = Series.normal(new Random(1), 20_000, 100, 5);
        int length = Units.blockLength(List.of(v));
        assertThat(length).isLessThanOrEqualTo(4);
        Units u = Units.ofBlocks(List.of(v), length);
        assertThat(u.inflation()).isLessThan(1.1);
    }

    @Test
    void autocorrelatedValuesGetBlocksLongEnoughToBeIndependent() {
        double[] v = Series.ar1(new Random(2), 40_000, 100, 0.9, 1);
        int length = Units.blockLength(List.of(v));
        // Medians of blocks of an AR(1) with φ = 0.9 decorrelate from about 32 values on (lag-1 0.14 at 32, 0.35 at
        // 16);
        // the estimate's noise at the coarsest lengths may ask for longer ones, never shorter.
        assertThat(length).isGreaterThanOrEqualTo(32);
        Units u = Units.ofBlocks(List.of(v), length);
        assertThat(u.lag1()).isLessThan(0.5);
        assertThat(Units.lag1(v)).isGreaterThan(0.85);
    }

    @Test
    void aDriftingSeriesGetsTheLongestBlocksAndAWiderInterval() {
        double[] v = Series.drifting(new Random(3), 50_000, 100, 0, 1, 1);
        int length = Units.blockLength(List.of(v));
        assertThat(length).isEqualTo(4096); // the longest power of two leaving 10 blocks of 50 000
        Units u = Units.ofBlocks(List.of(v), length);
        assertThat(u.count()).isEqualTo(12);
        assertThat(u.lag1()).isGreaterThan(Units.MAX_LAG1);
        assertThat(u.inflation()).isEqualTo(Math.sqrt((1 + u.lag1()) / (1 - u.lag1())), offset(1e-12));
    }

    @Test
    void oneLengthForAllTrialsNoLongerThanTheShortestAllows() {
        Random r = new Random(4);
        double[] longOne = Series.drifting(r, 50_000, 100, 0, 1, 1), shortOne = Series.drifting(r, 200, 100, 0, 1, 1);
        assertThat(Units.blockLength(List.of(longOne, shortOne))).isEqualTo(20);
        assertThat(Units.blockLength(List.of(new double[] {1, 2, 3}))).isEqualTo(1);
        assertThat(Units.segmentLength(List.of(longOne, shortOne), 20)).isEqualTo(20);
        assertThat(Units.segmentLength(List.of(longOne), 8)).isEqualTo(5000);
    }

    @Test
    void blocksAreConsecutiveWholeBlocksAndTheLocationIsTheMedianOfAllValues() {
        Units u = Units.ofBlocks(List.of(new double[] {5, 1, 3, 2, 9, 4, 7}), 3);
        assertThat(u.kind()).isEqualTo(Units.Kind.BLOCK);
        assertThat(u.medians()).containsExactly(3, 4); // the partial block [7] is not a unit
        assertThat(u.values()).isEqualTo(7); // but its value counts, as in summary
        assertThat(u.median()).isEqualTo(4); // nearest rank: the 4th of 1 2 3 4 5 7 9
        assertThat(u.mean()).isCloseTo(31 / 7.0, offset(1e-12));
        assertThat(u.lag1()).isNaN(); // two blocks say nothing about autocorrelation
        assertThat(u.inflation()).isEqualTo(1);
    }

    @Test
    void trialUnitsAreTheTrialsMedians() {
        Units u = Units.ofTrials(List.of(new double[] {1, 2, 3}, new double[] {10, 20, 30, 40}, new double[0]));
        assertThat(u.kind()).isEqualTo(Units.Kind.TRIAL);
        assertThat(u.medians()).containsExactly(2, 20);
        assertThat(u.median()).isEqualTo(11);
        assertThat(u.mean()).isEqualTo((2 + 25) / 2.0);
        assertThat(u.trials()).isEqualTo(2);
        assertThat(u.values()).isEqualTo(7);
        assertThat(u.inflation()).isEqualTo(1);
    }
}
