package dev.evperf.core.load;

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * Turns a rate function into intended send times. The expected number of arrivals by time t is
 * Λ(t) = ∫₀ᵗ r. Deterministic arrivals: event i is at the t where Λ(t) = i. Poisson arrivals
 * (a non-homogeneous Poisson process, by time rescaling): Λ-targets are partial sums of unit
 * exponentials, so gaps are exponential around r(t). Inside each integration step r is taken
 * as linear, and Λ(t) = target is solved exactly (a quadratic); steps end at the function's
 * jumps, so piecewise-constant patterns are integrated exactly.
 */
public final class RateIntegrator {
    /** Integration step: fine against any pattern period that makes sense for a benchmark. */
    static final double STEP_S = 1e-4;

    private RateIntegrator() {}

    /**
     * @param maxCount stop after this many events (Long.MAX_VALUE: until the duration ends)
     * @param random   for Poisson arrivals; null for deterministic ones
     * @return intended offsets in ns from the phase start, ascending
     */
    public static long[] arrivals(RateFunction r, long maxCount, SplittableRandom random) {
        long[] out = new long[(int) Math.min(Integer.MAX_VALUE - 8, Math.max(16, Math.min(maxCount, estimate(r))))];
        int n = 0;
        Arrivals a = new Arrivals(r, maxCount, random);
        for (long at; (at = a.next()) >= 0; ) {
            if (n == out.length) out = Arrays.copyOf(out, (int) Math.min(Integer.MAX_VALUE - 8, out.length * 2L));
            out[n++] = at;
        }
        return Arrays.copyOf(out, n);
    }

    /**
     * The same arrivals one at a time, so that a trial's schedule never has to be held whole: the
     * integration state (step, Λ so far, the next Λ-target) is all it keeps. {@link #arrivals}
     * collects exactly these values.
     */
    public static final class Arrivals {
        private final double duration;
        private final long maxCount;
        private final SplittableRandom random;
        private final Steps s;
        private long n;
        private double lambda, target, stepLambda;
        private boolean inStep;

        public Arrivals(RateFunction r, long maxCount, SplittableRandom random) {
            this.duration = r.duration();
            this.maxCount = maxCount;
            this.random = random;
            this.s = new Steps(r);
            this.target = random == null ? 0 : exp1(random);
        }

        /** @return the next intended offset in ns from the phase start, or -1 when the phase has no more events */
        public long next() {
            while (n < maxCount) {
                if (!inStep) {
                    if (!s.next()) return -1;
                    stepLambda = (s.r0 + s.r1) / 2 * s.dt;
                    inStep = true;
                }
                if (target < lambda + stepLambda) {
                    double at = s.start + solve(s.r0, s.r1, s.dt, target - lambda);
                    // The phase is [0, duration): rounding in Λ must not add an event at its very end.
                    if (at < duration * (1 - 1e-12)) {
                        n++;
                        target += random == null ? 1 : exp1(random);
                        return Math.round(at * 1e9);
                    }
                }
                lambda += stepLambda;
                inStep = false;
            }
            return -1;
        }
    }

    /**
     * Λ(duration) = ∫ r(t) dt over the phase, integrated as {@link #arrivals} integrates it (the same
     * steps, jumps honoured), capped at {@code maxCount}: the deterministic event count to within one
     * event, the expected one for Poisson arrivals. No arrays: for checks before the schedule exists.
     */
    public static long expectedCount(RateFunction r, long maxCount) {
        if (r.duration() >= Double.MAX_VALUE / 2) return maxCount; // a count, not a duration, ends the phase
        double lambda = integral(r, maxCount);
        // events come at Λ = 0, 1, 2, … below Λ(duration); the relative epsilon absorbs the summation error
        return (long) Math.min(maxCount, Math.ceil(lambda * (1 - 1e-9) - 1e-9));
    }

    /** Λ(duration) = ∫ r(t) dt over the phase (or until it reaches {@code cap}), as {@link #arrivals} integrates it. */
    static double integral(RateFunction r, double cap) {
        double lambda = 0;
        Steps s = new Steps(r);
        while (lambda < cap && s.next()) lambda += (s.r0 + s.r1) / 2 * s.dt;
        return lambda;
    }

    /**
     * The integration steps over a rate function's duration: {@link #STEP_S} long, cut at its jumps
     * so that no step straddles one; r0 and r1 are the rate just inside each end (a jump at the
     * step's start counts with its new level), for the trapezoid.
     */
    private static final class Steps {
        private final RateFunction r;
        private final double duration;
        private final double[] jumps;
        private int nextJump;
        private double t;
        double start, dt, r0, r1;

        Steps(RateFunction r) {
            this.r = r;
            this.duration = r.duration();
            this.jumps = r.jumps();
        }

        /** Moves to the next step; false once the duration is covered. */
        boolean next() {
            while (t < duration) {
                double end = Math.min(duration, t + STEP_S);
                if (nextJump < jumps.length && jumps[nextJump] <= end) {
                    end = Math.max(t, jumps[nextJump++]);
                    if (end == t) continue;
                }
                start = t;
                dt = end - t;
                r0 = Math.max(0, r.rate(t + dt * 1e-9));
                r1 = Math.max(0, r.rate(end - dt * 1e-9));
                t = end;
                return true;
            }
            return false;
        }
    }

    /** The s in [0, dt] where r0·s + (r1 − r0)·s²/(2dt) = need. */
    static double solve(double r0, double r1, double dt, double need) {
        double a = (r1 - r0) / (2 * dt);
        if (Math.abs(a) < 1e-12) {
            return r0 > 0 ? need / r0 : 0;
        }
        double disc = Math.max(0, r0 * r0 + 4 * a * need);
        double s = (-r0 + Math.sqrt(disc)) / (2 * a);
        return Math.max(0, Math.min(dt, s));
    }

    private static double exp1(SplittableRandom random) {
        return -Math.log(1 - random.nextDouble());
    }

    private static long estimate(RateFunction r) {
        return (long) Math.min(1e9, r.maxRate() * r.duration() * 1.1 + 16);
    }
}
