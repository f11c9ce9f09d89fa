package dev.evperf.core.driver;

import dev.evperf.api.OutputListener;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.function.ToLongFunction;

/**
 * The sink: receipt time, linked input and declared sequence number of every output, in
 * {@link OutputChunk}s that cycle between the listeners and the records writer, so that the sink's
 * heap does not grow with the run. Outputs beyond the capacity are counted, not recorded.
 *
 * <p>How a listener claims its slot and times the receipt depends on how the engine delivers:
 * <ul>
 * <li>{@link Delivery#ANY_THREAD}: one atomic increment per output, so engines that deliver on
 *     several threads are recorded correctly; the listener reads the clock.</li>
 * <li>{@link Delivery#SENDING_THREAD}: the engine calls listeners inside {@code send}, on the one
 *     sending thread, so a plain counter is enough (≈ 4 ns less per output).</li>
 * <li>{@link Delivery#SENDING_THREAD_SEND_END}: as above, and the listener reads no clock: the
 *     receipt is taken as the linked input's send end (filled in from the records after the run),
 *     an upper bound that saves one clock read (≈ 24 ns on a KVM guest) per output. End-to-end
 *     latency then equals processing time; chosen with {@code measure.receipt: send-end}.</li>
 * </ul>
 *
 * <p>Which input an output is linked to (its {@code seq}, from which its latency is measured):
 * <ul>
 * <li>{@link Link#SEND}: the engine delivered it inside the send of one event, on the sending
 *     thread: that event, whatever the sequence attribute says (an expired event, a join partner,
 *     the first event of a pattern all name another input).</li>
 * <li>{@link Link#BATCH}: inside the send of a micro-batch, and the declared sequence number
 *     names an event of that batch: that event.</li>
 * <li>{@link Link#BATCH_LAST}: inside the send of a micro-batch whose events the declared number
 *     does not name (or the output declares none): the batch's last event, the one whose arrival
 *     completed the batch (the latest intended time of the batch, so the smallest latency).</li>
 * <li>{@link Link#DECLARED}: delivered on an engine's own thread: the input the declared sequence
 *     attribute names (FINCoS's rule; the only information there is), or for a window row of a
 *     neutral query the event that closed its window, named from the row's window end.</li>
 * <li>{@link Link#NONE}: delivered on an engine's own thread and declaring no sequence number.</li>
 * </ul>
 * The declared number is recorded next to the link either way ({@code -1} when none).
 *
 * <p>Over 400 lines on purpose: one listener class per delivery, each with its claim and clock read
 * written out, so that the hot path has no per-output branch on the delivery; they share the chunk
 * hand-off above them, which is why they live in one file.
 */
public final class OutputRecords {
    /** How the engine calls the listeners, which decides how they record. */
    public enum Delivery {
        ANY_THREAD,
        SENDING_THREAD,
        SENDING_THREAD_SEND_END
    }

    /** How an output was linked to its input; the code is what the records store. */
    public enum Link {
        SEND("send"),
        BATCH("batch"),
        BATCH_LAST("batch-last"),
        DECLARED("declared"),
        NONE("none");

        public final String label;

        Link(String label) {
            this.label = label;
        }
    }

    /** Marks a receipt time not read by the listener (send-end receipt), until it is filled in. */
    public static final long NOT_READ = Long.MIN_VALUE;

    private static final VarHandle STREAM = MethodHandles.arrayElementVarHandle(short[].class);
    private static final VarHandle LOCAL, UNTIMED;

