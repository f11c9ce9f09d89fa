package dev.evperf.core.load;

import dev.evperf.core.workload.Workload.PhaseDef;

/**
 * A load profile: how many events a phase sends and when each is intended to be sent, as an
 * offset from the phase's start. Intended times come from the profile alone (an absolute
 * schedule), never from when the previous event was actually sent, so an engine that cannot keep
 * up shows as growing scheduled latency instead of a silently lower rate.
 */
public interface Profile {
    String kind();

    long count();

    /** Intended send time of the phase's i-th event, ns after the phase start. */
    long offset(long i);

    /** The burst (within this phase) of the i-th event, or -1 for profiles without bursts. */
    default long burstOf(long i) {
        return -1;
    }

    /** Position of the i-th event in its burst, or -1. */
    default long positionOf(long i) {
        return -1;
    }

    /** How long the phase lasts on the schedule; the next phase starts this long after it. */
    long span();

    /** The offered rate in events/s over the phase, or null for "as fast as possible". */
    Double targetRate();

    static Profile of(PhaseDef p) {
        if (p.bursts != null) return new Bursts(p.bursts.count, p.bursts.size, p.bursts.distance.nanos());
        if (p.constant != null) {
            long count = p.constant.count != null ? p.constant.count : (long) Math.floor(p.constant.duration.seconds() * p.constant.rate);
            return new Constant(p.constant.rate, count);
        }
        if (p.max != null) return new Max(p.max.count);
        return new Ramp(p.ramp.from, p.ramp.to, p.ramp.duration.nanos());
    }

    /**
     * m bursts of n events (seed 000's S_m^n). Every event of a burst is intended at the burst's
     * start, so the burst goes at maximum rate; burst starts are {@code distance} apart. With
     * distance 0 the bursts form one constant stream and the driver never waits.
     */
    record Bursts(long bursts, long size, long distance) implements Profile {
        public String kind() { return "bursts"; }
        public long count() { return bursts * size; }
        public long offset(long i) { return (i / size) * distance; }
        public long burstOf(long i) { return i / size; }
        public long positionOf(long i) { return i % size; }
        public long span() { return bursts * distance; }
        public Double targetRate() { return distance == 0 ? null : size * 1e9 / distance; }
    }

    /** Events evenly spaced at a rate. */
    record Constant(double rate, long count) implements Profile {
        public String kind() { return "constant"; }
        public long offset(long i) { return Math.round(i * 1e9 / rate); }
        public long span() { return Math.round(count * 1e9 / rate); }
        public Double targetRate() { return rate; }
    }

    /** All events available at the phase start: one burst, sent as fast as the engine accepts. */
    record Max(long count) implements Profile {
        public String kind() { return "max"; }
        public long offset(long i) { return 0; }
        public long span() { return 0; }
        public Double targetRate() { return null; }
    }

    /**
     * Rate r(t) going linearly from {@code from} to {@code to} over the duration. Event i is
     * intended at the t where the integral of r reaches i: from·t + (to−from)·t²/(2D) = i.
     */
    record Ramp(double from, double to, long duration) implements Profile {
        public String kind() { return "ramp"; }

        public long count() {
            return (long) Math.floor((from + to) / 2 * duration / 1e9);
        }

        public long offset(long i) {
            double d = duration / 1e9;
            double a = (to - from) / (2 * d);
            double t = Math.abs(a) < 1e-12 ? i / from : (-from + Math.sqrt(from * from + 4 * a * i)) / (2 * a);
            return Math.round(t * 1e9);
        }

        public long span() { return duration; }
        public Double targetRate() { return (from + to) / 2; }
    }
}
