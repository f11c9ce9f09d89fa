package dev.evperf.core.data;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class EventPoolTest {

    @Test
    void contiguousCopiesEveryRowAndKeepsItsValues() {
        Object[] a = {0L, "x", 1.5}, b = {0L, "y", 2.5};
        Object[][] pool = {a, b};

        EventPool.contiguous(pool);

        // New arrays (laid out anew), the same values in the same order: the events do not change.
        assertThat(pool[0]).isNotSameAs(a).containsExactly(a);
        assertThat(pool[1]).isNotSameAs(b).containsExactly(b);
        assertThat(pool[1][1]).isSameAs(b[1]);
    }
}
