package dev.evperf.monitor.pipeline;

import java.util.concurrent.atomic.AtomicLong;
import org.jctools.queues.MessagePassingQueue;
import org.jctools.queues.MpmcArrayQueue;
import org.jctools.queues.SpmcArrayQueue;

/**
 * A pipeline's free lists of {@link MonitorRecord}s: JPMF's second queue, which returns used
 * records for reuse. Each pipeline has its own pool (a tee takes its copy from the target's), so a
 * record always comes back to the pool it came from, and the consumers of different pipelines
 * never contend for one free list.
 *
 * <p>Two free lists, both JCTools rings: records the consumers are done with ({@link #release}; SPMC
 * when the pipeline has one consumer, MPMC otherwise), and records a producer gives back itself
 * because a stage or a full queue dropped them ({@link #recycle}; MPMC). {@link #take()} looks at
 * the second first. Producers thus reuse their own drops without writing to cache lines the
 * consumer threads write too: with one list shared by all, a speedlimit passing 1 record in 10 had
 * the producer and the consumer contending for its index and slots, and cost the producer more
 * than a pipeline queuing every record.
 *
 * <p>{@link Pipelines#open} fills it with one record per queue slot and consumer of its pipeline,
 * plus a margin for records held by producers, so in steady state {@link #take()} never allocates.
 * When the free lists are empty anyway (more producers hold records at once than the margin), a
 * new record is made and counted by {@link #created()}; a record released into a full list is left
 * to the garbage collector and counted by {@link #discarded()}.
 */
public final class RecordPool {
    static final int RECYCLED = 1024;
    private final MessagePassingQueue<MonitorRecord> free;
    private final MpmcArrayQueue<MonitorRecord> recycled = new MpmcArrayQueue<>(RECYCLED);
    private final AtomicLong created = new AtomicLong();
    private final AtomicLong discarded = new AtomicLong();

    /**
     * A pool any thread may take from and release to.
     *
     * @param capacity the free list's capacity (rounded up to a power of two)
     * @param prefill records made now (at most the capacity)
     */
    public RecordPool(int capacity, int prefill) {
        this(capacity, prefill, false);
    }

    /**
     * @param oneReleaser true if {@link #release} is only ever called by one thread at a time, in
     *     a happens-before order (a pipeline with one consumer): the free list is then a JCTools
     *     SPMC ring, whose offer needs no compare-and-set
     */
    RecordPool(int capacity, int prefill, boolean oneReleaser) {
        free = oneReleaser ? new SpmcArrayQueue<>(Math.max(2, capacity)) : new MpmcArrayQueue<>(Math.max(2, capacity));
        int n = Math.min(prefill, free.capacity());
        for (int i = 0; i < n; i++) {
            free.offer(new MonitorRecord());
        }
        created.set(n);
    }

    /** A record with every field 0: from the free list, or a new one (counted) if it is empty. */
    public MonitorRecord take() {
        MonitorRecord r = recycled.poll();
        if (r == null) r = free.poll();
        if (r == null) {
            created.incrementAndGet();
            return new MonitorRecord();
        }
        // Cleared here, by the thread that fills it next, not by the consumer that released it:
        // a consumer that only reads a record leaves its cache lines shared, not modified.
        r.clear();
        return r;
    }

    /**
     * Returns a record for reuse, from a consumer (after the sink); the caller must not touch it
     * afterwards, nor release it twice.
     */
    public void release(MonitorRecord r) {
        if (!free.offer(r)) {
            discarded.incrementAndGet();
        }
    }

    /**
     * As {@link #release}, from a producer thread: a record it took and dropped before the queue.
     * The list of these never fills in practice: it grows only while producers hold more records
     * at once than it has room for ({@value #RECYCLED}).
     */
    public void recycle(MonitorRecord r) {
        if (!recycled.offer(r)) {
            discarded.incrementAndGet();
        }
    }

    /** Records made since the pool was opened, including the prefill. */
    public long created() {
        return created.get();
    }

    /** Records released into a full free list (left to the garbage collector). */
    public long discarded() {
        return discarded.get();
    }

    /** Records on the free lists now. */
    public int available() {
        return free.size() + recycled.size();
    }

    public int capacity() {
        return free.capacity();
    }
}
