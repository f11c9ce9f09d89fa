package dev.evperf.core.workload;

import dev.evperf.api.config.Keyword;

/** Which sends are timed ({@code measure.timing}). */
public enum Timing implements Keyword {
    /** Every send and its outputs. */
    ALL,
    /** Capacity mode: 1 in {@code measure.sample} sends is timed, with its outputs. */
    SAMPLED
}
