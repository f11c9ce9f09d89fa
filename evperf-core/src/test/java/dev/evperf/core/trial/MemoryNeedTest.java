package dev.evperf.core.trial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MemoryNeedTest {
    @Test
    void theNeedIsTheChunksInTheCycleNotTheEventsOfTheRun() {
        // 8 chunks of 64 Ki events × 40 B, 8 output chunks of 64 Ki slots × 27 B, 4 MiB after the run
        long unbatched = MemoryNeed.bytes(8, 65536, 4, false, 8, 65536);
        assertThat(unbatched).isEqualTo(8L * 65536 * 40 + 8L * 65536 * 27 + (4L << 20));
        // Batched events are made ahead and held in their chunk: Object[4] (32 B), a boxed seq (16 B), a wrapper (32 B).
        assertThat(MemoryNeed.bytes(8, 65536, 4, true, 8, 65536) - unbatched).isEqualTo(8L * 65536 * 80);
        // Small trials get small chunks.
        assertThat(MemoryNeed.bytes(8, 1000, 4, false, 8, 2048)).isEqualTo(8L * 1000 * 40 + 8L * 2048 * 27 + (4L << 20));
    }

    @Test
    void aTrialThatCannotFitFailsWithWhatToChange() {
        MemoryNeed.check(1000, 1000); // fits exactly
        assertThatThrownBy(() -> MemoryNeed.check(40L << 20, 16L << 20))
                .isInstanceOf(TrialFailure.class)
                .hasMessage("the trial's records in flight need at least 40.0 MiB of heap (chunks of events and outputs between the senders"
                        + " and the records writer), but the trial JVM has 16.0 MiB (-Xmx): raise it with trial.jvm: [-Xmx...]");
    }
}
