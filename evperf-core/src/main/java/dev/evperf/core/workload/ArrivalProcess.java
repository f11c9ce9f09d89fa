package dev.evperf.core.workload;

import dev.evperf.api.config.Keyword;

/** How a phase's intended send times follow its rate profile ({@code load.phases[].arrivals}). */
public enum ArrivalProcess implements Keyword {
    /** At the instants the profile's integral reaches each next event. */
    DETERMINISTIC,
    /** A Poisson process of the profile's rate, seeded by the phase's seed. */
    POISSON
}
