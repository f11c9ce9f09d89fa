package dev.evperf.suites.nexmark.model;

import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_AUCTION;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_BIDDER;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_PRICE;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_SEQ;

import dev.evperf.suites.reference.Model;
import dev.evperf.suites.reference.RowSink;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * cep2: per (auction, bidder), the partial matches S D…; each bid of the pair extends, completes
 * or fails every one of them, then starts one of its own. The matches a U completes all end in the
 * same D (the rows are consecutive), so they complete together: the earliest is the match, and
 * skipping to U drops the others.
 */
final class PriceDipsModel implements Model {
    private final String out;
    private final Map<List<Long>, List<long[]>> partial =
            new HashMap<>(); // {sseq, sprice, dseq (-1: no D yet), dprice}

    PriceDipsModel(String out) {
        this.out = out;
    }

    @Override
    public void onEvent(String stream, Object[] b, RowSink sink) {
        long seq = (Long) b[B_SEQ];
        long price = (Long) b[B_PRICE];
        List<long[]> matches =
                partial.computeIfAbsent(List.of((Long) b[B_AUCTION], (Long) b[B_BIDDER]), x -> new ArrayList<>());
        for (Iterator<long[]> it = matches.iterator(); it.hasNext(); ) {
            long[] m = it.next();
            long last = m[2] < 0 ? m[1] : m[3];
            if (price < last) {
                m[2] = seq; // a (further) D
                m[3] = price;
            } else if (m[2] >= 0 && price > last) {
                sink.row(out, new Object[] {m[0], m[2], seq, b[B_AUCTION], b[B_BIDDER], m[3]}); // the earliest start
                matches.clear(); // after match skip to last U: every other partial match started before U
                break;
            } else {
                it.remove(); // neither D nor U
            }
        }
        matches.add(new long[] {seq, price, -1, 0});
    }
}
