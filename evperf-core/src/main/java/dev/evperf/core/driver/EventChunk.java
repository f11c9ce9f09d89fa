package dev.evperf.core.driver;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed-size piece of the trial's records: a run of consecutive events (seq {@code first} to
 * {@code first + size − 1}) with their schedule (filled ahead of the senders, off the hot path)
 * and their send start and send end (filled by the senders). A trial cycles a few of these
 * through supply → senders → writer → supply, so its records take the same heap whatever its
 * length. Micro-batches lie wholly inside one chunk, prepared in the engine's form by the supply.
 *
 * <p>Send times are laid out by {@link #slot}: with several unbatched senders, each sender's
 * events (every n-th row) are contiguous in a segment of their own, so two threads never write
 * the same cache line; {@link #sendStart(int)} and {@link #sendEnd(int)} read them by row.
 */
public final class EventChunk {
    public final int capacity;
    final int senders;
    /** Slots per sender (a multiple of 8 longs, one cache line) when unbatched senders share the chunk. */
    final int segment;
    /** Which chunk of the run this is (0, 1, …); set last when the supply publishes it. */
    public volatile long number = -1;
    /** Seq of row 0, and rows in use. */
    public long first;

    public int size;
    /** Intended send time, ns after the schedule's start (not the trial's origin): the supply runs before that is fixed. */
    public final long[] intended;

    public final int[] phase, burst, position;
    /** The batch index of each row, -1 when the schedule is unbatched. */
    public final int[] batch;

    final long[] sendStart, sendEnd;
    /** Capacity mode (sampled timing): which rows are timed (1), others are sent without a clock read. */
    public final byte[] timed;
    /**
     * Capacity mode: the timed rows in order, the first {@link #timedCount} of them; listed by the supply so
     * that the sender finds the next timed row without reading {@link #timed} per event (made on the first
     * sampled fill: other trials do not need it).
     */
    public int[] timedRows;

    public int timedCount;
    /** Whether this chunk's rows are sampled (else every row is timed). */
    public boolean sampled;

    /** Batches in this chunk: batch j holds rows [batchFirst[j], batchFirst[j+1]), is due at batchDue[j] (schedule axis). */
    public int batches;

    public final int[] batchFirst;
    public final long[] batchDue;
    public final long[] batchIndex;
    /** Each batch in the engine's own form (InputHandle.prepareBatch), made by the supply. */
    public final Object[] batchObjects;

    /** Senders that have not finished their share of this chunk yet. */
    final AtomicInteger pending = new AtomicInteger();

    public EventChunk(int capacity, int senders, boolean batched) {
        this.capacity = capacity;
        this.senders = batched ? 1 : senders;
        this.segment = this.senders == 1 ? capacity : (((capacity + senders - 1) / senders) + 7) & ~7;
        intended = new long[capacity];
        phase = new int[capacity];
        burst = new int[capacity];
        position = new int[capacity];
        batch = new int[capacity];
        timed = new byte[capacity];
        sendStart = new long[this.senders * segment];
        sendEnd = new long[this.senders * segment];
        int maxBatches = batched ? capacity : 0;
        batchFirst = new int[maxBatches + 1];
        batchDue = new long[maxBatches];
        batchIndex = new long[maxBatches];
        batchObjects = new Object[maxBatches];
    }

    /** Senders whose shares are laid out side by side (1 when batched or sent by one sender: slot = row). */
    public int senders() {
        return senders;
    }

    /** Where row's send times are: row % senders's segment, at row / senders (one sender: the row itself). */
    public int slot(int row) {
        return senders == 1 ? row : (row % senders) * segment + row / senders;
    }

    /** The send-start column as laid out (index it with {@link #slot}). */
    public long[] sendStartColumn() {
        return sendStart;
    }

    public long[] sendEndColumn() {
        return sendEnd;
    }

    public long sendStart(int row) {
        return sendStart[slot(row)];
    }

    public long sendEnd(int row) {
        return sendEnd[slot(row)];
    }

    /** Makes the chunk empty for the supply to fill again; zeroes send ends, which the live line reads as "not sent yet". */
    public void clear() {
        Arrays.fill(sendEnd, 0);
        Arrays.fill(batchObjects, 0, batches, null);
        size = 0;
        batches = 0;
    }
}
