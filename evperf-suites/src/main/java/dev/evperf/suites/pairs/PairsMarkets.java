package dev.evperf.suites.pairs;

import dev.evperf.suites.data.SplitMix;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The symbols of a Pairs run and their price model. Market m has symbols {@code 100·m .. 100·m + 99}
 * in the order the ticks cycle through them (§7.3.2: every symbol has the same update frequency);
 * symbols {@code 2i} and {@code 2i + 1} (i &lt; 25) of a market are the i-th correlated pair, the other
 * 50 are correlated with nothing.
 *
 * <p>Names are six random capital letters, unique, as in Figure B.2's {@code MCBEIV}. Start prices,
 * in cents, are log-uniform in [20 $, 200 $); the second symbol of a pair starts at the first's price
 * times e^u, u uniform in [−0.5, 0.5), so ratios lie between about 0.6 and 1.6. All from the seed.
 */
public final class PairsMarkets {
    /** Log-price volatility per √hour: 2 %, a busy intraday stock (about 80 % a year). */
    public static final double VOLATILITY_PER_SQRT_HOUR = 0.02;
    /** Drift: none (μ = 0); the 2-hour run is far too short for a trend to matter. */
    public static final double DRIFT_PER_HOUR = 0.0;
    /** Correlation of the two log-price increments of a pair. */
    public static final double PAIR_CORRELATION = 0.9;

    private final PairsScale scale;
    private final String[] names;
    private final double[] startCents;

    public PairsMarkets(PairsScale scale, long seed) {
        this.scale = scale;
        int n = scale.symbols();
        names = new String[n];
        startCents = new double[n];
        Set<String> seen = new HashSet<>();
        long draw = 0;
        for (int s = 0; s < n; s++) {
            String name;
            do {
                char[] c = new char[6];
                for (int i = 0; i < 6; i++) {
                    c[i] = (char) ('A' + SplitMix.below(SplitMix.bits(seed, draw, i), 26));
                }
                draw++;
                name = new String(c);
            } while (!seen.add(name));
            names[s] = name;
            double u = SplitMix.unit(seed, s, 10);
            if (isSecondOfPair(s)) {
                startCents[s] = startCents[s - 1] * StrictMath.exp(u - 0.5);
            } else {
                startCents[s] = 2000 * StrictMath.exp(u * StrictMath.log(10));
            }
        }
    }

    public PairsScale scale() {
        return scale;
    }

    public int size() {
        return names.length;
    }

    public String name(int symbol) {
        return names[symbol];
    }

    public double startCents(int symbol) {
        return startCents[symbol];
    }

    /** The pair a symbol belongs to, numbered over all markets (market·25 + i), or −1. */
    public static int pairOf(int symbol) {
        int inMarket = symbol % PairsScale.SYMBOLS_PER_MARKET;
        if (inMarket >= 2 * PairsScale.PAIRS_PER_MARKET) {
            return -1;
        }
        return symbol / PairsScale.SYMBOLS_PER_MARKET * PairsScale.PAIRS_PER_MARKET + inMarket / 2;
    }

    static boolean isSecondOfPair(int symbol) {
        return pairOf(symbol) >= 0 && symbol % 2 == 1;
    }

    /** The correlated pairs as symbol names {first, second}, market by market. */
    public List<String[]> pairs() {
        List<String[]> pairs = new ArrayList<>();
        for (int m = 0; m < scale.markets(); m++) {
            for (int i = 0; i < PairsScale.PAIRS_PER_MARKET; i++) {
                int a = m * PairsScale.SYMBOLS_PER_MARKET + 2 * i;
                pairs.add(new String[] {names[a], names[a + 1]});
            }
        }
        return pairs;
    }
}