    static {
        try {
            LOCAL = MethodHandles.lookup().findVarHandle(OutputRecords.class, "local", long.class);
            UNTIMED = MethodHandles.lookup().findVarHandle(OutputRecords.class, "untimed", long.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private final OutputChunk[] ring;
    private final int shift;
    private final long capacity;
    private final long origin;
    private final AtomicLong shared = new AtomicLong();
    /** The slot counter of sending-thread listeners: only the sending thread writes it. */
    private long local;
    /** The sending thread's chunk and the slots it covers, so most outputs skip the ring. */
    private OutputChunk current;

    private long currentEnd;
    private final AtomicLong ringWaits = new AtomicLong();
    /** Capacity mode: 1 in this many inputs is timed (0: all); outputs of untimed inputs are only counted. */
    private int sampleEvery;

    private long untimed;
    private final AtomicLong untimedShared = new AtomicLong();
    /** The next chunk the records writer takes. */
    private long nextToWrite;

    /** @param capacity outputs recorded at most; the rest are counted */
    public OutputRecords(long capacity, long origin) {
        this(capacity, origin, OutputChunk.SIZE, 8);
    }

    public OutputRecords(long capacity, long origin, int chunkSize, int chunks) {
        if (Integer.bitCount(chunkSize) != 1) throw new IllegalArgumentException("chunk size must be a power of two");
        this.capacity = capacity;
        this.origin = origin;
        this.shift = Integer.numberOfTrailingZeros(chunkSize);
        this.ring = new OutputChunk[chunks];
        for (int i = 0; i < chunks; i++) ring[i] = new OutputChunk(chunkSize, i);
    }

    /**
     * Capacity mode, before listeners are made: only outputs of timed inputs (those sent while
     * {@link SendState#timing}, or for outputs an engine delivers on its own threads, whose declared
     * sequence number is divisible by {@code every}) are timed and recorded; the others are counted.
     */
    public void sample(int every) {
        this.sampleEvery = every;
    }

    /** A listener that may be called on any thread and links by the declared attribute (the general case). */
    public OutputListener listener(int streamId, int seqIndex) {
        return listener(streamId, seqIndex, Delivery.ANY_THREAD, null, false);
    }

    /** A listener that links outputs delivered inside a send to the input being sent. */
    public OutputListener listener(int streamId, int seqIndex, Delivery delivery, SendState sending) {
        return listener(streamId, seqIndex, delivery, sending, true);
    }

    /**
     * A listener for one output stream.
     *
     * @param streamId index of the stream in the trial's output list
     * @param seqIndex attribute holding the input's sequence number, or -1 when none does
     * @param sending  the one sender's state when the engine delivers inside its sends (SENDING_THREAD*);
     *                 null for ANY_THREAD
     * @param bySend   for ANY_THREAD: the engine delivers inside send, so an output delivered on a
     *                 {@link Sender} thread is linked to that sender's input; false (an engine with
     *                 threads of its own): every output is linked by its declared attribute
     */
    public OutputListener listener(int streamId, int seqIndex, Delivery delivery, SendState sending, boolean bySend) {
        return listener(streamId, field(seqIndex), delivery, sending, bySend);
    }

    /**
     * As above, with the sequence number an output declares read by {@code declared} (-1: none), not
     * from one attribute: a window row names the event that closed its window from its window end.
     */
    public OutputListener listener(
            int streamId, ToLongFunction<Object[]> declared, Delivery delivery, SendState sending, boolean bySend) {
        short marker = (short) (streamId + 1);
        if (delivery != Delivery.ANY_THREAD && sending == null) {
            throw new IllegalArgumentException("a sending-thread listener needs the sender's state");
        }
        if (sampleEvery > 0) return sampled(marker, declared, delivery, sending, bySend);
        return switch (delivery) {
            case ANY_THREAD -> new Listener() {
                public void onOutput(Object[] row) {
                    onOutput(row, System.nanoTime(), -1);
                }

                /** From outside this JVM (through a broker): the engine's consumer took the receipt when its poll returned. */
                @Override
                public void onOutput(Object[] row, long receiptNanos, long appendMillis) {
                    long k = shared.getAndIncrement();
                    if (k < capacity) {
                        SendState s = bySend && Thread.currentThread() instanceof Sender sender ? sender.state : null;
                        record(
                                await(k >>> shift),
                                (int) k & ring[0].mask,
                                receiptNanos - origin,
                                declared.applyAsLong(row),
                                s,
                                marker,
                                appendMillis);
                    }
                }
            };
            case SENDING_THREAD -> new Listener() {
                public void onOutput(Object[] row) {
                    long now = System.nanoTime();
                    long k = local;
                    LOCAL.setOpaque(OutputRecords.this, k + 1);
                    if (k < capacity)
                        record(
                                sendingChunk(k),
                                (int) k & ring[0].mask,
                                now - origin,
                                declared.applyAsLong(row),
                                sending,
                                marker,
                                -1);
                }
            };
            case SENDING_THREAD_SEND_END -> new Listener() {
                public void onOutput(Object[] row) {
                    long k = local;
                    LOCAL.setOpaque(OutputRecords.this, k + 1);
                    if (k < capacity)
                        record(
                                sendingChunk(k),
                                (int) k & ring[0].mask,
                                NOT_READ,
                                declared.applyAsLong(row),
                                sending,
                                marker,
                                -1);
                }
            };
        };
    }

    private OutputListener sampled(
            short marker, ToLongFunction<Object[]> declared, Delivery delivery, SendState sending, boolean bySend) {
        if (delivery == Delivery.SENDING_THREAD_SEND_END)
            throw new IllegalArgumentException("sampled timing reads receipts in the listener");
        int every = sampleEvery;
        if (delivery == Delivery.SENDING_THREAD) {
            return new Listener() {
                public void onOutput(Object[] row) {
                    if (!sending.timing) {
                        UNTIMED.setOpaque(OutputRecords.this, untimed + 1);
                        return;
                    }
                    long now = System.nanoTime();
                    long k = local;
                    LOCAL.setOpaque(OutputRecords.this, k + 1);
                    if (k < capacity)
                        record(
                                sendingChunk(k),
                                (int) k & ring[0].mask,
                                now - origin,
                                declared.applyAsLong(row),
                                sending,
                                marker,
                                -1);
                }
            };
        }
        return new Listener() {
            public void onOutput(Object[] row) {
                onOutput(row, Long.MIN_VALUE, -1);
            }

            @Override
            public void onOutput(Object[] row, long receiptNanos, long appendMillis) {
                SendState s = bySend && Thread.currentThread() instanceof Sender sender ? sender.state : null;
                long named = declared.applyAsLong(row);
                if (s != null ? !s.timing : named < 0 || named % every != 0) {
                    untimedShared.incrementAndGet();
                    return;
                }
                long now = receiptNanos == Long.MIN_VALUE ? System.nanoTime() : receiptNanos;
                long k = shared.getAndIncrement();
                if (k < capacity)
                    record(await(k >>> shift), (int) k & ring[0].mask, now - origin, named, s, marker, appendMillis);
            }
        };
    }

    /** The sequence number in attribute {@code seqIndex} of a row; -1 for every row when the index is -1. */
    public static ToLongFunction<Object[]> field(int seqIndex) {
        return seqIndex < 0 ? row -> -1 : row -> ((Number) row[seqIndex]).longValue();
    }

    /** Stores one output; the stream marker goes last, with release semantics: the writer reads a slot once it is set. */
    private static void record(
            OutputChunk c, int i, long received, long declared, SendState s, short marker, long appendMs) {
        long seq;
        byte link;
        if (s == null) {
            seq = declared;
            link = (byte) (declared < 0 ? Link.NONE.ordinal() : Link.DECLARED.ordinal());
        } else if (s.batchFirst == Long.MAX_VALUE) {
            seq = s.last;
            link = (byte) Link.SEND.ordinal();
        } else if (declared >= s.batchFirst && declared <= s.last) {
            seq = declared;
            link = (byte) Link.BATCH.ordinal();
        } else {
            seq = s.last;
            link = (byte) Link.BATCH_LAST.ordinal();
        }
        c.received[i] = received;
        c.seq[i] = seq;
        c.declared[i] = declared;
        c.link[i] = link;
        c.appendMs[i] = appendMs;
        STREAM.setRelease(c.stream, i, marker);
    }

    private OutputChunk sendingChunk(long k) {
        if (k >= currentEnd) {
            current = await(k >>> shift);
            currentEnd = (current.number + 1) << shift;
        }
        return current;
    }

    /**
     * The ring's chunk for chunk number idx, waiting (and counting the wait) while the writer has not freed it yet.
     * The wait spins briefly, then parks until the writer frees a chunk ({@link #written} unparks it) or 1 ms
     * passes: the ring holds 8 chunks of outputs, so a wait means the writer was off a CPU for tens of ms, and a
     * spinning sender would take the core the writer needs on a 2-core machine, and count as the harness's time on
     * a CPU in the bare-loop check.
     */
    private OutputChunk await(long idx) {
        OutputChunk c = ring[(int) (idx % ring.length)];
        if (c.number == idx) return c;
        ringWaits.incrementAndGet();
        for (int spins = 0; c.number != idx; spins++) {
            if (failure != null) throw new IllegalStateException("the records writer failed: " + failure, failure);
            if (spins < SPINS) {
                Thread.onSpinWait();
                continue;
            }
            waiter = Thread.currentThread();
            if (c.number != idx) LockSupport.parkNanos(this, 1_000_000);
            waiter = null;
        }
        return c;
    }

    /** Spins before a listener parks waiting for a chunk (~10-50 µs). */
    private static final int SPINS = 1_000;

    /** A listener parked waiting for the writer to free a chunk, or null. */
    private volatile Thread waiter;

    private volatile Throwable failure;

    /** The records writer failed: listeners stop waiting for chunks that will not come back. */
    public void fail(Throwable t) {
        failure = t;
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

    /** Outputs seen so far, recorded or not. */
    public long count() {
        return claimed() + (long) UNTIMED.getOpaque(this) + untimedShared.get();
    }

    /** Outputs given a slot (timed ones, in capacity mode). */
    private long claimed() {
        return shared.get() + (long) LOCAL.getOpaque(this);
    }

    /** Outputs recorded; exact once the engine has drained. */
    public long recorded() {
        return Math.min(claimed(), capacity);
    }

    /** How often a listener found its next chunk still with the writer and had to wait (a stall of the engine's thread). */
    public long ringWaits() {
        return ringWaits.get();
    }

    /**
     * The next chunk for the records writer once every slot of it is claimed (or, when
     * {@code finishing}, whatever is claimed), with {@link OutputChunk#size} set; null when there
     * is none yet. It waits for slots still being written. Call {@link #written} after writing it.
     */
    public OutputChunk nextFull(boolean finishing) {
        long start = nextToWrite << shift;
        long end = Math.min(start + ring[0].capacity(), capacity);
        long claimed = Math.min(claimed(), capacity);
        if (claimed <= start || (claimed < end && !finishing)) return null;
        OutputChunk c = ring[(int) (nextToWrite % ring.length)];
        int size = (int) (Math.min(claimed, end) - start);
        for (int i = 0; i < size; i++) {
            while ((short) STREAM.getAcquire(c.stream, i) == 0) Thread.onSpinWait();
        }
        c.size = size;
        return c;
    }

    /** The writer is done with the chunk {@link #nextFull} gave: it goes back to the listeners. */
    public void written(OutputChunk c) {
        Arrays.fill(c.stream, 0, c.size, (short) 0);
        // Done when full, or when it ends at the capacity (the outputs beyond are counted only): otherwise the
        // writer would be given the chunk again, with its slots cleared, and wait for them for ever.
        boolean done = c.size == c.capacity() || (nextToWrite << shift) + c.size >= capacity;
        c.size = 0;
        if (done) {
            nextToWrite++;
            c.number += ring.length;
            Thread w = waiter;
            if (w != null) LockSupport.unpark(w);
        }
    }

    /** Forgets every output, keeping the chunks: lets a benchmark reuse them between invocations. */
    public void reset() {
        shared.set(0);
        LOCAL.setOpaque(this, 0L);
        UNTIMED.setOpaque(this, 0L);
        untimedShared.set(0);
        current = null;
        currentEnd = 0;
        nextToWrite = 0;
        for (int i = 0; i < ring.length; i++) {
            Arrays.fill(ring[i].stream, (short) 0);
            ring[i].number = i;
        }
    }

    /** The chunk holding output k, for tests and benchmarks that read outputs without a writer (k within the ring). */
    public OutputChunk chunkOf(long k) {
        return ring[(int) ((k >>> shift) % ring.length)];
    }

    public int indexIn(long k) {
        return (int) k & ring[0].mask;
    }
}
