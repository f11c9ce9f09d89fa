package dev.evperf.suites.nexmark.model;

import static dev.evperf.suites.nexmark.data.NexmarkStreams.AUCTION;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.A_CATEGORY;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.A_ID;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.A_SELLER;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.A_SEQ;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.PERSON;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.P_CITY;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.P_ID;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.P_NAME;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.P_SEQ;
import static dev.evperf.suites.nexmark.data.NexmarkStreams.P_STATE;

import dev.evperf.suites.nexmark.query.LocalItem;
import dev.evperf.suites.reference.Model;
import dev.evperf.suites.reference.RowSink;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** q3: the incremental join; every passing person and auction is kept, each pair output when its second side arrives. */
final class LocalItemModel implements Model {
    private final String out;
    private final long category;
    private final Set<String> states;
    private final Map<Long, Object[]> persons = new HashMap<>(); // id → person row
    private final Map<Long, List<Object[]>> auctionsBySeller = new HashMap<>();

    LocalItemModel(LocalItem q, String out) {
        this.out = out;
        this.category = q.category();
        this.states = Set.copyOf(q.states());
    }

    @Override
    public void onEvent(String stream, Object[] e, RowSink sink) {
        if (stream.equals(PERSON) && states.contains((String) e[P_STATE])) {
            persons.put((Long) e[P_ID], e);
            for (Object[] a : auctionsBySeller.getOrDefault((Long) e[P_ID], List.of())) {
                sink.row(out, row(e, a));
            }
        } else if (stream.equals(AUCTION) && (Long) e[A_CATEGORY] == category) {
            auctionsBySeller
                    .computeIfAbsent((Long) e[A_SELLER], s -> new ArrayList<>())
                    .add(e);
            Object[] p = persons.get((Long) e[A_SELLER]);
            if (p != null) {
                sink.row(out, row(p, e));
            }
        }
    }

    private static Object[] row(Object[] p, Object[] a) {
        return new Object[] {p[P_SEQ], a[A_SEQ], p[P_NAME], p[P_CITY], p[P_STATE], a[A_ID]};
    }
}
