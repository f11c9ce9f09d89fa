package dev.evperf.core.trial;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The live line shown in place on a terminal: plain characters, no escape codes. */
class LiveLineInPlaceTest {
    @Test
    void aLineIsReplacedByCarriageReturnAndBlanksOnly() {
        String first = TrialWait.overwrite("", "  t001 t=1.00s sent=100");
        assertThat(first).isEqualTo("\r  t001 t=1.00s sent=100");
        // A shorter line blanks out the rest of the longer one.
        String second = TrialWait.overwrite("  t001 t=1.00s sent=100", "  t001 t=2s");
        assertThat(second).isEqualTo("\r  t001 t=2s" + " ".repeat(12));
        // Clearing leaves the cursor at the start of an empty line, for the trial's end line.
        assertThat(TrialWait.overwrite("  t001 t=2s", "")).isEqualTo("\r" + " ".repeat(11) + "\r");
        assertThat(TrialWait.overwrite("", "")).isEmpty();
        for (String s : new String[] {first, second}) assertThat(s).doesNotContain("\u001b");
    }
}
