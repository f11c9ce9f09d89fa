package dev.evperf.suites.pairs;

/**
 * The Pairs run's tick rate over simulated time (seed 001, §7.3.7, Figure 7.9): a 1-minute ramp
 * from 0 to the peak, 30 minutes falling linearly to the basis, the 60-minute measurement interval
 * rising to the peak in its first half and back to the basis in its second, 30 minutes rising to the
 * peak: 121 simulated minutes in all. (The thesis's "two hours of simulated market data" counts
 * the measured 2 h around the 1-minute ramp-up; evperf keeps the ramp-up whole.)
 *
 * <p>The rate is piecewise linear in each phase (the figure shows straight slopes). A time-compressed
 * run keeps the simulated clock and every phase and stretches nothing: only fewer ticks per simulated
 * second are drawn, {@link #compression()} of them, so that sending them on the wall clock at
 * {@code tickTS · compression} takes {@code wallMinutes} at the thesis's rate.
 */
public record RunProfile(double basisRate, double peakRate, double wallMinutes) {
    public static final long RAMP_MS = 60_000;
    public static final long FALL_MS = 30 * 60_000;
    public static final long MEASURE_MS = 60 * 60_000;
    public static final long RISE_MS = 30 * 60_000;
    /** The simulated run: 121 minutes. */
    public static final long SIMULATED_MS = RAMP_MS + FALL_MS + MEASURE_MS + RISE_MS;

    public RunProfile {
        if (!(basisRate > 0) || !(peakRate >= basisRate) || !(wallMinutes > 0)) {
            throw new IllegalArgumentException(
                    "bad run profile: basis " + basisRate + ", peak " + peakRate + ", minutes " + wallMinutes);
        }
    }

    public static RunProfile of(PairsScale scale, double wallMinutes) {
        return new RunProfile(scale.basisRate(), scale.peakRate(), wallMinutes);
    }

    /** Wall time per simulated time: 1 for the standard 121-minute run. */
    public double compression() {
        return wallMinutes * 60_000 / SIMULATED_MS;
    }

    /** The measurement interval on the simulated clock, [start, end) ms. */
    public static long measureStartMs() {
        return RAMP_MS + FALL_MS;
    }

    public static long measureEndMs() {
        return RAMP_MS + FALL_MS + MEASURE_MS;
    }

    /** The thesis's rate at simulated time t (ticks per wall second when sent at the standard speed). */
    public double rateAt(double tMs) {
        double half = MEASURE_MS / 2.0;
        if (tMs < RAMP_MS) {
            return peakRate * Math.max(tMs, 0) / RAMP_MS;
        }
        double t = tMs - RAMP_MS;
        if (t < FALL_MS) {
            return lerp(peakRate, basisRate, t / FALL_MS);
        }
        t -= FALL_MS;
        if (t < half) {
            return lerp(basisRate, peakRate, t / half);
        }
        if (t < MEASURE_MS) {
            return lerp(peakRate, basisRate, (t - half) / half);
        }
        t -= MEASURE_MS;
        return lerp(basisRate, peakRate, Math.min(t, RISE_MS) / RISE_MS);
    }

    /** Ticks per simulated ms at t in a compressed run. */
    public double simulatedRatePerMs(double tMs) {
        return rateAt(tMs) * compression() / 1000.0;
    }

    private static double lerp(double from, double to, double f) {
        return from + (to - from) * f;
    }
}
