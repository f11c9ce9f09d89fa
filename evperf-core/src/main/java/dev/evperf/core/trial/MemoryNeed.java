package dev.evperf.core.trial;

import dev.evperf.core.records.RecordSpill;
import dev.evperf.core.results.IntervalSeries;
import java.util.Locale;

/**
 * The heap evperf's own records take in a trial, before its engine holds anything: the chunks of
 * events and of outputs that cycle between the supply, the senders, the sink and the records
 * writer, the places of the result files' row groups that the records writer keeps for their
 * footers (the one part that grows with the trial: a few longs per 32 Ki events, {@link
 * RecordSpill#indexBytes}), and the post-run figures' working set, which takes the event chunks'
 * place (they are let go once every event is written, {@code EventSupply.release}), so the need
 * is the larger of the two. It is counted from the arrays actually allocated (compressed
 * references, 8-byte alignment), so it is a lower bound of evperf's share, and a trial whose
 * bound does not fit the JVM's maximum heap fails at once with a reason that says what to change,
 * instead of an OutOfMemoryError later.
 */
final class MemoryNeed {
    /** Per event row: intended (8), phase, burst, position, batch (4 × 4), send start and send end (16). */
    static final int EVENT_ROW = 40;
    /** Per output slot: received, seq, declared (3 × 8), link (1), stream (2). */
    static final int OUTPUT_SLOT = 27;
    /** Per batched row: the event made for the batch (its Object[] and boxed seq) and the engine's wrapper (≈ 32 B). */
    static final int BATCH_WRAPPER = 32;
    /** The figures computed after the run: two row groups read back, outputs.parquet's writer and the HdrHistogram logs. */
    static final long POST_RUN = 4L << 20;
    /**
     * The latency the interval series' open histograms are counted for: an hour (270 KB each; a
     * trial whose latencies exceed it holds a few KB more per histogram and doubling of them).
     */
    static final long LONGEST_LATENCY_NS = 3_600_000_000_000L;
    /** The interval series' open histograms ({@link IntervalSeries#heldBytes}), computed after the run. */
    static final long INTERVALS = IntervalSeries.heldBytes(LONGEST_LATENCY_NS);

    private MemoryNeed() {}

    /**
     * @param chunks      event chunks in the cycle, each of {@code chunkRows}
     * @param fields      fields of an event (an Object[] of that length)
     * @param batched     whether events are prepared in batches (held in the chunks until sent)
     * @param outChunks   output chunks in the cycle, each of {@code outRows}
     * @param index       the row groups' places by the end of the trial ({@link RecordSpill#indexBytes})
     * @return bytes
     */
    static long bytes(int chunks, int chunkRows, int fields, boolean batched, int outChunks, int outRows, long index) {
        long row = EVENT_ROW + (batched ? align(16 + 4L * fields) + 16 + BATCH_WRAPPER : 0);
        long eventChunks = (long) chunks * chunkRows * row;
        return Math.max(eventChunks, POST_RUN + INTERVALS) + (long) outChunks * outRows * OUTPUT_SLOT + index;
    }

    /** Fails when {@code need} exceeds {@code maxHeap}; the message says what to change. */
    static void check(long need, long maxHeap) {
        if (need <= maxHeap) return;
        throw new TrialFailure(String.format(
                Locale.ROOT,
                "the trial's records in flight need at least %.1f MiB of heap (chunks of events and"
                        + " outputs between the senders and the records writer), but the trial JVM has %.1f MiB (-Xmx): raise it with trial.jvm:"
                        + " [-Xmx...]",
                need / MIB,
                maxHeap / MIB));
    }

    private static final double MIB = 1024.0 * 1024;

    private static long align(long bytes) {
        return (bytes + 7) & ~7L;
    }
}
