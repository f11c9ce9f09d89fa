package dev.evperf.core.load;

import dev.evperf.core.workload.ArrivalProcess;
import dev.evperf.core.workload.Workload;
import dev.evperf.core.workload.Workload.PatternDef;
import dev.evperf.core.workload.Workload.PhaseDef;
import dev.evperf.core.workload.WorkloadException;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Function;

/**
 * A phase's load profile: when each of its events is intended to be sent, as offsets from the
 * phase's start. Intended times come from the profile alone (an absolute schedule), never from
 * when the previous event was actually sent, so an engine that cannot keep up shows as growing
 * scheduled latency instead of a silently lower rate.
 *
 * <p>Over 400 lines (since formatting at 120 columns): one small nested class per kind of profile
 * (bursts, rate profiles, max, replay), so that the whole set of load shapes and how each makes its
 * intended times read together.
 */
public interface Profile {
    String kind();

    /**
     * The phase's events one at a time, in order: what a trial uses, so that no schedule grows with
     * the run. {@link #arrivals} holds exactly the same values in arrays.
     */
    Cursor cursor();

    /** The phase's events, exactly: counted without holding them where they are generated. */
    long count();

    /** The phase's events in arrays (tests, previews): intended offsets, burst and position when bursty. */
    default Arrivals arrivals() {
        int n = Math.toIntExact(count());
        long[] offsets = new long[n];
        int[] burst = null, position = null;
        Cursor c = cursor();
        for (int i = 0; i < n && c.next(); i++) {
            offsets[i] = c.offset;
            if (c.burst >= 0) {
                if (burst == null) {
                    burst = new int[n];
                    position = new int[n];
                }
                burst[i] = c.burst;
                position[i] = c.position;
            }
        }
        return new Arrivals(offsets, burst, position);
    }

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
        return count();
    }

    /** Walks a phase's events: after {@link #next} returned true, the fields describe the event. */
    abstract class Cursor {
        /** Intended offset in ns from the phase start. */
        public long offset;
        /** Burst in the phase and position in the burst, or -1 for profiles without bursts. */
        public int burst = -1, position = -1;

        public abstract boolean next();

        /**
         * Up to {@code max} next events into columns at {@code at} (burst and position -1 when the
         * profile has none); what {@link #next} would give one by one. @return how many
         */
        public int fill(long[] offsets, int[] bursts, int[] positions, int at, int max) {
            int n = 0;
            while (n < max && next()) {
                offsets[at + n] = offset;
                bursts[at + n] = burst;
                positions[at + n] = position;
                n++;
            }
            return n;
        }
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
    static Profile of(PhaseDef p, Function<Workload.ReplayDef, double[]> traces) {
        if (p.replay != null) return Replay.of(p.replay, traces.apply(p.replay));
        if (p.bursts != null) return new Bursts(p.bursts.count, p.bursts.size, p.bursts.distance.nanos());
        if (p.max != null) return new Max(p.max.count);
        Long random = p.arrivals == ArrivalProcess.POISSON ? p.seed : null; // the seed of Poisson arrivals
        if (p.constant != null) {
            if (p.constant.count != null) {
                // A count, not a duration: the phase lasts as long as the count takes at the rate.
                double seconds = random == null ? p.constant.count / p.constant.rate : Double.MAX_VALUE;
                return new RateProfile(
                        "constant", new RateFunction.Constant(p.constant.rate, seconds), p.constant.count, random);
            }
            return new RateProfile(
                    "constant",
                    new RateFunction.Constant(p.constant.rate, p.constant.duration.seconds()),
                    Long.MAX_VALUE,
                    random);
        }
        if (p.ramp != null)
            return new RateProfile(
                    "ramp",
                    new RateFunction.Linear(p.ramp.from, p.ramp.to, p.ramp.duration.seconds()),
                    Long.MAX_VALUE,
                    random);
        if (p.stairs != null)
            return new RateProfile(
                    "stairs",
                    new RateFunction.Stairs(p.stairs.levels, p.stairs.step.seconds()),
                    Long.MAX_VALUE,
                    random);
        if (p.wave != null) return pattern("wave", p.wave, random);
        if (p.binary != null) return pattern("binary", p.binary, random);
        if (p.increasing != null) return pattern("increasing", p.increasing, random);
        if (p.decreasing != null) return pattern("decreasing", p.decreasing, random);
        if (p.spike != null) {
            unresolved(p.spike);
            return new RateProfile(
                    "spike",
                    new RateFunction.Spike(
                            p.spike.min,
                            p.spike.max,
                            p.spike.period.seconds(),
                            p.spike.size,
                            p.spike.duration.seconds()),
                    Long.MAX_VALUE,
                    random);
        }
        if (p.randomWalk != null) {
            var w = p.randomWalk;
            double start = w.start != null ? w.start : (w.min + w.max) / 2;
            return new RateProfile(
                    "random_walk",
                    new RateFunction.RandomWalk(
                            w.min, w.max, start, w.step, w.interval.seconds(), w.duration.seconds(), w.seed),
                    Long.MAX_VALUE,
                    random);
        }
        throw new IllegalStateException("phase without a profile (the validator should have said so)");
    }

    private static void unresolved(PatternDef d) {
        if (d.auto) {
            throw new WorkloadException("auto pattern parameters come from a pre-run, which evperf run makes;"
                    + " they are not known before it");
        }
    }

    private static Profile pattern(String kind, PatternDef d, Long random) {
        unresolved(d);
        double period = d.period.seconds(), duration = d.duration.seconds();
        RateFunction f =
                switch (kind) {
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
        public String kind() {
            return "bursts";
        }

        public Cursor cursor() {
            long n = count();
            return new Cursor() {
                long i;

                public boolean next() {
                    if (i >= n) return false;
                    burst = (int) (i / size);
                    position = (int) (i % size);
                    offset = burst * distance;
                    i++;
                    return true;
                }

                @Override
                public int fill(long[] offsets, int[] bursts, int[] positions, int at, int max) {
                    int k = (int) Math.min(max, n - i);
                    int b = (int) (i / size), pos = (int) (i % size);
                    for (int j = 0; j < k; j++) {
                        offsets[at + j] = b * distance;
                        bursts[at + j] = b;
                        positions[at + j] = pos;
                        if (++pos == size) {
                            pos = 0;
                            b++;
                        }
                    }
                    i += k;
                    if (k > 0) {
                        burst = bursts[at + k - 1];
                        position = positions[at + k - 1];
                        offset = offsets[at + k - 1];
                    }
                    return k;
                }
            };
        }

        public long count() {
            return bursts * size;
        }

        public long span() {
            return bursts * distance;
        }

        public Double targetRate() {
            return distance == 0 ? null : size * 1e9 / distance;
        }

        public double rateAt(double t) {
            return distance == 0 ? Double.NaN : size * 1e9 / distance;
        }
    }

    private static Cursor ofArray(long[] offsets) {
        return new Cursor() {
            int i;

            public boolean next() {
                if (i >= offsets.length) return false;
                offset = offsets[i++];
                return true;
            }
        };
    }

    /** A recorded trace: intended offsets are the trace's timestamps, relative to its first, sped up. */
    record Replay(long[] offsets) implements Profile {
        static Replay of(Workload.ReplayDef def, double[] ts) {
            double unitNs = def.unit.nanos;
            int n = (int) Math.min(ts.length, def.count != null ? def.count : Long.MAX_VALUE);
            long[] o = new long[n];
            for (int i = 0; i < n; i++) {
                if (i > 0 && ts[i] < ts[i - 1]) {
                    throw new WorkloadException("replay: timestamp " + (i + 1) + " of the trace (" + ts[i]
                            + ") is earlier than the one before (" + ts[i - 1] + "); a trace must not go back in time");
                }
                o[i] = Math.round((ts[i] - ts[0]) * unitNs / def.speed);
            }
            return new Replay(o);
        }

        public String kind() {
            return "replay";
        }

        public Cursor cursor() {
            return ofArray(offsets);
        }

        public long count() {
            return offsets.length;
        }

        public long span() {
            return offsets.length == 0 ? 0 : offsets[offsets.length - 1] + 1;
        }

        public Double targetRate() {
            return span() <= 1 ? null : offsets.length * 1e9 / span();
        }

        public double rateAt(double t) {
            return Double.NaN; // a trace has no rate function; its intended rate is what it holds
        }
    }

    /** All events available at the phase start: one burst, sent as fast as the engine accepts. */
    record Max(long count) implements Profile {
        public String kind() {
            return "max";
        }

        public Cursor cursor() {
            return new Cursor() {
                long i;

                public boolean next() {
                    return i++ < count; // every offset 0
                }

                @Override
                public int fill(long[] offsets, int[] bursts, int[] positions, int at, int max) {
                    int k = (int) Math.max(0, Math.min(max, count - i));
                    Arrays.fill(offsets, at, at + k, 0L);
                    Arrays.fill(bursts, at, at + k, -1);
                    Arrays.fill(positions, at, at + k, -1);
                    i += k;
                    return k;
                }
            };
        }

        public long span() {
            return 0;
        }

        public Double targetRate() {
            return null;
        }

        public double rateAt(double t) {
            return Double.NaN;
        }
    }

    /** A rate function integrated into intended times, with deterministic or Poisson arrivals. */
    final class RateProfile implements Profile {
        private final String kind;
        private final RateFunction function;
        private final long maxCount;
        /** The seed of Poisson arrivals, or null for deterministic ones. */
        private final Long seed;
        /** Found by one pass over the arrivals, which keeps nothing but these two. */
        private long count = -1, lastOffset = -1;

        RateProfile(String kind, RateFunction function, long maxCount, Long seed) {
            this.kind = kind;
            this.function = function;
            this.maxCount = maxCount;
            this.seed = seed;
        }

        public String kind() {
            return kind;
        }

        public RateFunction function() {
            return function;
        }

        /** Poisson arrivals start from a fresh generator with the phase's seed, so every pass draws the same times. */
        public Cursor cursor() {
            RateIntegrator.Arrivals a =
                    new RateIntegrator.Arrivals(function, maxCount, seed == null ? null : new SplittableRandom(seed));
            return new Cursor() {
                public boolean next() {
                    long at = a.next();
                    if (at < 0) return false;
                    offset = at;
                    return true;
                }
            };
        }

        public long count() {
            if (count < 0) {
                Cursor c = cursor();
                long n = 0;
                while (c.next()) {
                    n++;
                    lastOffset = c.offset;
                }
                count = n;
            }
            return count;
        }

        public long expectedCount() {
            return count >= 0 ? count : RateIntegrator.expectedCount(function, maxCount);
        }

        public long span() {
            if (function.duration() < Double.MAX_VALUE / 2) return Math.round(function.duration() * 1e9);
            count();
            return lastOffset < 0 ? 0 : lastOffset + 1; // a Poisson count: the phase ends with its last event
        }

        /**
         * The mean of r(t) over the phase (a Poisson count phase: its constant rate), to 0.001 ev/s: the
         * integration's rounding is below that, and would otherwise show as 50000.000000004926.
         */
        public Double targetRate() {
            if (seed == null) return intendedRate();
            if (function.duration() >= Double.MAX_VALUE / 2) return function.rate(0);
            if (function.duration() == 0) return null;
            return Math.round(RateIntegrator.integral(function, Double.MAX_VALUE) / function.duration() * 1000)
                    / 1000.0;
        }

        public Double intendedRate() {
            long span = span();
            return span == 0 ? null : count() * 1e9 / span;
        }

        public double rateAt(double t) {
            return function.rate(t);
        }
    }
}
