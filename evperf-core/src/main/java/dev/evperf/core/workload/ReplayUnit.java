package dev.evperf.core.workload;

import dev.evperf.api.config.Keyword;

/** The unit of a replayed trace's timestamps ({@code replay.unit}). */
public enum ReplayUnit implements Keyword {
    NS(1),
    US(1e3),
    MS(1e6),
    S(1e9);

    /** Nanoseconds in one unit. */
    public final double nanos;

    ReplayUnit(double nanos) {
        this.nanos = nanos;
    }
}
