package dev.evperf.core.workload;

import dev.evperf.api.config.Keyword;

/** How an output's receipt is timed ({@code measure.receipt}). */
public enum Receipt implements Keyword {
    /** The listener reads the clock. */
    LISTENER,
    /** No clock read in the listener: the receipt is the causing input's send end (one sender, delivery inside send). */
    SEND_END
}
