package dev.evperf.agent;

/**
 * A sink part's records, whatever brought the events (a driver's socket, a Kafka topic): per event
 * in arrival order its sequence number, the driver's send stamp (on the driver's clock) and its
 * receipt on this agent's clock.
 */
abstract class ReceivingPart extends Part {
    protected final int expected;
    private final long[] seq;
    private final long[] driverSent;
    private final long[] received;
    /** The receiving thread has ended (all arrived, the source closed, a failure, or a stop). */
    protected volatile boolean finished;

    ReceivingPart(int expected) {
        this.expected = expected;
        this.seq = new long[expected];
        this.driverSent = new long[expected];
        this.received = new long[expected];
    }

    /** Records the next arrival; false (nothing recorded) once every expected event has arrived. */
    protected final boolean arrived(long sequence, long stamp, long receipt) {
        int i = count;
        if (i == expected) return false;
        seq[i] = sequence;
        driverSent[i] = stamp;
        received[i] = receipt;
        count = i + 1;
        return true;
    }

    @Override
    final String role() {
        return PartPlan.SINK;
    }

    @Override
    final boolean done() {
        return finished || count == expected;
    }

    @Override
    final long[][] records() {
        return new long[][] {seq, driverSent, received};
    }
}
