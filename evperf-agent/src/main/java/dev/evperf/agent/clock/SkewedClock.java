package dev.evperf.agent.clock;

/**
 * The clock an agent stamps its records and probe replies with: {@code System.nanoTime()} and, for
 * tests only, a known offset and drift added to every reading (issue 13: "a known clock offset and
 * drift in the agent, a test-only option applied to every timestamp it reports"), so that tests on
 * one host, where every process shares one monotonic clock, can check the relation against the truth.
 */
public final class SkewedClock {
    private final long offsetNs;
    private final double driftPpm;
    private final long base;

    /** A clock that reads {@code raw + offset + (raw - base)·drift}; {@code base} is fixed now. */
    public SkewedClock(long offsetNs, double driftPpm) {
        this(offsetNs, driftPpm, System.nanoTime());
    }

    /** The same skew as an agent's whose base was {@code base} (tests compute the truth with it). */
    public SkewedClock(long offsetNs, double driftPpm, long base) {
        this.offsetNs = offsetNs;
        this.driftPpm = driftPpm;
        this.base = base;
    }

    public static SkewedClock unskewed() {
        return new SkewedClock(0, 0);
    }

    public long now() {
        return skew(System.nanoTime());
    }

    /** The reading this clock gives when the raw monotonic clock reads {@code raw}. */
    public long skew(long raw) {
        if (offsetNs == 0 && driftPpm == 0) return raw;
        return raw + offsetNs + Math.round((raw - base) * driftPpm * 1e-6);
    }

    /** The raw monotonic reading behind this clock's reading {@code skewed} (for tests' truth). */
    public long unskew(long skewed) {
        if (offsetNs == 0 && driftPpm == 0) return skewed;
        return base + Math.round((skewed - offsetNs - base) / (1 + driftPpm * 1e-6));
    }

    public boolean skewed() {
        return offsetNs != 0 || driftPpm != 0;
    }

    public long offsetNs() {
        return offsetNs;
    }

    public double driftPpm() {
        return driftPpm;
    }

    /** The base the drift is measured from (raw ns); the controller needs it to compute the truth. */
    public long base() {
        return base;
    }
}
