package dev.evperf.core.driver;

import dev.evperf.api.OutputListener;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The sink: receipt time and causing input's sequence number of every output, in preallocated
 * primitive columns shared by the listeners of all output streams. A slot is claimed with one
 * atomic increment, so engines that deliver on several threads are recorded correctly. Outputs
 * beyond the capacity are counted, not recorded.
 */
public final class OutputRecords {
    public final long[] received;
    public final long[] seq;
    public final short[] stream;
    private final AtomicInteger next = new AtomicInteger();
    private final long origin;

    public OutputRecords(int capacity, long origin) {
        this.received = new long[capacity];
        this.seq = new long[capacity];
        this.stream = new short[capacity];
        this.origin = origin;
    }

    /**
     * A listener for one output stream.
     *
     * @param streamId index of the stream in the trial's output list
     * @param seqIndex attribute holding the input's sequence number, or -1 when none does
     */
    public OutputListener listener(int streamId, int seqIndex) {
        short id = (short) streamId;
        return row -> {
            long now = System.nanoTime();
            int k = next.getAndIncrement();
            if (k < received.length) {
                received[k] = now - origin;
                seq[k] = seqIndex < 0 ? -1 : ((Number) row[seqIndex]).longValue();
                stream[k] = id;
            }
        };
    }

    /** Outputs seen so far, recorded or not. */
    public int count() {
        return next.get();
    }

    /** Outputs recorded; call after the engine has drained. */
    public int recorded() {
        // Makes the engine threads' last column writes visible to the thread that saves them.
        VarHandle.fullFence();
        return Math.min(count(), received.length);
    }
}
