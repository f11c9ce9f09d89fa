package dev.evperf.suites.pairs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class SfSweepTest {

    @Test
    void doublesThenBisectsToTheLargestPassingSf() throws Exception {
        SfSweep.Outcome o = SfSweep.search(1, 64, sf -> sf <= 5);
        assertThat(o.largestPassed()).isEqualTo(5);
        assertThat(o.tried()).containsExactly(1, 2, 4, 8, 6, 5);
    }

    @Test
    void stopsAtTheCapWhenEverythingPasses() throws Exception {
        SfSweep.Outcome o = SfSweep.search(1, 10, sf -> true);
        assertThat(o.largestPassed()).isEqualTo(10);
        assertThat(o.tried()).containsExactly(1, 2, 4, 8, 10);
    }

    @Test
    void aFailingStartLooksBelowIt() throws Exception {
        assertThat(SfSweep.search(4, 10, sf -> sf <= 2).tried()).containsExactly(4, 2, 3);
        assertThat(SfSweep.search(4, 10, sf -> sf <= 2).largestPassed()).isEqualTo(2);
        assertThat(SfSweep.search(1, 10, sf -> false).largestPassed()).isZero();
        assertThat(SfSweep.search(1, 10, sf -> false).tried()).containsExactly(1);
    }

    @Test
    void rejectsAnEmptyRange() {
        assertThatThrownBy(() -> SfSweep.search(5, 4, sf -> true)).isInstanceOf(IllegalArgumentException.class);
    }
}
