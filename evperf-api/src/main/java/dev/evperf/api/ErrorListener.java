package dev.evperf.api;

/**
 * Receives the errors an engine raised while it processed events and did not throw to the sender:
 * an exception in a query's expression, a user function or one of evperf's own engine functions,
 * which the engine catches, logs and answers by dropping the event (or the one output). Without
 * this hook such a trial would end "ok" with its figures quietly describing fewer events.
 * Called on whichever thread processed the event (inside {@link InputHandle#send} for engines
 * that process on the sending thread); errors are rare, so it may allocate and lock.
 */
@FunctionalInterface
public interface ErrorListener {

    /**
     * @param where what failed as the engine names it (a query, a statement, a stream), or null
     *              when the engine does not say
     * @param error what was thrown
     */
    void onError(String where, Throwable error);
}
