package dev.evperf.core.load;

import dev.evperf.core.workload.Workload.PatternDef;
import dev.evperf.core.workload.Workload.PhaseDef;
import java.util.SplittableRandom;

/**
 * A phase's load profile: when each of its events is intended to be sent, as offsets from the
 * phase's start. Intended times come from the profile alone (an absolute schedule), never from
 * when the previous event was actually sent, so an engine that cannot keep up shows as growing
 * scheduled latency instead of a silently lower rate.
 */
public interface Profile {
    String kind();

    /** The phase's events: intended offsets in ns from the phase start, with burst and position when bursty. */
    Arrivals arrivals();

    /** How long the phase lasts on the schedule, in ns; the next phase starts this long after it. */
    long span();

    /** The offered rate in events/s over the phase, as the workload asks for it; null for "as fast as possible". */
    Double targetRate();

    /**
     * The rate of the phase's intended send times: its events over its span. The target's, but for
     * Poisson arrivals, whose count is a random draw around it (49 751.4 where 50 000 was asked).
     */
    default Double intendedRate() {
        return targetRate();
    }

    /** The target rate at t seconds into the phase, for charts and shape errors (NaN when unlimited). */
    double rateAt(double t);

    /**
     * Events in the phase, without building its arrivals (for a memory check before the schedule
     * is made): exact except for Poisson arrivals over a duration, where it is the expected count.
     */
    default long expectedCount() {
        return arrivals().count();
    }

    /** Intended offsets and, for bursty profiles, burst and position of each event (else null). */
    record Arrivals(long[] offsets, int[] burst, int[] position) {
        public int count() {
            return offsets.length;
        }
    }

    static Profile of(PhaseDef p) {
        return of(p, null);
    }

    /** @param traces reads a replay phase's timestamps (null when no phase replays) */
    static Profile of(PhaseDef p, java.util.function.Function<dev.evperf.core.workload.Workload.ReplayDef, double[]> traces) {
        if (p.replay != null) return Replay.of(p.replay, traces.apply(p.replay));
        if (p.bursts != null) return new Bursts(p.bursts.count, p.bursts.size, p.bursts.distance.nanos());
        if (p.max != null) return new Max(p.max.count);
        SplittableRandom random = "poisson".equals(p.arrivals) ? new SplittableRandom(p.seed) : null;
        if (p.constant != null) {
            if (p.constant.count != null) {
                // A count, not a duration: the phase lasts as long as the count takes at the rate.
                double seconds = random == null ? p.constant.count / p.constant.rate : Double.MAX_VALUE;
                return new RateProfile("constant", new RateFunction.Constant(p.constant.rate, seconds), p.constant.count, random);
            }
            return new RateProfile("constant", new RateFunction.Constant(p.constant.rate, p.constant.duration.seconds()), Long.MAX_VALUE, random);
        }
        if (p.ramp != null) return new RateProfile("ramp", new RateFunction.Linear(p.ramp.from, p.ramp.to, p.ramp.duration.seconds()), Long.MAX_VALUE, random);
        if (p.stairs != null) return new RateProfile("stairs", new RateFunction.Stairs(p.stairs.levels, p.stairs.step.seconds()), Long.MAX_VALUE, random);
        if (p.wave != null) return pattern("wave", p.wave, random);
        if (p.binary != null) return pattern("binary", p.binary, random);
        if (p.increasing != null) return pattern("increasing", p.increasing, random);
        if (p.decreasing != null) return pattern("decreasing", p.decreasing, random);
        if (p.spike != null) {
            unresolved(p.spike);
            return new RateProfile("spike", new RateFunction.Spike(p.spike.min, p.spike.max, p.spike.period.seconds(), p.spike.size,
                    p.spike.duration.seconds()), Long.MAX_VALUE, random);
        }
        if (p.randomWalk != null) {
            var w = p.randomWalk;
            double start = w.start != null ? w.start : (w.min + w.max) / 2;
            return new RateProfile("random_walk", new RateFunction.RandomWalk(w.min, w.max, start, w.step, w.interval.seconds(),
                    w.duration.seconds(), w.seed), Long.MAX_VALUE, random);
        }
        throw new IllegalStateException("phase without a profile (the validator should have said so)");
    }

    private static void unresolved(PatternDef d) {
        if (d.auto) {
            throw new dev.evperf.core.workload.WorkloadException("auto pattern parameters come from a pre-run, which evperf run makes;"
                    + " they are not known before it");
        }
    }

    private static Profile pattern(String kind, PatternDef d, SplittableRandom random) {
        unresolved(d);
        double period = d.period.seconds(), duration = d.duration.seconds();
        RateFunction f = switch (kind) {
            case "wave" -> new RateFunction.Wave(d.min, d.max, period, duration);
            case "binary" -> new RateFunction.Binary(d.min, d.max, period, duration);
            case "increasing" -> new RateFunction.Increasing(d.min, d.max, period, duration);
            default -> new RateFunction.Decreasing(d.min, d.max, period, duration);
        };
        return new RateProfile(kind, f, Long.MAX_VALUE, random);
    }

