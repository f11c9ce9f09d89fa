package dev.evperf.core.driver;

/**
 * Makes event k at send time: a copy of pool[k mod N] with k, boxed, in the sequence slot. Each
 * event is its own array because engines keep references (Esper's windows hold the array
 * itself). Made when sent, not before the run, so nothing the harness holds grows with the run;
 * the copy is young garbage unless the engine keeps it.
 */
public final class EventMaker {
    final Object[][] pool;
    final int seqIndex;
    /** Live data instead of the pool (null when sending from the pool): the senders take each event from it. */
    final LiveSupply live;

    public EventMaker(Object[][] pool, int seqIndex) {
        if (pool.length == 0) throw new IllegalArgumentException("an empty event pool");
        this.pool = pool;
        this.seqIndex = seqIndex;
        this.live = null;
    }

    /** Events from a live feed; they are sent one at a time (no micro-batches, no sampled timing). */
    public EventMaker(LiveSupply live, int seqIndex) {
        this.pool = null;
        this.seqIndex = seqIndex;
        this.live = live;
    }

    public Object[] make(long seq) {
        if (live != null) throw new IllegalStateException("live data is not made into micro-batches");
        Object[] e = pool[(int) (seq % pool.length)].clone();
        e[seqIndex] = seq;
        return e;
    }
}
