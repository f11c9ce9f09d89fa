package dev.evperf.ref.agg;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The sliding median and extremes against a brute-force window, with many equal values. */
class SlidingStateTest {

    @Test
    void medianAndExtremesMatchABruteForceWindow() {
        SplittableRandom random = new SplittableRandom(3);
        for (int window : new int[] {1, 2, 3, 10, 257}) {
            SlidingMedian median = new SlidingMedian();
            MonoDeque max = new MonoDeque(true);
            MonoDeque min = new MonoDeque(false);
            ArrayDeque<double[]> brute = new ArrayDeque<>();
            for (long pos = 0; pos < 20_000; pos++) {
                double v = random.nextInt(12); // few distinct values: ties across both heaps
                if (brute.size() == window) {
                    double[] old = brute.removeFirst();
                    median.remove(old[0]);
                    max.expire((long) old[1]);
                    min.expire((long) old[1]);
                }
                brute.addLast(new double[] {v, pos});
                median.add(v);
                max.add(v, pos);
                min.add(v, pos);
                double[] sorted = brute.stream().mapToDouble(x -> x[0]).sorted().toArray();
                int n = sorted.length;
                double expected = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
                assertThat(median.median()).as("window %d at %d", window, pos).isEqualTo(expected);
                assertThat(max.extreme()).isEqualTo(sorted[n - 1]);
                assertThat(min.extreme()).isEqualTo(sorted[0]);
            }
        }
    }

    @Test
    void countsSurviveDeletionsInsideProbeChains() {
        LongCounts counts = new LongCounts();
        long[] keys = new long[5000];
        SplittableRandom random = new SplittableRandom(5);
        for (int i = 0; i < keys.length; i++) {
            keys[i] = random.nextLong(300);
            counts.increment(keys[i]);
        }
        long[] sorted = keys.clone();
        Arrays.sort(sorted);
        for (long k : sorted) assertThat(counts.decrementIfPresent(k)).isTrue();
        for (long k = 0; k < 300; k++) assertThat(counts.decrementIfPresent(k)).isFalse();
    }
}
