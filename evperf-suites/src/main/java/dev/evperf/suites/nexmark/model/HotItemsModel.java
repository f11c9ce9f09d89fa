package dev.evperf.suites.nexmark.model;

import static dev.evperf.suites.nexmark.data.NexmarkStreams.B_AUCTION;

import dev.evperf.suites.nexmark.query.HotItems;
import dev.evperf.suites.reference.RowSink;
import java.util.HashMap;
import java.util.Map;

/** q5: bids per auction in each hopping window; the auctions with the window's largest count. */
final class HotItemsModel extends WindowModel<Map<Long, Long>> {
    private final String out;

    HotItemsModel(HotItems q, String out) {
        super(q, q.slide().millis(), HashMap::new);
        this.out = out;
    }

    @Override
    void add(String stream, Object[] bid, Map<Long, Long> counts) {
        counts.merge((Long) bid[B_AUCTION], 1L, Long::sum);
    }

    @Override
    void close(long wend, Map<Long, Long> counts, RowSink sink) {
        long max = counts.values().stream().mapToLong(Long::longValue).max().orElse(0);
        counts.forEach((auction, num) -> {
            if (num == max) {
                sink.row(out, new Object[] {wend, auction, num});
            }
        });
    }
}
