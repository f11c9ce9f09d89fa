package dev.evperf.core.trial;

/**
 * The trial's events in the engine's native form (Object[] rows), built before the timed phase:
 * event k is a copy of pool[k mod N] with its sequence number k, already boxed, in the sequence
 * slot. Each event is its own array because engines keep references (Esper's windows hold the
 * array itself), so reusing arrays would corrupt stateful queries.
 */
final class PreparedEvents {
    private PreparedEvents() {
    }

    static Object[][] build(Object[][] pool, int seqIndex, int count) {
        Object[][] events = new Object[count][];
        for (int k = 0; k < count; k++) {
            Object[] e = pool[k % pool.length].clone();
            e[seqIndex] = (long) k;
            events[k] = e;
        }
        return events;
    }
}
