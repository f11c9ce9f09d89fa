package dev.evperf.core.trial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.evperf.core.records.RecordSpill;
import org.junit.jupiter.api.Test;

class MemoryNeedTest {
    @Test
    void theNeedIsTheChunksInTheCycleNotTheEventsOfTheRun() {
        // 8 chunks of 64 Ki events × 40 B (20 MiB) or, after the run when they are let go, 4 MiB of readers and
        // 3 × 16 open interval histograms of 270 848 B (values up to an hour); 8 output chunks of 64 Ki slots × 27 B.
        long afterRun = (4L << 20) + 3 * 16 * 270_848L;
        assertThat(MemoryNeed.INTERVALS).isEqualTo(3 * 16 * 270_848L);
        long unbatched = MemoryNeed.bytes(8, 65536, 4, false, 8, 65536, 0);
        assertThat(unbatched).isEqualTo(8L * 65536 * 40 + 8L * 65536 * 27);
        // Batched events are made ahead and held in their chunk: Object[4] (32 B), a boxed seq (16 B), a wrapper (32
        // B).
        assertThat(MemoryNeed.bytes(8, 65536, 4, true, 8, 65536, 0) - unbatched).isEqualTo(8L * 65536 * 80);
        // Small trials get small chunks: then the figures after the run are the larger part.
        assertThat(MemoryNeed.bytes(8, 1000, 4, false, 8, 2048, 0)).isEqualTo(afterRun + 8L * 2048 * 27);
        // 32 Ki-event chunks (10 MiB) are smaller than the after-run figures too (17 MiB).
        assertThat(MemoryNeed.bytes(8, 32768, 1, false, 8, 32768, 0)).isEqualTo(afterRun + 8L * 32768 * 27);
    }

    /**
     * What grows with the trial: the result files' row-group places, a few longs per 32 Ki events. For
     * 1 000 M events with two outputs each: 30 518 event groups of 9 columns, as many untimed-run groups of 2
     * (capacity mode) and burst groups of 7, 61 036 output groups of 6 (the spill and outputs.parquet), in 32 KiB
     * blocks.
     */
    @Test
    void theRowGroupPlacesAreCountedAndStaySmallForAThousandMillionEvents() {
        long n = 1_000_000_000L;
        long index = RecordSpill.indexBytes(n, 32768, false, 2 * n + 1024, 32768);
        long events = blocks(30518L * 28), runs = blocks(30518L * 7), bursts = blocks(30518L * 22);
        long outputs = blocks(61036L * 19);
        assertThat(index)
                .isBetween(
                        (events + runs + bursts + 2 * outputs) * (8L * 4096 + 16),
                        (events + runs + bursts + 2 * outputs + 5) * (8L * 4096 + 16));
        assertThat(index / (double) n).as("bytes per event").isLessThan(0.035); // Parquet's metadata objects held ~0.13
        assertThat(MemoryNeed.bytes(8, 32768, 4, false, 8, 32768, index)
                        - MemoryNeed.bytes(8, 32768, 4, false, 8, 32768, 0))
                .isEqualTo(index);
        // batched chunks may close early: up to twice as many event groups
        assertThat(RecordSpill.indexBytes(n, 32768, true, 2 * n + 1024, 32768)).isGreaterThan(index);
    }

    private static long blocks(long longs) {
        return (longs + 4095) / 4096;
    }

    @Test
    void aTrialThatCannotFitFailsWithWhatToChange() {
        MemoryNeed.check(1000, 1000); // fits exactly
        assertThatThrownBy(() -> MemoryNeed.check(40L << 20, 16L << 20))
                .isInstanceOf(TrialFailure.class)
                .hasMessage(
                        "the trial's records in flight need at least 40.0 MiB of heap (chunks of events and outputs between the senders"
                                + " and the records writer), but the trial JVM has 16.0 MiB (-Xmx): raise it with trial.jvm: [-Xmx...]");
    }
}
