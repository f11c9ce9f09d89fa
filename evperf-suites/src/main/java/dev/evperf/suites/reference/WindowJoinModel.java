package dev.evperf.suites.reference;

import dev.evperf.suites.spec.Stream1;
import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;

/**
 * Q5: each stream keeps its last S events; an arriving event enters its own window (pushing out the
 * oldest) and joins every event of the other window with its ID. Rows {@code (s1seq, s2seq, ID)};
 * with an A1 bound (identical multi-queries) only matches whose stream1 event has A1 below it.
 */
final class WindowJoinModel implements Model {
    private final String out;
    private final Side left;
    private final Side right;
    private final Double a1Below;

    WindowJoinModel(String out, int rows, Double a1Below) {
        this.out = out;
        this.left = new Side(rows);
        this.right = new Side(rows);
        this.a1Below = a1Below;
    }

    @Override
    public void onEvent(String stream, Object[] e, RowSink sink) {
        long seq = (Long) e[0];
        int id = (Integer) e[1];
        double a1 = (Double) e[2];
        boolean first = stream.equals(Stream1.STREAM1);
        (first ? left : right).add(seq, id, a1);
        ArrayDeque<double[]> matches = (first ? right : left).byId.get(id);
        if (matches == null) {
            return;
        }
        for (double[] m : matches) {
            long other = (long) m[0];
            double s1a1 = first ? a1 : m[1];
            if (a1Below == null || s1a1 < a1Below) {
                sink.row(out, first ? new Object[] {seq, other, id} : new Object[] {other, seq, id});
            }
        }
    }

    /** One stream's window: its events in arrival order (a ring) and, per ID, the window's events of that ID. */
    private static final class Side {
        private final int[] ids;
        private final Map<Integer, ArrayDeque<double[]>> byId = new HashMap<>();
        private long count;

        Side(int rows) {
            this.ids = new int[rows];
        }

        void add(long seq, int id, double a1) {
            int slot = (int) (count % ids.length);
            if (count >= ids.length) {
                // the oldest event of the window is the oldest of its ID
                ArrayDeque<double[]> same = byId.get(ids[slot]);
                same.removeFirst();
                if (same.isEmpty()) {
                    byId.remove(ids[slot]);
                }
            }
            ids[slot] = id;
            byId.computeIfAbsent(id, k -> new ArrayDeque<>()).addLast(new double[] {seq, a1});
            count++;
        }
    }
}
