package dev.evperf.monitor.channel;

/**
 * A block of records, [timestamp, id, value] longs one after the other. Pooled blocks circulate
 * between a buffered handler's free pool, a logging thread and the writer; unpooled ones (the copy
 * of a thread's last partial block at close, or scratch blocks handed out while closing) are
 * written once and dropped.
 */
final class Block {
    final long[] data;
    final boolean pooled;
    /** The range to write, in longs; set by whoever submits the block. */
    int from;

    int to;

    Block(long[] data, boolean pooled) {
        this.data = data;
        this.pooled = pooled;
    }
}
