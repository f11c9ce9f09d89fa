package dev.evperf.core.driver;

/**
 * What one sender is sending right now, for the outputs it delivers and for the live line: the
 * input whose send is running (an output an engine delivers inside that send, on this thread, was
 * delivered by it), or the range of the micro-batch. Plain fields: written by the sender, read
 * by listeners that the engine calls on the same thread; the live line reads them racily.
 */
public final class SendState {
    /** The seq of the event being sent, or the last event of the batch being sent. */
    public long last = -1;
    /** The batch's first event while a micro-batch is sent; Long.MAX_VALUE for a single event. */
    public long batchFirst = Long.MAX_VALUE;
    /** Capacity mode: whether the send in progress is timed (its outputs' receipts are read then). */
    public boolean timing;
    /** The chunk being sent (for the live line). */
    public volatile EventChunk chunk;
}
