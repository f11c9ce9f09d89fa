package dev.evperf.core.workload;

import dev.evperf.api.config.Keyword;

/** How the driver agents share the load ({@code agents.split}); the agents' schedule carries the word. */
public enum AgentSplit implements Keyword {
    /** Every n-th event to each of the n drivers. */
    RATE,
    /** A range of keys each: event g has key g mod {@code agents.keys}. */
    KEY
}
