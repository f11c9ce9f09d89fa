package dev.evperf.core.workload;

import dev.evperf.api.config.Keyword;

/**
 * Where a neutral query's outputs are written for validation ({@code measure.validation}).
 */
public enum Validation implements Keyword {
    /** In the measured trial: every output row is formatted into values-S.csv on the listener's thread. */
    INLINE,
    /**
     * In a second, unmeasured trial JVM on the same events after the measured one (its directory
     * {@code validation/}): the measured trial only counts its outputs, so it times the engine and not
     * the writing of its rows, and the verdict it gets is the second run's.
     */
    SEPARATE
}
