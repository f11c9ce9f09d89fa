package dev.evperf.ref.op;

import java.util.HashMap;
import java.util.Map;

/**
 * Nexmark cep2 (price dips): per (auction, bidder), a bid S, then bids D each lower than the one
 * before, then a higher one U, in consecutive bids of the pair ({@code PATTERN (S D+ U)}, after a
 * match skip to U), as {@code (sseq, dseq, useq, auction, bidder, bottom)}, emitted during U's send.
 *
 * <p>Every bid of the pair extends, completes or fails each partial match, so the matches that have
 * a D all end in the pair's previous bid, and the only match without one starts there. A U completes
 * them together and the earliest start wins (skipping to U drops the rest). The pair's state is thus
 * three numbers: its previous bid (seq, price) and the earliest start of a match with a D.
 */
public final class PriceDipsOp implements Operator {
    private final int seqField, auctionField, bidderField, priceField;
    private final Output out;
    private final Object[] row = new Object[6];
    private final Map<Pair, long[]> pairs = new HashMap<>(); // {previous seq, previous price, start or -1}

    private record Pair(long auction, long bidder) {}

    /** @param fields the bid's seq, auction, bidder and price positions */
    public PriceDipsOp(int[] fields, Output out) {
        this.seqField = fields[0];
        this.auctionField = fields[1];
        this.bidderField = fields[2];
        this.priceField = fields[3];
        this.out = out;
    }

    @Override
    public void onEvent(Object[] e) {
        Long auction = (Long) e[auctionField];
        Long bidder = (Long) e[bidderField];
        long seq = (Long) e[seqField];
        long price = (Long) e[priceField];
        long[] s = pairs.get(new Pair(auction, bidder));
        if (s == null) {
            pairs.put(new Pair(auction, bidder), new long[] {seq, price, -1});
            return;
        }
        if (price < s[1]) {
            if (s[2] < 0) s[2] = s[0]; // the previous bid was S, this one its first D
        } else {
            if (price > s[1] && s[2] >= 0) {
                row[0] = s[2];
                row[1] = s[0];
                row[2] = seq;
                row[3] = auction;
                row[4] = bidder;
                row[5] = s[1];
                out.emit(row);
            }
            s[2] = -1; // matched and skipped to U, or neither D nor U: no match with a D is left
        }
        s[0] = seq;
        s[1] = price;
    }
}
