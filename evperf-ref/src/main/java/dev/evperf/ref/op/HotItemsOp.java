package dev.evperf.ref.op;

import java.util.HashMap;
import java.util.Map;

/**
 * Nexmark q5 on event time: per hopping window [s, s + W) of bids (s a multiple of the slide S), the
 * auctions with the most bids, {@code (wend, auction, num)} for every auction whose count equals the
 * window's largest. Bids come in event-time order (the translator refuses the query otherwise), so
 * windows close in order of their end, when the first bid at or after it arrives. It keeps the bids
 * of the open windows in a ring (time, auction) and one running count per auction over the oldest
 * open window: when that window closes, its largest count is found by a scan of the counts, and the
 * bids older than the next window leave the counts.
 */
public final class HotItemsOp implements Operator {
    private final int auctionField, timeField;
    private final long window, slide;
    private final Output out;
    private final Object[] row = new Object[3];
    private final Map<Long, long[]> counts = new HashMap<>();
    /** The end of the oldest open window; the counts are of the bids in [nextEnd − W, nextEnd). */
    private long nextEnd = Long.MIN_VALUE;

    private long[] times = new long[1024], auctions = new long[1024];
    private int head, size;

    public HotItemsOp(int auctionField, int timeField, long windowMs, long slideMs, Output out) {
        this.auctionField = auctionField;
        this.timeField = timeField;
        this.window = windowMs;
        this.slide = slideMs;
        this.out = out;
    }

    @Override
    public void onEvent(Object[] e) {
        long t = (Long) e[timeField];
        long a = (Long) e[auctionField];
        while (t >= nextEnd && size > 0) closeWindow();
        // nothing open (the first bid, or a gap longer than a window): the first window to end is the bid's pane's
        if (size == 0) nextEnd = Math.floorDiv(t, slide) * slide + slide;
        if (size == times.length) grow();
        int i = (head + size++) % times.length;
        times[i] = t;
        auctions[i] = a;
        counts.computeIfAbsent(a, k -> new long[1])[0]++;
    }

    /** Emits the window ending at nextEnd and moves on to the next: its oldest pane's bids leave the counts. */
    private void closeWindow() {
        long max = 0;
        for (long[] c : counts.values()) max = Math.max(max, c[0]);
        row[0] = nextEnd;
        row[2] = max;
        for (Map.Entry<Long, long[]> c : counts.entrySet()) {
            if (c.getValue()[0] == max) {
                row[1] = c.getKey();
                out.emit(row);
            }
        }
        nextEnd += slide;
        long start = nextEnd - window;
        while (size > 0 && times[head] < start) {
            long[] c = counts.get(auctions[head]);
            if (--c[0] == 0) counts.remove(auctions[head]);
            head = (head + 1) % times.length;
            size--;
        }
    }

    private void grow() {
        long[] t = new long[times.length * 2], a = new long[times.length * 2];
        for (int i = 0; i < size; i++) {
            t[i] = times[(head + i) % times.length];
            a[i] = auctions[(head + i) % auctions.length];
        }
        times = t;
        auctions = a;
        head = 0;
    }
}
