package dev.evperf.suites.pairs;

/**
 * One trade (seed 001, Figure 7.2) as generated: the symbol, the price in cents, the number of
 * shares, and tickTS, the simulated trade time in ms. TS, the wall time of the send, is added by the
 * driver when it sends the tick, never by the generator.
 *
 * @param seq the tick's number in the run (0, 1, ...), its position in every file layout
 */
public record StockTick(long seq, String symbol, int price, int size, long tickTS) {}
