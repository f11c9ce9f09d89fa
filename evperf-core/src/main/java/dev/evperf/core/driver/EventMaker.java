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

    public EventMaker(Object[][] pool, int seqIndex) {
        if (pool.length == 0) throw new IllegalArgumentException("an empty event pool");
        this.pool = pool;
        this.seqIndex = seqIndex;
    }

    public Object[] make(long seq) {
        Object[] e = pool[(int) (seq % pool.length)].clone();
        e[seqIndex] = seq;
        return e;
    }
}
