package dev.evperf.agent;

import dev.evperf.agent.clock.SkewedClock;
import java.io.BufferedInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;

/**
 * A sink run by an agent: it listens on the agent's address (an ephemeral port, reported to the
 * controller), takes one driver's connection and records per event its sequence number, the
 * driver's send stamp (on the driver's clock) and its receipt on the agent's clock. It waits for a
 * driver at most {@value #ACCEPT_MS} ms and stops on its own at the expected count or end of stream.
 */
final class SinkPart extends ReceivingPart {
    static final int ACCEPT_MS = 30_000;

    private final PartPlan plan;
    private final SkewedClock clock;
    private final ServerSocket server;
    private volatile Socket connection;

    SinkPart(PartPlan plan, SkewedClock clock, InetAddress bind) throws IOException {
        super(plan.events());
        this.plan = plan;
        this.clock = clock;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(bind, 0));
        server.setSoTimeout(ACCEPT_MS);
    }

    int port() {
        return server.getLocalPort();
    }

    @Override
    void start() {
        run(this::receive, "sink");
    }

    private void receive() {
        try (server;
                Socket s = server.accept();
                DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream(), 1 << 16))) {
            connection = s;
            s.setTcpNoDelay(true);
            for (int i = 0; i < plan.events(); i++) {
                long q = in.readLong();
                long stamp = in.readLong();
                // the receipt is read when the frame is complete: the event has arrived
                arrived(q, stamp, clock.now());
            }
        } catch (SocketTimeoutException e) {
            failure = "sink: no driver connected within " + ACCEPT_MS + " ms";
        } catch (EOFException e) {
            // the driver closed early: the count says how many arrived
        } catch (IOException e) {
            if (!server.isClosed() || arrivals() < plan.events())
                failure = "sink: " + e.getMessage() + " after " + arrivals() + " events";
        } finally {
            finished = true;
        }
    }

    @Override
    void stop() throws InterruptedException {
        try {
            server.close();
            Socket c = connection;
            if (c != null && !done()) c.close();
        } catch (IOException e) {
            // closing is all that is wanted
        }
        if (thread != null) thread.join(5_000);
    }
}
