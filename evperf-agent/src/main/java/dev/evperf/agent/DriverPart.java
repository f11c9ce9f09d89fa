package dev.evperf.agent;

import dev.evperf.agent.clock.SkewedClock;
import java.io.IOException;
import java.util.concurrent.locks.LockSupport;

/**
 * A driver run by an agent: it sends its share of the load ({@link Schedule}) to its {@link EventOut}
 * (a sink agent's socket or a Kafka topic), global event g at its intended time start + offset(g)
 * on the agent's clock (an absolute schedule: a late event does not shift the ones after it; every
 * driver of the trial has the same start, told in its own clock's terms), each carrying g and its
 * send stamp. It records per event g, the intended time and the send start on the agent's clock.
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
            int i = 0;
            for (long g = 0; g < schedule.total() && i < plan.events() && !stop; g++) {
                if (!schedule.owns(g)) continue;
                long due = start + schedule.offset(g);
                long left;
                while ((left = due - clock.now()) > 0) {
                    if (left > SPIN_NS) LockSupport.parkNanos(left - SPIN_NS);
                    if (stop) return;
                }
                long s = clock.now();
                out.send(g, s);
                seq[i] = g;
                intended[i] = due;
                sent[i] = s;
                count = ++i;
            }
            out.close();
            if (out.failure() != null) failure = "driver: " + out.failure();
        } catch (IOException e) {
            failure = "driver: sending to " + plan.target() + " failed after " + count + " events: " + e.getMessage();
        } finally {
            finished = true;
        }
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
