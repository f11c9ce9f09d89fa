package dev.evperf.agent;

import java.util.Map;
import java.util.function.LongSupplier;

/**
 * A sink part's records, whatever brought the events (a driver's socket, a Kafka topic): per event
 * in arrival order its sequence number, the driver's send stamp (on the driver's clock) and its
 * receipt on this agent's clock. Its handler can be switched while it runs ({@link #configure},
 * seed 004's remote configuration): {@code downsample N} records one arrival in N from the switch on;
 * {@code xoy} (x of y) records event g when {@code (g & (y − 1)) < x}, y a power of two: the rule
 * depends on the event alone, so every sink agent switched to the same XoY records the same events
 * (their latencies stay comparable across sinks and trials), whatever order they arrive in. The
 * switch itself is recorded (when, on the agent's clock, after how many arrivals).
 */
abstract class ReceivingPart extends Part {
    static final String DOWNSAMPLE = "downsample";
    static final long MAX_DOWNSAMPLE = 1_000_000;
    static final String XOY = "xoy";
    /** The widest XoY: of every 2^20 events. */
    static final long MAX_Y = 1 << 20;

    protected final int expected;
    private final long[] seq;
    private final long[] driverSent;
    private final long[] received;
    /** The receiving thread has ended (all arrived, the source closed, a failure, or a stop). */
    protected volatile boolean finished;
    /** Every arrival, recorded or not: the expected count bounds these. */
    private volatile int arrivals;
    /**
     * The handler in force from arrival {@code since} on (the last switch): {@code downsample N} as N,
     * {@code xoy x/y} as {@link #xoy}(x, y) (x in the high 32 bits; a downsampling has none).
     */
    private long handler = 1;

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
        if (!keep(a, sequence)) return true;
        int i = count;
        seq[i] = sequence;
        driverSent[i] = stamp;
        received[i] = receipt;
        count = i + 1;
        return true;
    }

    /** Whether the handler in force records arrival {@code a}, event {@code sequence}. */
    private boolean keep(int a, long sequence) {
        long x = handler >>> 32;
        return x == 0 ? (a - since) % handler == 0 : (sequence & ((handler & 0xffff_ffffL) - 1)) < x;
    }

    /** XoY's x and y as one CONFIGURE value (the request carries one number, signed with the run's secret). */
    static long xoy(long x, long y) {
        return x << 32 | y;
    }

    /** A handler value as the trace shows it: {@code 10} (downsample) or {@code 1/64} (xoy). */
    static String text(long handler) {
        return handler >>> 32 == 0 ? Long.toString(handler) : (handler >>> 32) + "/" + (handler & 0xffff_ffffL);
    }

    /** A switch as the summary shows it: {@code downsample 1 -> 10}, or {@code handler downsample 1 -> xoy 1/64}. */
    static String change(long from, long to) {
        String a = from >>> 32 == 0 ? DOWNSAMPLE : XOY, b = to >>> 32 == 0 ? DOWNSAMPLE : XOY;
        return a.equals(b)
                ? a + " " + text(from) + " -> " + text(to)
                : "handler " + a + " " + text(from) + " -> " + b + " " + text(to);
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
        if (DOWNSAMPLE.equals(setting)) {
            if (value < 1 || value > MAX_DOWNSAMPLE)
                throw new IllegalArgumentException("configure: downsample " + value + " is not 1.." + MAX_DOWNSAMPLE);
        } else if (XOY.equals(setting)) {
            long x = value >>> 32, y = value & 0xffff_ffffL;
            if (y < 1 || y > MAX_Y || Long.bitCount(y) != 1 || x < 1 || x > y)
                throw new IllegalArgumentException("configure: xoy " + text(value)
                        + " is not x/y with y a power of two up to " + MAX_Y + " and 1 <= x <= y");
        } else
            throw new IllegalArgumentException(
                    "configure: a sink has settings " + DOWNSAMPLE + " and " + XOY + ", not '" + setting + "'");
        long from = handler;
        since = arrivals;
        handler = value;
        return switched(setting, from, value, clock.getAsLong(), since);
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
