package dev.evperf.suites.reference;

import dev.evperf.suites.spec.SeqPattern;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Q7, all-to-all: each event a2 with A1 > K pairs with every earlier event a1 of its ID whose TS
 * is at most w before a2's. Per ID it keeps the events of the last w, oldest first.
 */
final class PatternModel implements Model {
    private final String out;
    private final double k;
    private final long within;
    private final int ts;
    private final Map<Integer, ArrayDeque<long[]>> byId = new HashMap<>(); // {seq, TS}

    PatternModel(SeqPattern q, String out) {
        this.out = out;
        this.k = q.k();
        this.within = q.within().millis();
        this.ts = q.data().tsIndex();
    }

    @Override
    public void onEvent(String stream, Object[] e, RowSink sink) {
        long seq = (Long) e[0];
        int id = (Integer) e[1];
        long t = (Long) e[ts];
        ArrayDeque<long[]> earlier = byId.computeIfAbsent(id, x -> new ArrayDeque<>());
        while (!earlier.isEmpty() && t - earlier.peekFirst()[1] > within) {
            earlier.removeFirst();
        }
        if ((Double) e[2] > k) {
            for (long[] a1 : earlier) {
                sink.row(out, new Object[] {a1[0], seq, id});
            }
        }
        earlier.addLast(new long[] {seq, t});
    }
}
