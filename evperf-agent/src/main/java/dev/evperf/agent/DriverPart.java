package dev.evperf.agent;

import dev.evperf.agent.clock.SkewedClock;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.util.concurrent.locks.LockSupport;

/**
 * A driver run by an agent: it sends {@code events} events to the sink's address, event i at its
 * intended time start + i / rate on the agent's clock (an absolute schedule: a late event does not
 * shift the ones after it), each a 16-byte frame (sequence number, send stamp). It records per
 * event the intended time and the send start on the agent's clock.
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

    DriverPart(PartPlan plan, SkewedClock clock) {
        this.plan = plan;
        this.clock = clock;
        this.seq = new long[plan.events()];
        this.intended = new long[plan.events()];
        this.sent = new long[plan.events()];
    }

    @Override
    void start() throws IOException {
        int colon = plan.target().lastIndexOf(':');
        Socket socket = new Socket();
        socket.setTcpNoDelay(true);
        socket.connect(
                new InetSocketAddress(
                        plan.target().substring(0, colon),
                        Integer.parseInt(plan.target().substring(colon + 1))),
                5_000);
        run(() -> send(socket), "driver");
    }

    private void send(Socket socket) {
        double period = 1e9 / plan.rate();
        try (socket;
                DataOutputStream out = new DataOutputStream(socket.getOutputStream())) {
            long start = clock.now();
            for (int i = 0; i < plan.events() && !stop; i++) {
                long due = start + Math.round(i * period);
                long left;
                while ((left = due - clock.now()) > 0) {
                    if (left > SPIN_NS) LockSupport.parkNanos(left - SPIN_NS);
                    if (stop) return;
                }
                long s = clock.now();
                out.writeLong(plan.first() + i);
                out.writeLong(s);
                out.flush();
                seq[i] = plan.first() + i;
                intended[i] = due;
                sent[i] = s;
                count = i + 1;
            }
        } catch (IOException e) {
            failure = "driver: sending to " + plan.target() + " failed after " + count + " events: " + e.getMessage();
        }
    }

    @Override
    boolean done() {
        return count == plan.events() || failure != null || (thread != null && !thread.isAlive());
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
