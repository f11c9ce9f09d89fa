package dev.evperf.suites.nexmark.model;

import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_AUCTION;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_PRICE;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_SEQ;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_TIME;

import dev.evperf.suites.nexmark.query.Outbid;
import dev.evperf.suites.reference.Model;
import dev.evperf.suites.reference.RowSink;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * cep1: per auction, the bids still waiting for a higher one (their match's A); each new bid ends
 * the wait of every earlier bid it outbids within {@code within}, and fails those it arrives too late
 * for (in arrival order, as B* then admits no row).
 */
final class OutbidModel implements Model {
    private final String out;
    private final long within;
    private final Map<Long, List<long[]>> waiting = new HashMap<>(); // auction → {seq, price, time}

    OutbidModel(Outbid q, String out) {
        this.out = out;
        this.within = q.within().millis();
    }

    @Override
    public void onEvent(String stream, Object[] b, RowSink sink) {
        long auction = (Long) b[B_AUCTION];
        long seq = (Long) b[B_SEQ];
        long price = (Long) b[B_PRICE];
        long t = (Long) b[B_TIME];
        List<long[]> list = waiting.computeIfAbsent(auction, x -> new ArrayList<>());
        for (Iterator<long[]> it = list.iterator(); it.hasNext(); ) {
            long[] a = it.next();
            if (t - a[2] >= within) {
                it.remove(); // neither B nor C: the match fails
            } else if (price > a[1]) {
                sink.row(out, new Object[] {a[0], seq, auction, a[1], price});
                it.remove();
            }
        }
        list.add(new long[] {seq, price, t});
    }
}
