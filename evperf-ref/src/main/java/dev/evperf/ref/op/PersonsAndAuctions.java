package dev.evperf.ref.op;

/**
 * A Nexmark operator that both the person and the auction stream feed (q3, q8): the plan adds one
 * {@link Operator} per stream, each a view of the same state.
 */
public abstract class PersonsAndAuctions {
    /** The operator for the person stream. */
    public final Operator persons() {
        return this::onPerson;
    }

    /** The operator for the auction stream. */
    public final Operator auctions() {
        return this::onAuction;
    }

    abstract void onPerson(Object[] person);

    abstract void onAuction(Object[] auction);
}
