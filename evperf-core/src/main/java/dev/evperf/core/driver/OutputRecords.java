package dev.evperf.core.driver;

import dev.evperf.api.OutputListener;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The sink: receipt time and causing input's sequence number of every output, in preallocated
 * primitive columns shared by the listeners of all output streams. Outputs beyond the capacity
 * are counted, not recorded.
 *
 * <p>How a listener claims its slot and times the receipt depends on how the engine delivers:
 * <ul>
 * <li>{@link Delivery#ANY_THREAD}: one atomic increment per output, so engines that deliver on
 *     several threads are recorded correctly; the listener reads the clock.</li>
 * <li>{@link Delivery#SENDING_THREAD}: the engine calls listeners inside {@code send}, on the one
 *     sending thread, so a plain counter is enough (≈ 4 ns less per output).</li>
 * <li>{@link Delivery#SENDING_THREAD_SEND_END}: as above, and the listener reads no clock: the
 *     receipt is taken as the causing input's send end (filled in by {@link #receiptsFromSendEnd}),
 *     an upper bound that saves one clock read (≈ 24 ns on a KVM guest) per output. End-to-end
 *     latency then equals processing time; chosen with {@code measure.receipt: send-end}.</li>
 * </ul>
 */
public final class OutputRecords {
    /** How the engine calls the listeners, which decides how they record. */
    public enum Delivery { ANY_THREAD, SENDING_THREAD, SENDING_THREAD_SEND_END }

    /** Marks a receipt time not read by the listener (send-end receipt), until it is filled in. */
    static final long NOT_READ = Long.MIN_VALUE;

    public final long[] received;
    public final long[] seq;
    public final short[] stream;
    private final AtomicInteger shared = new AtomicInteger();
    /** The slot counter of sending-thread listeners: only the sending thread touches it. */
    private int local;
    private final long origin;

    public OutputRecords(int capacity, long origin) {
        this.received = new long[capacity];
        this.seq = new long[capacity];
        this.stream = new short[capacity];
        this.origin = origin;
    }

    /** A listener that may be called on any thread (the general case). */
    public OutputListener listener(int streamId, int seqIndex) {
        return listener(streamId, seqIndex, Delivery.ANY_THREAD);
    }

    /**
     * A listener for one output stream.
     *
     * @param streamId index of the stream in the trial's output list
     * @param seqIndex attribute holding the input's sequence number, or -1 when none does
     */
    public OutputListener listener(int streamId, int seqIndex, Delivery delivery) {
        short id = (short) streamId;
        if (delivery == Delivery.SENDING_THREAD_SEND_END && seqIndex < 0) {
            throw new IllegalArgumentException("a send-end receipt needs the output to carry the input's sequence number");
        }
        return switch (delivery) {
            case ANY_THREAD -> new Listener() {
                public void onOutput(Object[] row) {
                    long now = System.nanoTime();
                    int k = shared.getAndIncrement();
                    if (k < received.length) {
                        received[k] = now - origin;
                        seq[k] = seqIndex < 0 ? -1 : ((Number) row[seqIndex]).longValue();
                        stream[k] = id;
                    }
                }
            };
            case SENDING_THREAD -> new Listener() {
                public void onOutput(Object[] row) {
                    long now = System.nanoTime();
                    int k = local++;
                    if (k < received.length) {
                        received[k] = now - origin;
                        seq[k] = seqIndex < 0 ? -1 : ((Number) row[seqIndex]).longValue();
                        stream[k] = id;
                    }
                }
            };
            case SENDING_THREAD_SEND_END -> new Listener() {
                public void onOutput(Object[] row) {
                    int k = local++;
                    if (k < received.length) {
                        received[k] = NOT_READ;
                        seq[k] = ((Number) row[seqIndex]).longValue();
                        stream[k] = id;
                    }
                }
            };
        };
    }

    /** Output batches as engines announce them (Siddhi's Event[], Esper's new events): counted per batch, not per row. */
    private final AtomicLong batches = new AtomicLong();
    private final AtomicLong batchedRows = new AtomicLong();
    private final AtomicLong largestBatch = new AtomicLong();

    private abstract class Listener implements OutputListener {
        @Override
        public void onBatch(int size) {
            batches.incrementAndGet();
            batchedRows.addAndGet(size);
            largestBatch.accumulateAndGet(size, Math::max);
        }
    }

    /** Batches of more than one output row the engine delivered, and the rows in them. */
    public long outputBatches() {
        return batches.get();
    }

    public long batchedOutputs() {
        return batchedRows.get();
    }

    public long largestOutputBatch() {
        return largestBatch.get();
    }

    /** Outputs seen so far, recorded or not. Sending-thread counts are exact on the sending thread. */
    public int count() {
        return shared.get() + local;
    }

    /** Outputs recorded; call after the engine has drained. */
    public int recorded() {
        // Makes the engine threads' last column writes visible to the thread that saves them.
        VarHandle.fullFence();
        return Math.min(count(), received.length);
    }

    /** For send-end receipts: each output's receipt is its input's send end (same origin). */
    public void receiptsFromSendEnd(long[] sendEnd) {
        int n = recorded();
        for (int k = 0; k < n; k++) {
            if (received[k] == NOT_READ) received[k] = sendEnd[(int) seq[k]];
        }
    }

    /** Forgets every output, keeping the columns: lets a benchmark reuse them between invocations. */
    public void reset() {
        shared.set(0);
        local = 0;
    }
}
