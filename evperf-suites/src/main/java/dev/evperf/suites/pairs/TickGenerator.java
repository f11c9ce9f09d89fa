package dev.evperf.suites.pairs;

import java.util.SplittableRandom;

/**
 * The Pairs data generator (seed 001, §7.3.2 and Appendix B.1): ticks in tickTS order, the same for
 * the same (SF, wall minutes, seed) on every JVM (draws from one seeded {@link SplittableRandom},
 * transcendental functions from {@link StrictMath}).
 *
 * <p>Arrivals are a non-homogeneous Poisson process with the {@link RunProfile}'s rate, drawn by
 * thinning: candidates at the peak rate, each kept with probability rate(t)/peak. Symbols cycle
 * through {@link PairsMarkets}' list. Prices are geometric Brownian motion sampled exactly at each
 * tick: log S = log S0 + (μ − σ²/2)t + σ(√ρ·F(t) + √(1 − ρ)·B(t)) for a pair member, where F is the
 * pair's shared Brownian motion and B the symbol's own, so that a pair's log-returns correlate by ρ;
 * a symbol outside every pair has σ·B(t) alone. Sizes are 10·U{10..100}.
 */
public final class TickGenerator {
    private final PairsMarkets markets;
    private final RunProfile profile;
    private final SplittableRandom random;
    private final double peakPerMs;
    private final double sigmaPerSqrtMs;
    private final double driftPerMs;
    private final double shared = StrictMath.sqrt(PairsMarkets.PAIR_CORRELATION);
    private final double own = StrictMath.sqrt(1 - PairsMarkets.PAIR_CORRELATION);
    // per symbol: log price, time and shared factor at its last tick
    private final double[] logPrice;
    private final double[] lastT;
    private final double[] lastShared;
    // per pair: the shared factor's value and time
    private final double[] factor;
    private final double[] factorT;
    private double t;
    private long seq;

    public TickGenerator(PairsScale scale, double wallMinutes, long seed) {
        this.markets = new PairsMarkets(scale, seed);
        this.profile = RunProfile.of(scale, wallMinutes);
        this.random = new SplittableRandom(seed);
        this.peakPerMs = profile.simulatedRatePerMs(RunProfile.RAMP_MS);
        double sigma = PairsMarkets.VOLATILITY_PER_SQRT_HOUR / StrictMath.sqrt(3_600_000.0);
        this.sigmaPerSqrtMs = sigma;
        this.driftPerMs = PairsMarkets.DRIFT_PER_HOUR / 3_600_000.0 - sigma * sigma / 2;
        int n = markets.size();
        logPrice = new double[n];
        lastT = new double[n];
        lastShared = new double[n];
        for (int s = 0; s < n; s++) {
            logPrice[s] = StrictMath.log(markets.startCents(s));
        }
        int pairs = scale.markets() * PairsScale.PAIRS_PER_MARKET;
        factor = new double[pairs];
        factorT = new double[pairs];
    }

    public PairsMarkets markets() {
        return markets;
    }

    public RunProfile profile() {
        return profile;
    }

    /** The next tick, or null when the simulated run is over. */
    public StockTick next() {
        do {
            t += -StrictMath.log(1 - random.nextDouble()) / peakPerMs;
            if (t >= RunProfile.SIMULATED_MS) {
                return null;
            }
        } while (random.nextDouble() * peakPerMs >= profile.simulatedRatePerMs(t));
        int s = (int) (seq % markets.size());
        double dt = t - lastT[s];
        double noise;
        int pair = PairsMarkets.pairOf(s);
        if (pair >= 0) {
            // the pair's shared motion, advanced to now, enters with weight √ρ
            factor[pair] += StrictMath.sqrt(t - factorT[pair]) * gaussian();
            factorT[pair] = t;
            noise = shared * (factor[pair] - lastShared[s]) + own * StrictMath.sqrt(dt) * gaussian();
            lastShared[s] = factor[pair];
        } else {
            noise = StrictMath.sqrt(dt) * gaussian();
        }
        double step = driftPerMs * dt + sigmaPerSqrtMs * noise;
        logPrice[s] += step;
        lastT[s] = t;
        int price = (int) Math.max(1, StrictMath.rint(StrictMath.exp(logPrice[s])));
        int size = 10 * (10 + random.nextInt(91));
        return new StockTick(seq++, markets.name(s), price, size, (long) t);
    }

    /** A standard normal draw (Box–Muller, one value of the two: simpler than keeping a spare). */
    private double gaussian() {
        double u = 1 - random.nextDouble();
        double v = random.nextDouble();
        return StrictMath.sqrt(-2 * StrictMath.log(u)) * StrictMath.cos(2 * Math.PI * v);
    }
}
