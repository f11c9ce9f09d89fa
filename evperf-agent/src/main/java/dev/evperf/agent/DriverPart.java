package dev.evperf.agent;

import dev.evperf.agent.clock.SkewedClock;
import java.io.IOException;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;

/**
 * A driver run by an agent: it sends its share of the load ({@link Schedule}) to its {@link EventOut}
 * (a sink agent's socket or a Kafka topic), global event g at its intended time start + offset(g)
 * on the agent's clock (an absolute schedule: a late event does not shift the ones after it; every
 * driver of the trial has the same start, told in its own clock's terms), each carrying g and its
 * send stamp. It records per event g, the intended time and the send start on the agent's clock.
 *
 * <p>Its pace can be switched while it runs ({@link #configure}, seed 004's remote configuration):
 * {@code rate_percent P} sends the rest of its share at P % of its planned rate, the intended times
 * spaced 100/P times as far apart from the last event sent on, so the lag stays measured against
 * the schedule actually in force.
 */
final class DriverPart extends Part {
    /** Parking closer than this to the intended time overshoots it; the rest is a spin. */
    private static final long SPIN_NS = 50_000;
    /** A start further ahead than this is a wrong plan (or clock), not a wait. */
    static final long MAX_LEAD_NS = 60_000_000_000L;

    private final PartPlan plan;
    private final SkewedClock clock;
    private final long[] seq;
    private final long[] intended;
    private final long[] sent;
    static final String RATE_PERCENT = "rate_percent";
    /** 50 %: the rest takes at most twice as long, within the trial's time limit (twice its plan). */
    static final long MIN_PERCENT = 50;

    static final long MAX_PERCENT = 1_000;

    /** The schedule in force: intended time of an offset = baseDue + (offset - baseOffset)·100/percent. */
    private record Pace(long baseOffset, long baseDue, long percent) {
        long due(long offset) {
            return baseDue + (offset - baseOffset) * 100 / percent;
        }
    }

    private volatile Pace pace;
    /** The last event sent: its offset in the schedule and its intended time (guarded by this). */
    private long lastOffset;

    private long lastDue;
    private volatile boolean stop;
    /** The output is closed: every event was handed on and (Kafka) acknowledged or failed. */
    private volatile boolean finished;

    DriverPart(PartPlan plan, SkewedClock clock) {
        this.plan = plan;
        this.clock = clock;
        this.seq = new long[plan.events()];
        this.intended = new long[plan.events()];
        this.sent = new long[plan.events()];
    }

    private EventOut output;
    private long startAt;

    /**
     * Opens the output when the plan arrives, so the start finds it ready.
     *
     * @throws IllegalStateException one line: the output cannot be opened (the controller names the agent)
     */
    void open() {
        try {
            output = EventOut.open(plan.target(), plan.query());
        } catch (IOException | RuntimeException e) {
            throw new IllegalStateException("driver: cannot open " + plan.target() + ": " + e.getMessage());
        }
    }

    /** The load's start on this agent's clock (0: when started). */
    void startAt(long t) {
        startAt = t;
    }

    @Override
    String role() {
        return PartPlan.DRIVER;
    }

    @Override
    void start() {
        run(() -> send(output), "driver");
    }

    private void send(EventOut output) {
        Schedule schedule = plan.schedule();
        try (EventOut out = output) {
            long start = startAt == 0 ? clock.now() : startAt;
            if (start - clock.now() > MAX_LEAD_NS) {
                failure = "driver: the start is " + (start - clock.now()) / 1_000_000 + " ms away (more than "
                        + MAX_LEAD_NS / 1_000_000 + " ms)";
                return;
            }
            synchronized (this) {
                pace = new Pace(0, start, 100);
                lastDue = start;
            }
            int i = 0;
            Schedule.Cursor events = schedule.cursor();
            while (i < plan.events() && !stop && events.next()) {
                long g = events.g, offset = events.offset;
                while (true) {
                    long left;
                    while ((left = pace.due(offset) - clock.now()) > 0) {
                        if (left > SPIN_NS) LockSupport.parkNanos(Math.min(left - SPIN_NS, 1_000_000L));
                        if (stop) return;
                    }
                    // sending and switching share the lock: a switch falls between two sends exactly
                    synchronized (this) {
                        long due = pace.due(offset);
                        if (due > clock.now()) continue; // slowed down while waiting
                        long s = clock.now();
                        out.send(g, s);
                        seq[i] = g;
                        intended[i] = due;
                        sent[i] = s;
                        lastOffset = offset;
                        lastDue = due;
                        count = ++i;
                        break;
                    }
                }
            }
            out.close();
            if (out.failure() != null) failure = "driver: " + out.failure();
        } catch (IOException e) {
            failure = "driver: sending to " + plan.target() + " failed after " + count + " events: " + e.getMessage();
        } finally {
            finished = true;
        }
    }

    /**
     * Switches the pace: the rest of the share at {@code value} % of the planned rate, from the last
     * event sent (whose intended time stays) on.
     *
     * @param clock the agent's clock, read under the lock: every send counted before was stamped before
     * @return the switch as recorded: setting, from, to, at, events sent before it
     */
    @Override
    synchronized Map<String, Object> configure(String setting, long value, LongSupplier clock) {
        if (!RATE_PERCENT.equals(setting))
            throw new IllegalArgumentException(
                    "configure: a driver has setting " + RATE_PERCENT + ", not '" + setting + "'");
        if (value < MIN_PERCENT || value > MAX_PERCENT)
            throw new IllegalArgumentException(
                    "configure: rate_percent " + value + " is not " + MIN_PERCENT + ".." + MAX_PERCENT);
        if (pace == null) throw new IllegalArgumentException("configure: the driver has not started");
        long from = pace.percent();
        pace = new Pace(lastOffset, lastDue, value);
        return switched(setting, from, value, clock.getAsLong(), count);
    }

    @Override
    boolean done() {
        return finished || failure != null || (thread != null && !thread.isAlive());
    }

    @Override
    long[][] records() {
        return new long[][] {seq, intended, sent};
    }

    @Override
    void stop() throws InterruptedException {
        stop = true;
        if (thread != null) thread.join(5_000);
        else if (output != null) {
            try {
                output.close();
            } catch (IOException e) {
                // closing is all that is wanted
            }
        }
    }
}
