package dev.evperf.suites.pairs;

/**
 * One Pairs strategy (seed 001, Table B.1 and Figure B.2).
 *
 * @param alias           {@code st_00001}, ... (Figure B.2's spelling; Table B.1 writes {@code st-00001})
 * @param user            the user who owns it: strategy j (from 0) is user j/5's
 * @param availableFunds  in cents, as in Figure B.2 ({@code 1000000} = the table's 10k $)
 * @param periodLength    seconds of each tumbling window on tickTS
 * @param numPeriods      ratios in the count window
 * @param bandsMultiplier the bands are avg ± bandsMultiplier·stdev
 * @param stopLossPerc    a fraction ({@code 0.3} = 30 %, as in Figure B.2)
 */
public record PairsStrategy(
        String alias,
        int user,
        String symbol1,
        String symbol2,
        long availableFunds,
        int periodLength,
        int numPeriods,
        double bandsMultiplier,
        double stopLossPerc) {

    public PairsStrategy {
        if (symbol1.equals(symbol2)
                || availableFunds <= 0
                || periodLength <= 0
                || numPeriods < 2
                || !(bandsMultiplier > 0)
                || !(stopLossPerc > 0 && stopLossPerc < 1)) {
            throw new IllegalArgumentException("strategy " + alias + ": parameter out of range");
        }
    }

    public long periodMs() {
        return periodLength * 1000L;
    }
}
