package dev.evperf.ref.op;

import java.util.List;

/**
 * Window-to-window join on ID (seed 001, Q5), and N such joins at once (the multi-query test) over
 * one shared pair of windows: {@code stream1 [ROWS S] ⋈ stream2 [ROWS S] ON ID}. Each side keeps its
 * last S_max events in primitive arrays (seq, ID, A1), chained per ID newest to oldest; an arriving
 * event enters its own window and walks the other side's chain of its ID until the events are older
 * than the largest window, emitting {@code (s1seq, s2seq, ID)} to every query whose window reaches
 * that far (and whose predicate on stream1's A1 holds). Nothing is removed: a chain entry older than
 * the window is simply not reached, and its slot is overwritten in turn.
 */
public final class WindowJoinOp {

    /** One of the joins: its output, its windows' size and, for identical multi-queries, S1.A1 &lt; bound (or NaN). */
    public record Member(Output out, int rows, double a1Below) {}

    private final Member[] members;
    private final int maxRows;
    private final Side left;
    private final Side right;
    private final int seqField;
    private final int idField;
    private final int a1Field;
    private final Object[][] rows;

    public WindowJoinOp(List<Member> members, int maxId, int seqField, int idField, int a1Field) {
        this.members = members.toArray(Member[]::new);
        int max = 1;
        boolean predicate = false;
        for (Member m : this.members) {
            max = Math.max(max, m.rows());
            predicate |= !Double.isNaN(m.a1Below());
        }
        this.maxRows = max;
        this.left = new Side(max, maxId, predicate);
        this.right = new Side(max, maxId, false);
        this.seqField = seqField;
        this.idField = idField;
        this.a1Field = a1Field;
        this.rows = new Object[this.members.length][3];
    }

    /** The operator for stream1's events. */
    public Operator first() {
        return e -> onEvent(e, true);
    }

    /** The operator for stream2's events. */
    public Operator second() {
        return e -> onEvent(e, false);
    }

    private void onEvent(Object[] e, boolean first) {
        Object seqBoxed = e[seqField];
        long seq = (Long) seqBoxed;
        Object idBoxed = e[idField];
        int id = (Integer) idBoxed;
        double a1 = (Double) e[a1Field];
        Side own = first ? left : right;
        Side other = first ? right : left;
        own.add(seq, id, a1);
        long p = other.heads.get(id);
        while (p != 0) {
            long pos = p - 1;
            long distance = other.count - pos; // 1 = the other side's newest event
            if (distance > maxRows) break;
            int slot = (int) (pos % other.capacity);
            double s1a1 = first ? a1 : other.a1 == null ? Double.NaN : other.a1[slot];
            Long otherSeq = null;
            for (int q = 0; q < members.length; q++) {
                Member m = members[q];
                if (distance > m.rows() || !(Double.isNaN(m.a1Below()) || s1a1 < m.a1Below())) continue;
                if (otherSeq == null) otherSeq = other.seq[slot];
                Object[] row = rows[q];
                row[0] = first ? seqBoxed : otherSeq;
                row[1] = first ? otherSeq : seqBoxed;
                row[2] = idBoxed;
                m.out().emit(row);
            }
            p = other.previous[slot];
        }
    }

    /** One stream's window: a ring of its last {@code capacity} events, chained per ID. */
    private static final class Side {
        final int capacity;
        final long[] seq;
        final double[] a1;
        final long[] previous;
        final IdHeads heads;
        long count;

        Side(int capacity, int maxId, boolean keepA1) {
            this.capacity = capacity;
            this.seq = new long[capacity];
            this.a1 = keepA1 ? new double[capacity] : null;
            this.previous = new long[capacity];
            this.heads = new IdHeads(maxId);
        }

        void add(long s, int id, double value) {
            long before = heads.get(id);
            heads.set(id, count + 1);
            int slot = (int) (count % capacity);
            seq[slot] = s;
            if (a1 != null) a1[slot] = value;
            previous[slot] = before;
            count++;
        }
    }
}
