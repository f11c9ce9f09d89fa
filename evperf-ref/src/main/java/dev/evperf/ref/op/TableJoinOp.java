package dev.evperf.ref.op;

import dev.evperf.ref.agg.LongIntMap;
import java.util.Arrays;

/**
 * Stream-to-table join on ID (seed 001, Q6 and chapter 5's join), the table in memory: rows arrive
 * on their own input ({@code table1_rows(ID, F1..F9)}, a later row of an ID replacing the earlier)
 * and each stream event emits {@code (seq, ID, A1, F1..F9)} with its ID's row, or nothing.
 *
 * <p>The table is row-major primitive doubles (one row = 72 contiguous bytes) behind an open-addressing
 * index from ID to row. Two ways to join:
 * <ul>
 * <li><b>hash</b>: one lookup per event as it arrives; outputs inside its send;</li>
 * <li><b>batch grace hash</b> (chapter 5.5.2): the table is split into P partitions by a hash of ID,
 *     each with its own index and rows; events are buffered into a batch of B, partitioned the same
 *     way, and when the batch is full the partitions are joined one after the other, so each
 *     partition's index and rows are brought into the cache once per batch rather than once per event.
 *     Outputs of a batch leave during the send of its last event (or at drain), in partition order.</li>
 * </ul>
 */
public final class TableJoinOp {
    private final int width;
    private final int seqField;
    private final int idField;
    private final int a1Field;
    private final Output out;
    private final Object[] row;
    private final Partition[] partitions;
    // grace: the pending batch
    private final int batch;
    // What the join reads of each buffered event, copied while the event is in the cache: the
    // partitions visit the batch out of arrival order, and reading the events' own arrays and
    // boxes then costs a cache miss each (measured: grace 0.73x hash by CPU before this).
    private final Object[] pendingSeq;
    private final int[] pendingId;
    private final Object[] pendingIdBox;
    private final Object[] pendingA1;
    private final int[] pendingPartition;
    private final int[] order;
    private final int[] starts;
    private int buffered;

    /**
     * @param partitions   1 and batch 1 for the plain hash join
     * @param expectedRows the table's size, if known (the spec's), so its arrays are made once and
     *                     never copied while it loads (an 80 M-row table is 5.8 GB of rows)
     */
    public TableJoinOp(
            int width,
            int seqField,
            int idField,
            int a1Field,
            int partitions,
            int batch,
            long expectedRows,
            Output out) {
        this.width = width;
        this.seqField = seqField;
        this.idField = idField;
        this.a1Field = a1Field;
        this.out = out;
        this.row = new Object[3 + width];
        this.partitions = new Partition[partitions];
        // a hash spreads rows evenly: each partition gets its share and a few standard deviations more
        long share = expectedRows / partitions;
        int presize = (int) Math.min(
                Integer.MAX_VALUE / width - 8, share + (partitions > 1 ? 4 * (long) Math.sqrt(share) + 16 : 0));
        for (int p = 0; p < partitions; p++) this.partitions[p] = new Partition(width, Math.max(16, presize));
        this.batch = batch;
        this.pendingSeq = batch > 1 ? new Object[batch] : null;
        this.pendingId = batch > 1 ? new int[batch] : null;
        this.pendingIdBox = batch > 1 ? new Object[batch] : null;
        this.pendingA1 = batch > 1 ? new Object[batch] : null;
        this.pendingPartition = batch > 1 ? new int[batch] : null;
        this.order = batch > 1 ? new int[batch] : null;
        this.starts = batch > 1 ? new int[partitions + 1] : null;
    }

    private boolean grace() {
        return batch > 1;
    }

    private int partition(int id) {
        return partitions.length == 1 ? 0 : (int) ((mix(id) >>> 1) % partitions.length);
    }

    private static long mix(long z) {
        z = (z ^ (z >>> 33)) * 0xff51afd7ed558ccdL;
        return z ^ (z >>> 33);
    }

    /** The operator for the table's rows {@code (ID, F1..Fw)}. */
    public Operator tableRows() {
        return new Side() {
            @Override
            public void onEvent(Object[] r) {
                int id = (Integer) r[0];
                double[] values = new double[width];
                for (int f = 0; f < width; f++) values[f] = ((Number) r[f + 1]).doubleValue();
                if (grace() && buffered > 0) flushBatch(); // events before this row join the table as it was
                partitions[partition(id)].put(id, values);
            }
        };
    }

    /** The operator for the stream's events. */
    public Operator events() {
        return new Side() {
            @Override
            public void onEvent(Object[] e) {
                int id = (Integer) e[idField];
                if (!grace()) {
                    Partition p = partitions[0];
                    int r = p.index.get(id);
                    if (r >= 0) emit(e, p.rows, r);
                    return;
                }
                pendingPartition[buffered] = partition(id);
                pendingSeq[buffered] = e[seqField];
                pendingId[buffered] = id;
                pendingIdBox[buffered] = e[idField];
                pendingA1[buffered++] = e[a1Field];
                if (buffered == batch) flushBatch();
            }
        };
    }

    /** Either input: both flush the pending batch, and with it both emit later than their input. */
    private abstract class Side implements Operator {
        @Override
        public void flush() {
            flushBatch();
        }

        @Override
        public boolean emitsOnItsInput() {
            return !grace();
        }
    }

    /** Joins the pending batch partition by partition (a counting sort puts each partition's events together). */
    private void flushBatch() {
        if (buffered == 0) return;
        Arrays.fill(starts, 0);
        for (int i = 0; i < buffered; i++) starts[pendingPartition[i] + 1]++;
        for (int p = 0; p < partitions.length; p++) starts[p + 1] += starts[p];
        for (int i = 0; i < buffered; i++) order[starts[pendingPartition[i]]++] = i;
        int n = buffered;
        buffered = 0;
        for (int k = 0; k < n; k++) {
            int i = order[k];
            Partition p = partitions[pendingPartition[i]];
            int r = p.index.get(pendingId[i]);
            if (r >= 0) emit(pendingSeq[i], pendingIdBox[i], pendingA1[i], p.rows, r);
        }
        Arrays.fill(pendingSeq, 0, n, null);
        Arrays.fill(pendingIdBox, 0, n, null);
        Arrays.fill(pendingA1, 0, n, null);
    }

    private void emit(Object[] e, double[] rows, int r) {
        emit(e[seqField], e[idField], e[a1Field], rows, r);
    }

    private void emit(Object seq, Object id, Object a1, double[] rows, int r) {
        row[0] = seq;
        row[1] = id;
        row[2] = a1;
        int base = r * width;
        for (int f = 0; f < width; f++) row[3 + f] = rows[base + f];
        out.emit(row);
    }

    /** One partition (the whole table for the plain hash join): its index and its rows, row-major. */
    private static final class Partition {
        final int width;
        final LongIntMap index;
        double[] rows;
        int size;

        Partition(int width, int expected) {
            this.width = width;
            this.index = new LongIntMap(expected);
            this.rows = new double[expected * width];
        }

        void put(int id, double[] values) {
            int r = index.get(id);
            if (r < 0) {
                r = size++;
                if ((long) size * width > rows.length) {
                    long grown = Math.min((long) rows.length * 2, Integer.MAX_VALUE - 8);
                    if (grown < (long) size * width)
                        throw new IllegalStateException("a table partition holds at most "
                                + (Integer.MAX_VALUE - 8) / width + " rows; use more grace partitions");
                    rows = Arrays.copyOf(rows, (int) grown);
                }
                index.put(id, r);
            }
            System.arraycopy(values, 0, rows, r * width, width);
        }
    }
}
