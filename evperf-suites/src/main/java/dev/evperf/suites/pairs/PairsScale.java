package dev.evperf.suites.pairs;

/**
 * How a Pairs scale factor (SF) sizes the workload (seed 001, §7.3.5 and Appendix A): 5·SF users of
 * five strategies each, one market of 100 symbols (25 correlated pairs) per started ten SF, a basis
 * rate of 5 000 ticks/s per market; and the thesis's load term and p_score.
 */
public record PairsScale(int sf) {
    public static final int SYMBOLS_PER_MARKET = 100;
    public static final int PAIRS_PER_MARKET = 25;
    /** Strategies per pair of a full market: 250 strategies per market over 25 pairs (§7.3.1). */
    public static final int STRATEGIES_PER_PAIR = 10;

    public static final int BASIS_RATE_PER_MARKET = 5000;
    public static final double PEAK_FACTOR = 1.5;

    public PairsScale {
        if (sf < 1) {
            throw new IllegalArgumentException("scale factor " + sf + ": must be at least 1");
        }
    }

    /** M = ⌈SF/10⌉. */
    public int markets() {
        return (sf + 9) / 10;
    }

    public int users() {
        return 5 * sf;
    }

    public int strategies() {
        return 25 * sf;
    }

    public int symbols() {
        return SYMBOLS_PER_MARKET * markets();
    }

    /** Basis tick rate, ticks per second: 5000·M. */
    public int basisRate() {
        return BASIS_RATE_PER_MARKET * markets();
    }

    public double peakRate() {
        return PEAK_FACTOR * basisRate();
    }

    /** Appendix A: load = SF·⌈SF/10⌉ + 2·(10·(⌈SF/10⌉ − 1) + ((SF − 1) mod 10) + 1), in work/s. */
    public long load() {
        long m = markets();
        return (long) sf * m + 2 * (10 * (m - 1) + ((sf - 1) % 10) + 1);
    }

    /** §7.3.6: p_score = load / (p99 latency of MarketOrder, in seconds). */
    public double pScore(double p99Seconds) {
        if (!(p99Seconds > 0)) {
            throw new IllegalArgumentException("p99 latency " + p99Seconds + " s: must be positive");
        }
        return load() / p99Seconds;
    }
}
