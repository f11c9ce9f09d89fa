package dev.evperf.ref.op;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * Nexmark cep1 (outbid): per auction, for every bid the first later bid at a higher price less than
 * {@code within} of event time after it, as {@code (aseq, cseq, auction, aprice, cprice)}, emitted
 * during the send of the higher bid. Bids come in event-time order (the translator refuses the query
 * on out-of-order data).
 *
 * <p>Per auction the bids still waiting for a higher one form a deque: each bid removes every waiting
 * bid it outbids, so the rest are at its price or above and the deque's prices never rise from head
 * to tail; times rise, so the bids too old to match are a prefix. A bid therefore drops a prefix
 * (too old) and a suffix (outbid: its matches, emitted oldest first) and joins at the tail, in O(1)
 * amortized, where a pattern matcher keeps one partial match per waiting bid and tries each.
 */
public final class OutbidOp implements Operator {
    private final int seqField, auctionField, priceField, timeField;
    private final long within;
    private final Output out;
    private final Object[] row = new Object[5];
    private final Map<Long, Waiting> auctions = new HashMap<>();

    /** @param fields the bid's seq, auction, price and dateTime positions */
    public OutbidOp(int[] fields, long withinMs, Output out) {
        this.seqField = fields[0];
        this.auctionField = fields[1];
        this.priceField = fields[2];
        this.timeField = fields[3];
        this.within = withinMs;
        this.out = out;
    }

    @Override
    public void onEvent(Object[] e) {
        Long auction = (Long) e[auctionField];
        long seq = (Long) e[seqField];
        long price = (Long) e[priceField];
        long t = (Long) e[timeField];
        Waiting w = auctions.computeIfAbsent(auction, a -> new Waiting());
        while (w.head < w.tail && t - w.time[w.head] >= within) w.head++; // neither B nor C: failed
        int k = w.tail;
        while (k > w.head && w.price[k - 1] < price) k--;
        if (k < w.tail) {
            row[1] = seq;
            row[2] = auction;
            row[4] = price;
            for (int i = k; i < w.tail; i++) {
                row[0] = w.seq[i];
                row[3] = w.price[i];
                out.emit(row);
            }
            w.tail = k;
        }
        w.add(seq, price, t);
    }

    /** One auction's waiting bids in [head, tail). */
    private static final class Waiting {
        long[] seq = new long[4], price = new long[4], time = new long[4];
        int head, tail;

        void add(long s, long p, long t) {
            if (head == tail) head = tail = 0;
            if (tail == seq.length) {
                if (head > 0) { // slide down over the dropped prefix
                    int n = tail - head;
                    System.arraycopy(seq, head, seq, 0, n);
                    System.arraycopy(price, head, price, 0, n);
                    System.arraycopy(time, head, time, 0, n);
                    head = 0;
                    tail = n;
                } else {
                    seq = Arrays.copyOf(seq, tail * 2);
                    price = Arrays.copyOf(price, tail * 2);
                    time = Arrays.copyOf(time, tail * 2);
                }
            }
            seq[tail] = s;
            price[tail] = p;
            time[tail++] = t;
        }
    }
}
