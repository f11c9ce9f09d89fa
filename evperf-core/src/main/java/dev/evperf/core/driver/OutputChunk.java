package dev.evperf.core.driver;

/**
 * A fixed-size piece of the sink's records: for output slots [number × capacity, (number + 1) ×
 * capacity), the receipt time, the linked input, the declared sequence number, how they were
 * linked, and the stream (stored as index + 1, last, so that 0 means "not written yet").
 */
public final class OutputChunk {
    public static final int SIZE = 1 << 15;

    /** Which chunk of the run's output slots this holds; moved on by the ring's length when it is reused. */
    public volatile long number;
    /** Slots in use when handed to the writer. */
    public int size;

    final int mask;
    /** received, linked input, declared input; appendMs: the broker's LogAppendTime of the output record (epoch ms), -1 without one. */
    public final long[] received, seq, declared, appendMs;

    public final byte[] link;
    public final short[] stream;

    OutputChunk(int capacity, long number) {
        this.number = number;
        this.mask = capacity - 1;
        received = new long[capacity];
        seq = new long[capacity];
        declared = new long[capacity];
        appendMs = new long[capacity];
        link = new byte[capacity];
        stream = new short[capacity];
    }

    public int capacity() {
        return mask + 1;
    }

    /** The stream index of slot i (the marker minus one). */
    public int streamOf(int i) {
        return stream[i] - 1;
    }
}
