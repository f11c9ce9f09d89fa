package dev.evperf.ref.op;

import java.util.Arrays;

/**
 * {@code SEQ(A a1, A a2) WHERE a1.ID = a2.ID AND a2.A1 > K WITHIN w}, all-to-all (seed 001, Q7): per
 * ID the events of the last w (seq and TS, two primitive arrays in a ring); an event with A1 > K
 * pairs with every one of them, {@code (a1seq, a2seq, ID)}, then joins them.
 */
public final class PatternOp implements Operator {
    private final int seqField;
    private final int idField;
    private final int a1Field;
    private final int tsField;
    private final double k;
    private final long within;
    private final Output out;
    private final Object[] row = new Object[3];
    private Recent[] byId;

    public PatternOp(
            int maxId, int seqField, int idField, int a1Field, int tsField, double k, long withinMs, Output out) {
        this.byId = new Recent[Math.max(16, maxId + 1)];
        this.seqField = seqField;
        this.idField = idField;
        this.a1Field = a1Field;
        this.tsField = tsField;
        this.k = k;
        this.within = withinMs;
        this.out = out;
    }

    @Override
    public void onEvent(Object[] e) {
        Object seqBoxed = e[seqField];
        long seq = (Long) seqBoxed;
        int id = (Integer) e[idField];
        double a1 = (Double) e[a1Field];
        long t = (Long) e[tsField];
        if (id < 0 || id >= 1 << 28)
            throw new IllegalArgumentException("ID " + id + " is outside 0.." + ((1 << 28) - 1));
        if (id >= byId.length) byId = Arrays.copyOf(byId, Math.max(id + 1, byId.length * 2));
        Recent r = byId[id];
        if (r == null) byId[id] = r = new Recent();
        while (r.size > 0 && t - r.ts[r.head] > within) r.removeOldest();
        if (a1 > k) {
            row[1] = seqBoxed;
            row[2] = e[idField];
            for (int i = 0; i < r.size; i++) {
                row[0] = r.seq[(r.head + i) & (r.seq.length - 1)];
                out.emit(row);
            }
        }
        r.add(seq, t);
    }

    /** One ID's events within w, oldest first. */
    private static final class Recent {
        long[] seq = new long[8];
        long[] ts = new long[8];
        int head;
        int size;

        void add(long s, long t) {
            if (size == seq.length) {
                long[] a = new long[size * 2];
                long[] b = new long[size * 2];
                for (int i = 0; i < size; i++) {
                    a[i] = seq[(head + i) & (seq.length - 1)];
                    b[i] = ts[(head + i) & (seq.length - 1)];
                }
                seq = a;
                ts = b;
                head = 0;
            }
            int at = (head + size) & (seq.length - 1);
            seq[at] = s;
            ts[at] = t;
            size++;
        }

        void removeOldest() {
            head = (head + 1) & (seq.length - 1);
            size--;
        }
    }
}
