package dev.evperf.ref.op;

import java.util.Arrays;

/**
 * Nexmark q7 on event time: per tumbling window [s, s + W) of bids (s a multiple of W), every bid at
 * the window's largest price, as {@code (wend, seq, auction, price, bidder, dateTime, extra)}, emitted
 * when the first bid at or after the window's end arrives. Bids come in event-time order (the
 * translator refuses the query on out-of-order data), so one window is open at a time; it keeps only
 * the bids at the largest price so far, copied into arrays reused from window to window.
 */
public final class HighestBidOp implements Operator {
    private final int seqField, auctionField, priceField, bidderField, timeField, extraField;
    private final long window;
    private final Output out;
    private final Object[] row = new Object[7];
    private long end = Long.MIN_VALUE;
    private long max;
    private int n;
    private long[] seq = new long[16], auction = new long[16], bidder = new long[16], time = new long[16];
    private Object[] extra = new Object[16];

    /** @param fields the bid's seq, auction, price, bidder, dateTime and extra positions */
    public HighestBidOp(int[] fields, long windowMs, Output out) {
        this.seqField = fields[0];
        this.auctionField = fields[1];
        this.priceField = fields[2];
        this.bidderField = fields[3];
        this.timeField = fields[4];
        this.extraField = fields[5];
        this.window = windowMs;
        this.out = out;
    }

    @Override
    public void onEvent(Object[] e) {
        long t = (Long) e[timeField];
        long price = (Long) e[priceField];
        if (t >= end) {
            if (n > 0) emit();
            n = 0;
            end = Math.floorDiv(t, window) * window + window;
        }
        if (n > 0 && price < max) return;
        if (n == 0 || price > max) {
            max = price;
            n = 0;
        }
        if (n == seq.length) grow();
        seq[n] = (Long) e[seqField];
        auction[n] = (Long) e[auctionField];
        bidder[n] = (Long) e[bidderField];
        time[n] = t;
        extra[n++] = e[extraField];
    }

    private void emit() {
        row[0] = end;
        row[3] = max;
        for (int i = 0; i < n; i++) {
            row[1] = seq[i];
            row[2] = auction[i];
            row[4] = bidder[i];
            row[5] = time[i];
            row[6] = extra[i];
            out.emit(row);
        }
        Arrays.fill(extra, 0, n, null);
    }

    private void grow() {
        int c = seq.length * 2;
        seq = Arrays.copyOf(seq, c);
        auction = Arrays.copyOf(auction, c);
        bidder = Arrays.copyOf(bidder, c);
        time = Arrays.copyOf(time, c);
        extra = Arrays.copyOf(extra, c);
    }
}
