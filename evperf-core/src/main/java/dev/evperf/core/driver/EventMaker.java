package dev.evperf.core.driver;

import java.util.function.LongUnaryOperator;

/**
 * Makes event k at send time: a copy of pool[k mod N] with k, boxed, in the sequence slot (and,
 * for data whose event time goes on while the rest repeats, k's event time in its time slot). Each
 * event is its own array because engines keep references (Esper's windows hold the array
 * itself). Made when sent, not before the run, so nothing the harness holds grows with the run;
 * the copy is young garbage unless the engine keeps it.
 */
public final class EventMaker {
    final Object[][] pool;
    final int seqIndex;
    /** The event-time slot written per event, or -1 when the pool's rows carry theirs (or have none). */
    final int timeIndex;
    /** Event k's event time, when {@link #timeIndex} is a slot. */
    final LongUnaryOperator time;
    /** Live data instead of the pool (null when sending from the pool): the senders take each event from it. */
    final LiveSupply live;

    public EventMaker(Object[][] pool, int seqIndex) {
        this(pool, seqIndex, -1, null);
    }

    /**
     * Events that repeat the pool's rows but not their event time: {@code time} gives event k's,
     * written into slot {@code timeIndex} of each copy (a neutral query's data, whose TS goes on
     * across periods).
     */
    public EventMaker(Object[][] pool, int seqIndex, int timeIndex, LongUnaryOperator time) {
        if (pool.length == 0) throw new IllegalArgumentException("an empty event pool");
        if (timeIndex >= 0 && time == null) throw new IllegalArgumentException("an event-time slot without its times");
        this.pool = pool;
        this.seqIndex = seqIndex;
        this.timeIndex = timeIndex;
        this.time = time;
        this.live = null;
    }

    /** Events from a live feed; they are sent one at a time (no micro-batches, no sampled timing). */
    public EventMaker(LiveSupply live, int seqIndex) {
        this.pool = null;
        this.seqIndex = seqIndex;
        this.timeIndex = -1;
        this.time = null;
        this.live = live;
    }

    public Object[] make(long seq) {
        if (live != null) throw new IllegalStateException("live data is not made into micro-batches");
        Object[] e = pool[(int) (seq % pool.length)].clone();
        e[seqIndex] = seq;
        if (timeIndex >= 0) e[timeIndex] = time.applyAsLong(seq);
        return e;
    }
}