    /**
     * m bursts of n events (seed 000's S_m^n). Every event of a burst is intended at the burst's
     * start, so the burst goes at maximum rate; burst starts are {@code distance} apart. With
     * distance 0 the bursts form one constant stream and the driver never waits.
     */
    record Bursts(long bursts, long size, long distance) implements Profile {
        public String kind() { return "bursts"; }

        public Arrivals arrivals() {
            int n = Math.toIntExact(bursts * size);
            long[] offsets = new long[n];
            int[] burst = new int[n];
            int[] position = new int[n];
            for (int i = 0; i < n; i++) {
                burst[i] = (int) (i / size);
                position[i] = (int) (i % size);
                offsets[i] = burst[i] * distance;
            }
            return new Arrivals(offsets, burst, position);
        }

        public long expectedCount() { return bursts * size; }
        public long span() { return bursts * distance; }
        public Double targetRate() { return distance == 0 ? null : size * 1e9 / distance; }
        public double rateAt(double t) { return distance == 0 ? Double.NaN : size * 1e9 / distance; }
    }

    /** A recorded trace: intended offsets are the trace's timestamps, relative to its first, sped up. */
    record Replay(long[] offsets) implements Profile {
        static Replay of(dev.evperf.core.workload.Workload.ReplayDef def, double[] ts) {
            double unitNs = switch (def.unit) {
                case "ns" -> 1;
                case "us" -> 1e3;
                case "s" -> 1e9;
                default -> 1e6;
            };
            int n = (int) Math.min(ts.length, def.count != null ? def.count : Long.MAX_VALUE);
            long[] o = new long[n];
            for (int i = 0; i < n; i++) {
                if (i > 0 && ts[i] < ts[i - 1]) {
                    throw new dev.evperf.core.workload.WorkloadException("replay: timestamp " + (i + 1) + " of the trace (" + ts[i]
                            + ") is earlier than the one before (" + ts[i - 1] + "); a trace must not go back in time");
                }
                o[i] = Math.round((ts[i] - ts[0]) * unitNs / def.speed);
            }
            return new Replay(o);
        }

        public String kind() { return "replay"; }
        public Arrivals arrivals() { return new Arrivals(offsets, null, null); }
        public long span() { return offsets.length == 0 ? 0 : offsets[offsets.length - 1] + 1; }
        public Double targetRate() { return span() <= 1 ? null : offsets.length * 1e9 / span(); }

        public double rateAt(double t) {
            return Double.NaN; // a trace has no rate function; its intended rate is what it holds
        }
    }

    /** All events available at the phase start: one burst, sent as fast as the engine accepts. */
    record Max(long count) implements Profile {
        public String kind() { return "max"; }
        public Arrivals arrivals() { return new Arrivals(new long[Math.toIntExact(count)], null, null); }
        public long expectedCount() { return count; }
        public long span() { return 0; }
        public Double targetRate() { return null; }
        public double rateAt(double t) { return Double.NaN; }
    }

    /** A rate function integrated into intended times, with deterministic or Poisson arrivals. */
    final class RateProfile implements Profile {
        private final String kind;
        private final RateFunction function;
        private final long maxCount;
        private final SplittableRandom random;
        private Arrivals arrivals;

        RateProfile(String kind, RateFunction function, long maxCount, SplittableRandom random) {
            this.kind = kind;
            this.function = function;
            this.maxCount = maxCount;
            this.random = random;
        }

        public String kind() { return kind; }

        public RateFunction function() { return function; }

        public Arrivals arrivals() {
            if (arrivals == null) arrivals = new Arrivals(RateIntegrator.arrivals(function, maxCount, random), null, null);
            return arrivals;
        }

        public long expectedCount() {
            return arrivals != null ? arrivals.count() : RateIntegrator.expectedCount(function, maxCount);
        }

        public long span() {
            if (function.duration() < Double.MAX_VALUE / 2) return Math.round(function.duration() * 1e9);
            long[] o = arrivals().offsets();
            return o.length == 0 ? 0 : o[o.length - 1] + 1; // a Poisson count: the phase ends with its last event
        }

        /**
         * The mean of r(t) over the phase (a Poisson count phase: its constant rate), to 0.001 ev/s: the
         * integration's rounding is below that, and would otherwise show as 50000.000000004926.
         */
        public Double targetRate() {
            if (random == null) return intendedRate();
            if (function.duration() >= Double.MAX_VALUE / 2) return function.rate(0);
            if (function.duration() == 0) return null;
            return Math.round(RateIntegrator.integral(function, Double.MAX_VALUE) / function.duration() * 1000) / 1000.0;
        }

        public Double intendedRate() {
            long span = span();
            return span == 0 ? null : arrivals().count() * 1e9 / span;
        }

        public double rateAt(double t) {
            return function.rate(t);
        }
    }
}
