package dev.evperf.agent;

import dev.evperf.agent.clock.SkewedClock;
import java.io.IOException;
import java.util.concurrent.locks.LockSupport;

/**
 * A driver run by an agent: it sends {@code events} events to its {@link EventOut} (a sink agent's
 * socket or a Kafka topic), event i at its intended time start + i / rate on the agent's clock (an
 * absolute schedule: a late event does not shift the ones after it), each carrying its sequence
 * number and send stamp. It records per event the intended time and the send start on the agent's
 * clock.
 */
final class DriverPart extends Part {
    /** Parking closer than this to the intended time overshoots it; the rest is a spin. */
    private static final long SPIN_NS = 50_000;

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

    @Override
    void start() throws IOException {
        EventOut out = EventOut.open(plan.target());
        run(() -> send(out), "driver");
    }

    private void send(EventOut output) {
        double period = 1e9 / plan.rate();
        try (EventOut out = output) {
            long start = clock.now();
            for (int i = 0; i < plan.events() && !stop; i++) {
                long due = start + Math.round(i * period);
                long left;
                while ((left = due - clock.now()) > 0) {
                    if (left > SPIN_NS) LockSupport.parkNanos(left - SPIN_NS);
                    if (stop) return;
                }
                long s = clock.now();
                out.send(plan.first() + i, s);
                seq[i] = plan.first() + i;
                intended[i] = due;
                sent[i] = s;
                count = i + 1;
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
    }
}
