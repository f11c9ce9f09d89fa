package dev.evperf.core;

import static org.assertj.core.api.Assertions.assertThat;

import dev.evperf.core.trial.SustainSearch;
import org.junit.jupiter.api.Test;

class SustainSearchTest {
    /** A simulated engine of capacity c: sustains any rate ≤ c; above it, achieves c (± noise). */
    static SustainSearch search(double capacity, double noise, int maxProbes) {
        SustainSearch s = new SustainSearch(1000, 4, 0.02, maxProbes);
        Double r;
        while ((r = s.next()) != null) {
            boolean ok = r <= capacity;
            s.record(new SustainSearch.Probe(r, ok, ok ? r : capacity * (1 + noise), ok ? "" : "behind"));
        }
        return s;
    }

    @Test
    void findsTheCapacityWithinThePrecisionInFewProbes() {
        for (double capacity : new double[] {1500, 9_990, 123_456, 900_000, 4_500_000}) {
            SustainSearch s = search(capacity, 0, 10);
            assertThat(s.done()).as("capacity %s", capacity).isTrue();
            assertThat(s.sustainable()).isLessThanOrEqualTo(capacity).isGreaterThan(capacity * 0.98);
            assertThat(s.probes().size()).isLessThanOrEqualTo(10);
        }
    }

    @Test
    void aNoisyEstimateFallsBackToBisection() {
        // The saturated rate reads 5 % high: the probes around it both fail, bisection finishes.
        SustainSearch s = search(200_000, 0.05, 30);
        assertThat(s.done()).isTrue();
        assertThat(s.sustainable()).isLessThanOrEqualTo(200_000).isGreaterThan(200_000 * 0.98);
    }

    @Test
    void goesDownWhenEvenTheStartFails() {
        SustainSearch s = search(300, 0, 20);
        assertThat(s.sustainable()).isLessThanOrEqualTo(300).isGreaterThan(300 * 0.98);
        assertThat(s.probes().get(1).rate()).isEqualTo(250); // 1000 / 4
    }

    @Test
    void stopsWhenTheProbesAreUsedUp() {
        SustainSearch s = search(1e9, 0, 3);
        assertThat(s.probes()).hasSize(3);
        assertThat(s.done()).isFalse();
        assertThat(s.sustainable()).isEqualTo(16_000);
    }
}
