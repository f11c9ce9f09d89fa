package dev.evperf.suites.pairs;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * evperf's reference implementation of the Pairs strategies (seed 001, §7.3.3): what every engine
 * must output for the same ticks. docs/pairs.md states each rule the thesis leaves open; in short:
 *
 * <ul>
 *   <li>windows are [k·P, (k + 1)·P) on tickTS; the first tick at or after a window's end, of any
 *       symbol, closes it and is the outputs' input (inputTickTS, inputTS); the tick is then added to
 *       its own window;
 *   <li>a period in which either symbol had no tick gives no ratio (it is skipped, not carried);
 *   <li>ratio = avg(symbol1) / avg(symbol2); STDEV is the population one (Bollinger's);
 *   <li>an Indicator for every ratio once numPeriods ratios are in the window;
 *   <li>at each Indicator: first the stop-loss, then the band crossings (upper before lower);
 *   <li>last prices include the closing tick; the balance loses what the BUY costs.
 * </ul>
 */
public final class PairsModel {
    private final Map<String, Integer> lastPrice = new HashMap<>();
    private final Map<String, List<Strategy>> bySymbol = new HashMap<>();
    private final List<Strategy> strategies = new ArrayList<>();
    private final List<Object[]> indicators = new ArrayList<>();
    private final List<Object[]> orders = new ArrayList<>();

    public PairsModel(List<PairsStrategy> specs) {
        for (PairsStrategy s : specs) {
            Strategy st = new Strategy(s);
            strategies.add(st);
            bySymbol.computeIfAbsent(s.symbol1(), k -> new ArrayList<>()).add(st);
            bySymbol.computeIfAbsent(s.symbol2(), k -> new ArrayList<>()).add(st);
        }
    }

    /** Runs one tick; ts is its send time (TS), copied into the outputs it causes. */
    public void tick(String symbol, int price, long tickTS, long ts) {
        lastPrice.put(symbol, price);
        for (Strategy s : strategies) {
            long w = Math.floorDiv(tickTS, s.spec.periodMs());
            if (w != s.window) {
                if (s.window != Long.MIN_VALUE) {
                    s.close(tickTS, ts);
                }
                s.window = w;
            }
        }
        for (Strategy s : bySymbol.getOrDefault(symbol, List.of())) {
            if (symbol.equals(s.spec.symbol1())) {
                s.sum1 += price;
                s.n1++;
            } else {
                s.sum2 += price;
                s.n2++;
            }
        }
    }

    public List<Object[]> indicators() {
        return indicators;
    }

    public List<Object[]> orders() {
        return orders;
    }

    private enum Position {
        FLAT,
        LONG_SHORT,
        SHORT_LONG
    }

    private final class Strategy {
        final PairsStrategy spec;
        final double[] ratios;
        long window = Long.MIN_VALUE;
        long sum1;
        long n1;
        long sum2;
        long n2;
        int filled;
        boolean hasPrevious;
        double prevRatio;
        double prevUpper;
        double prevLower;
        Position position = Position.FLAT;
        long balance;
        int shares;
        double entryRatio;

        Strategy(PairsStrategy spec) {
            this.spec = spec;
            this.ratios = new double[spec.numPeriods()];
            this.balance = spec.availableFunds();
        }

        void close(long tickTS, long ts) {
            boolean empty = n1 == 0 || n2 == 0;
            double ratio = empty ? 0 : ((double) sum1 / n1) / ((double) sum2 / n2);
            sum1 = sum2 = n1 = n2 = 0;
            if (empty) {
                return;
            }
            System.arraycopy(ratios, 1, ratios, 0, ratios.length - 1);
            ratios[ratios.length - 1] = ratio;
            if (++filled < ratios.length) {
                return;
            }
            double sum = 0;
            for (double r : ratios) {
                sum += r;
            }
            double avg = sum / ratios.length;
            double squares = 0;
            for (double r : ratios) {
                squares += (r - avg) * (r - avg);
            }
            double sd = Math.sqrt(squares / ratios.length);
            double upper = avg + spec.bandsMultiplier() * sd;
            double lower = avg - spec.bandsMultiplier() * sd;
            indicators.add(PairsOutputs.indicator(spec.alias(), ratio, avg, upper, lower, tickTS, ts));
            decide(ratio, upper, lower, tickTS, ts);
            hasPrevious = true;
            prevRatio = ratio;
            prevUpper = upper;
            prevLower = lower;
        }

        private void decide(double ratio, double upper, double lower, long tickTS, long ts) {
            if (position == Position.SHORT_LONG && ratio >= (1 + spec.stopLossPerc()) * entryRatio
                    || position == Position.LONG_SHORT && ratio <= (1 - spec.stopLossPerc()) * entryRatio) {
                sell(held(), tickTS, ts);
                position = Position.FLAT;
                return;
            }
            if (!hasPrevious) {
                return;
            }
            // a high ratio: symbol1 is dear, symbol2 cheap: hold symbol2 (SHORT-LONG), and the reverse
            if (ratio >= upper && prevRatio < prevUpper) {
                move(Position.SHORT_LONG, spec.symbol2(), ratio, tickTS, ts);
            } else if (ratio <= lower && prevRatio > prevLower) {
                move(Position.LONG_SHORT, spec.symbol1(), ratio, tickTS, ts);
            }
        }

        private void move(Position to, String toBuy, double ratio, long tickTS, long ts) {
            if (position == to) {
                return;
            }
            if (position != Position.FLAT) {
                sell(held(), tickTS, ts);
            }
            int price = lastPrice.get(toBuy);
            int size = (int) (10 * (balance / (price * 10L)));
            orders.add(PairsOutputs.order(spec.alias(), "BUY", toBuy, price, size, tickTS, ts));
            balance -= (long) size * price;
            shares = size;
            position = to;
            entryRatio = ratio;
        }

        private String held() {
            return position == Position.LONG_SHORT ? spec.symbol1() : spec.symbol2();
        }

        private void sell(String symbol, long tickTS, long ts) {
            int price = lastPrice.get(symbol);
            orders.add(PairsOutputs.order(spec.alias(), "SELL", symbol, price, shares, tickTS, ts));
            balance += (long) shares * price;
            shares = 0;
        }
    }
}
