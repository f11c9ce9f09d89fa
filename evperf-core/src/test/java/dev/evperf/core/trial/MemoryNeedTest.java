package dev.evperf.core.trial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class MemoryNeedTest {
    @Test
    void perEventAndPerOutputSlotBytes() {
        // 1 field: schedule 20 + send times 16 + reference 4 + Object[1] 24 (16 + 4, aligned) + Long 16 = 80 B
        assertThat(MemoryNeed.bytes(1, 1, 0)).isEqualTo(80);
        // 4 fields: Object[4] = 16 + 16 = 32 B
        assertThat(MemoryNeed.bytes(1, 4, 0)).isEqualTo(88);
        assertThat(MemoryNeed.bytes(0, 4, 1)).isEqualTo(18);
        // 100 M events of 4 fields, 2 output slots each: 12.4 GB
        assertThat(MemoryNeed.bytes(100_000_000L, 4, 200_000_000L)).isEqualTo(100_000_000L * 88 + 200_000_000L * 18);
    }

    @Test
    void aTrialThatCannotFitFailsWithWhatToChange() {
        MemoryNeed.check(1000, 1000, 10); // fits exactly
        assertThatThrownBy(() -> MemoryNeed.check(3L << 30, 1L << 30, 30_000_000))
                .isInstanceOf(TrialFailure.class)
                .hasMessage("the trial's 30000000 events need at least 3.00 GiB of heap for their schedule, prepared events,"
                        + " send times and output records, but the trial JVM has 1.00 GiB (-Xmx): raise it with trial.jvm: [-Xmx...],"
                        + " shorten the load, or lower trial.outputs_per_input");
    }
}
