package dev.evperf.agent;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A sink part's records, whatever brought the events (a driver's socket, a Kafka topic): per event
 * in arrival order its sequence number, the driver's send stamp (on the driver's clock) and its
 * receipt on this agent's clock. Its handler can be switched while it runs ({@link #configure}):
 * {@code downsample N} records one arrival in N from the switch on (seed 004's remote
 * configuration), and the switch itself is recorded (when, on the agent's clock, after how many arrivals).
 */
abstract class ReceivingPart extends Part {
    static final String DOWNSAMPLE = "downsample";
    static final long MAX_DOWNSAMPLE = 1_000_000;

    protected final int expected;
    private final long[] seq;
    private final long[] driverSent;
    private final long[] received;
    /** The receiving thread has ended (all arrived, the source closed, a failure, or a stop). */
    protected volatile boolean finished;
    /** Every arrival, recorded or not: the expected count bounds these. */
    private volatile int arrivals;
    /** One arrival in {@code every} is recorded from arrival {@code since} on (the last switch). */
    private long every = 1;

    private int since;

    ReceivingPart(int expected) {
        this.expected = expected;
        this.seq = new long[expected];
        this.driverSent = new long[expected];
        this.received = new long[expected];
    }

    /**
     * Takes the next arrival (recorded unless downsampled away); false once every expected event has
     * arrived. Synchronized with {@link #configure}, so a switch falls between two arrivals exactly;
     * the receipt was read before.
     */
    protected final synchronized boolean arrived(long sequence, long stamp, long receipt) {
        int a = arrivals;
        if (a == expected) return false;
        arrivals = a + 1;
        if ((a - since) % every != 0) return true;
        int i = count;
        seq[i] = sequence;
        driverSent[i] = stamp;
        received[i] = receipt;
        count = i + 1;
        return true;
    }

    final int arrivals() {
        return arrivals;
    }

    /**
     * Switches the handler: from the next arrival on, one in {@code value} is recorded (that one first).
     *
     * @param clock the agent's clock: read under the lock, so every arrival counted before the switch
     *     had its receipt read before it
     * @return the switch as recorded: setting, from, to, at, arrivals before it
     */
    @Override
    synchronized Map<String, Object> configure(String setting, long value, LongSupplier clock) {
        if (!DOWNSAMPLE.equals(setting))
            throw new IllegalArgumentException(
                    "configure: a sink has setting " + DOWNSAMPLE + ", not '" + setting + "'");
        if (value < 1 || value > MAX_DOWNSAMPLE)
            throw new IllegalArgumentException("configure: downsample " + value + " is not 1.." + MAX_DOWNSAMPLE);
        long from = every;
        since = arrivals;
        every = value;
        Map<String, Object> r = new LinkedHashMap<>();
        r.put("setting", setting);
        r.put("from", from);
        r.put("to", value);
        r.put("at", clock.getAsLong());
        r.put("arrivals_before", since);
        return r;
    }

    @Override
    final String role() {
        return PartPlan.SINK;
    }

    @Override
    final boolean done() {
        return finished || arrivals == expected;
    }

    @Override
    final long[][] records() {
        return new long[][] {seq, driverSent, received};
    }
}
