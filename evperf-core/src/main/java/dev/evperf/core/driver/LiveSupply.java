package dev.evperf.core.driver;

import java.util.concurrent.locks.LockSupport;
import java.util.function.Supplier;
import org.jctools.queues.SpscArrayQueue;

/**
 * Live data for the senders: events made while the trial runs, from a generator (a workload's
 * {@code data.<stream>.live}), instead of copied from a pool. A thread of its own takes the events from
 * the source in seq order and hands event seq to sender (seq mod senders) through that sender's
 * bounded ring; a sender takes the next event of its share when it sends it. Making an event (≈ 100
 * ns for a Pairs tick) thus never counts towards a send, and what the feed holds is the rings, {@link
 * #RING} events per sender, whatever the run's length.
 *
 * <p>A sender that finds its ring empty waits for the feed: the wait is counted ({@link #waits}) and
 * the sender reads the clock again after it, so that the wait is not taken for the engine's
 * processing time; a wait past an event's intended time shows as that send starting late, as any
 * harness delay does. {@link #start} fills the rings before the run.
 */
public final class LiveSupply implements AutoCloseable {
    /** Events per sender's ring: at Pairs' 6–10 k ticks/s, under a second ahead; small enough to stay young. */
    public static final int RING = 4096;

    /** The feed's sleep while the rings are full adapts between these: see {@link #feed}. */
    static final long MIN_PARK_NS = 20_000, MAX_PARK_NS = 20_000_000;

    private final Supplier<Object[]> source;
    private final SpscArrayQueue<Object[]>[] rings;
    private final long[] waits;
    private final Thread thread;
    private volatile boolean ended;
    private volatile Throwable failure;

    /** @param source the next event (a new array, the sequence slot left empty), null after the last */
    @SuppressWarnings("unchecked")
    public LiveSupply(Supplier<Object[]> source, int senders, int ring) {
        this.source = source;
        this.rings = new SpscArrayQueue[senders];
        for (int i = 0; i < senders; i++) rings[i] = new SpscArrayQueue<>(ring);
        this.waits = new long[senders];
        this.thread = new Thread(this::feed, "evperf-live-supply");
        thread.setDaemon(true);
    }

    /** Starts the feed and waits until every ring is full (or the source has ended). */
    public void start() throws InterruptedException {
        thread.start();
        while (!ended && failure == null && !full()) Thread.sleep(1);
        check();
    }

    private boolean full() {
        for (SpscArrayQueue<Object[]> r : rings) if (r.size() < r.capacity()) return false;
        return true;
    }

    /** Sender k's next event, or null when its ring is empty (then {@link #await}). */
    Object[] poll(int sender) {
        return rings[sender].relaxedPoll();
    }

    /** Sender k's next event, waiting while the feed catches up; the wait is counted. */
    Object[] await(int sender) {
        waits[sender]++;
        // The feed may be asleep (its rings were full): wake it rather than wait out its sleep.
        LockSupport.unpark(thread);
        SpscArrayQueue<Object[]> ring = rings[sender];
        for (int spins = 0; ; spins++) {
            Object[] e = ring.relaxedPoll();
            if (e != null) return e;
            check();
            // The schedule has events the source did not make: the workload's replay count was checked against it.
            if (ended && ring.isEmpty()) throw new IllegalStateException("the live source ended before the schedule");
            if (spins < 1000) Thread.onSpinWait();
            else LockSupport.parkNanos(10_000);
        }
    }

    /** How often a sender found its ring empty and waited for the feed. */
    public long waits() {
        long sum = 0;
        for (long w : waits) sum += w;
        return sum;
    }

    private void feed() {
        long park = MIN_PARK_NS;
        try {
            for (long seq = 0; ; seq++) {
                Object[] e = source.get();
                if (e == null) break;
                SpscArrayQueue<Object[]> ring = rings[(int) (seq % rings.length)];
                // A full ring: the feed is a whole ring ahead, so it gives the core to the senders. It
                // sleeps about as long as the senders take to empty a quarter to three quarters of the
                // ring: a short fixed sleep woke it 20 000 times a second, and the sender was preempted
                // seven times as often as with a pool (docs/pairs.md, "Live and pool-fed runs compared").
                while (!ring.relaxedOffer(e)) {
                    if (Thread.interrupted()) return;
                    LockSupport.parkNanos(park);
                    int free = ring.capacity() - ring.size();
                    if (free < ring.capacity() / 4) park = Math.min(2 * park, MAX_PARK_NS);
                    else if (free > ring.capacity() * 3 / 4) park = Math.max(park / 2, MIN_PARK_NS);
                }
            }
        } catch (Throwable t) {
            failure = t;
        } finally {
            ended = true;
        }
    }

    private void check() {
        if (failure != null) throw new IllegalStateException("the live source failed: " + failure, failure);
    }

    @Override
    public void close() {
        EventSupply.stop(thread);
    }
}
