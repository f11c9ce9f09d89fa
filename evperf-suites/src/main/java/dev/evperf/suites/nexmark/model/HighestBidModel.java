package dev.evperf.suites.nexmark.model;

import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_AUCTION;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_BIDDER;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_EXTRA;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_PRICE;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_SEQ;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_TIME;

import dev.evperf.suites.nexmark.query.HighestBid;
import dev.evperf.suites.reference.RowSink;
import java.util.ArrayList;
import java.util.List;

/** q7: per tumbling window, the bids at the window's largest price. */
final class HighestBidModel extends WindowModel<List<Object[]>> {
    private final String out;

    HighestBidModel(HighestBid q, String out) {
        super(q, q.window().millis(), ArrayList::new);
        this.out = out;
    }

    /** Keeps only the bids at the largest price so far. */
    @Override
    void add(String stream, Object[] bid, List<Object[]> best) {
        long price = (Long) bid[B_PRICE];
        long max = best.isEmpty() ? Long.MIN_VALUE : (Long) best.get(0)[B_PRICE];
        if (price > max) {
            best.clear();
        }
        if (price >= max) {
            best.add(bid);
        }
    }

    @Override
    void close(long wend, List<Object[]> best, RowSink sink) {
        for (Object[] b : best) {
            sink.row(out, new Object[] {wend, b[B_SEQ], b[B_AUCTION], b[B_PRICE], b[B_BIDDER], b[B_TIME], b[B_EXTRA]});
        }
    }
}
