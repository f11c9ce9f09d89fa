package dev.evperf.suites.pairs;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * The Pairs query generator (seed 001, Appendix B.2): 25·SF strategies with Table B.1's parameters,
 * each drawn uniformly from its set by a seeded random, the same for the same (SF, seed).
 *
 * <p>Placement follows §7.3.1 and Appendix A: each market takes 250 strategies, ten per pair, before
 * the next market gets any; within a market strategy j watches pair j mod 25. So SF 15 puts 250
 * strategies on the first market's 100 symbols and 125 on the second's (the §7.3.5 example), and a
 * tick of the last market meets ((SF − 1) mod 10) + 1 strategies (the load formula's s₃).
 */
public final class StrategyGenerator {
    static final long[] FUNDS_CENTS = {1_000_000, 2_000_000, 5_000_000};
    static final int[] PERIOD_LENGTHS = {5, 10, 20, 30, 60};
    static final int[] NUM_PERIODS = {5, 6, 7, 8, 9, 10, 15, 20, 25, 30};
    static final double[] BANDS_MULTIPLIERS = {1.2, 1.5, 1.8, 2.0};
    static final double[] STOP_LOSS = {0.1, 0.2, 0.3};

    private StrategyGenerator() {}

    public static List<PairsStrategy> generate(PairsMarkets markets, long seed) {
        PairsScale scale = markets.scale();
        List<String[]> pairs = markets.pairs();
        // a stream of its own, so that the strategies do not change when the tick generator does
        SplittableRandom random = new SplittableRandom(seed ^ 0x5EEDF00DL);
        int perMarket = PairsScale.PAIRS_PER_MARKET * PairsScale.STRATEGIES_PER_PAIR;
        List<PairsStrategy> out = new ArrayList<>();
        for (int j = 0; j < scale.strategies(); j++) {
            int market = j / perMarket;
            String[] pair =
                    pairs.get(market * PairsScale.PAIRS_PER_MARKET + (j % perMarket) % PairsScale.PAIRS_PER_MARKET);
            out.add(new PairsStrategy(
                    String.format("st_%05d", j + 1),
                    j / 5,
                    pair[0],
                    pair[1],
                    FUNDS_CENTS[random.nextInt(FUNDS_CENTS.length)],
                    PERIOD_LENGTHS[random.nextInt(PERIOD_LENGTHS.length)],
                    NUM_PERIODS[random.nextInt(NUM_PERIODS.length)],
                    BANDS_MULTIPLIERS[random.nextInt(BANDS_MULTIPLIERS.length)],
                    STOP_LOSS[random.nextInt(STOP_LOSS.length)]));
        }
        return out;
    }
}
