package dev.evperf.agent;

import dev.evperf.agent.clock.SkewedClock;
import dev.evperf.agent.wire.Secret;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;

/**
 * Clock probes between two agents, not through the controller: a driver agent probes its sink
 * agent directly, so the two clocks are related with one bound (½ of their own minimum RTT) instead
 * of the sum of each one's bound to the controller. The sink agent runs a {@link Responder} (on the
 * controller's request), the driver agent a {@link Prober}; the controller asks the driver for each
 * window's probes and builds the pair's relation from them. The responder admits only a prober that
 * answers its challenge with the run's secret ({@link #PURPOSE}), as an agent admits its controller.
 */
final class PeerClock {
    static final String MAGIC = "evperf-agent-peer/1";
    /** The HMAC purpose of a prober's answer: not interchangeable with a controller's. */
    static final String PURPOSE = "evperf-agent/peer-probe";
    /** Bounds: the probers one responder serves, probes per connection, silence on a connection. */
    static final int MAX_PROBERS = 16;

    static final int MAX_PROBES = 10_000_000;
    static final int IDLE_MS = 30_000;

    private PeerClock() {}

    /** The sink agent's side: answers each probe with its clock at receipt and just before replying. */
    static final class Responder implements AutoCloseable {
        private final ServerSocket server;

        private final int idleMs;

        Responder(InetAddress bind, String name, Secret secret, SkewedClock clock) throws IOException {
            this(bind, name, secret, clock, IDLE_MS);
        }

        /** @param idleMs how long a prober's connection may stay silent before it is closed */
        Responder(InetAddress bind, String name, Secret secret, SkewedClock clock, int idleMs) throws IOException {
            this.idleMs = idleMs;
            server = new ServerSocket();
            server.bind(new InetSocketAddress(bind, 0));
            server.setSoTimeout(IDLE_MS);
            Thread t = new Thread(() -> accept(name, secret, clock), "evperf-agent-peer-clock");
            t.setDaemon(true);
            t.start();
        }

        int port() {
            return server.getLocalPort();
        }

        private void accept(String name, Secret secret, SkewedClock clock) {
            for (int i = 0; i < MAX_PROBERS && !server.isClosed(); i++) {
                try {
                    Socket s = server.accept();
                    Thread t = new Thread(() -> serve(s, name, secret, clock, idleMs), "evperf-agent-peer-probe");
                    t.setDaemon(true);
                    t.start();
                } catch (SocketTimeoutException e) {
                    i--; // a quiet stretch is no prober; the agent's own session bounds the whole
                } catch (IOException e) {
                    return; // closed
                }
            }
        }

        private static void serve(Socket s, String name, Secret secret, SkewedClock clock, int idleMs) {
            try (s) {
                s.setSoTimeout(idleMs);
                s.setTcpNoDelay(true);
                DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
                DataOutputStream out = new DataOutputStream(new BufferedOutputStream(s.getOutputStream()));
                byte[] challenge = Secret.challenge();
                out.writeUTF(MAGIC);
                out.writeUTF(name);
                out.write(challenge);
                out.flush();
                byte[] answer = in.readNBytes(32);
                if (answer.length != 32 || !secret.signed(PURPOSE, name, challenge, answer)) {
                    out.writeByte(1);
                    out.flush();
                    return;
                }
                out.writeByte(0);
                out.flush();
                for (int n = 0; n < MAX_PROBES; n++) {
                    in.readByte();
                    long t2 = clock.now();
                    out.writeLong(t2);
                    out.writeLong(clock.now());
                    out.flush();
                }
            } catch (IOException e) {
                // the prober went away or stayed silent: nothing to keep
            }
        }

        @Override
        public void close() {
            try {
                server.close();
            } catch (IOException e) {
                // closing is all that is wanted
            }
        }
    }

    /** The driver agent's side: one connection per responder, kept across the trial's windows. */
    static final class Prober implements AutoCloseable {
        private final Secret secret;
        private final SkewedClock clock;
        private final Map<String, Socket> sockets = new LinkedHashMap<>();

        Prober(Secret secret, SkewedClock clock) {
            this.secret = secret;
            this.clock = clock;
        }

        /**
         * {@code n} round trips to the responder of agent {@code peer} at {@code hostPort}, {@code
         * gapMicros} apart.
         *
         * @return columns t1, t2, t3, t4 (t1, t4 on this agent's clock; t2, t3 on the peer's)
         * @throws IllegalStateException one line: the peer cannot be reached, or refused the secret
         */
        long[][] probe(String peer, String hostPort, int n, long gapMicros) {
            boolean reused = sockets.containsKey(hostPort);
            try {
                return probeOnce(peer, hostPort, n, gapMicros);
            } catch (IllegalStateException e) {
                // the responder closes a connection silent for its idle limit (a broker or an engine
                // starting between two windows on a loaded machine can take that long): connect again, once
                if (!reused) throw e;
                return probeOnce(peer, hostPort, n, gapMicros);
            }
        }

        private long[][] probeOnce(String peer, String hostPort, int n, long gapMicros) {
            long[][] t = new long[4][n];
            try {
                Socket s = connect(peer, hostPort);
                DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
                DataOutputStream out = new DataOutputStream(s.getOutputStream());
                for (int i = 0; i < n; i++) {
                    t[0][i] = clock.now();
                    out.writeByte('P');
                    t[1][i] = in.readLong();
                    t[2][i] = in.readLong();
                    t[3][i] = clock.now();
                    if (gapMicros > 0) LockSupport.parkNanos(gapMicros * 1000);
                }
                return t;
            } catch (IOException e) {
                Socket s = sockets.remove(hostPort);
                closeQuietly(s);
                throw new IllegalStateException("peer probe to agent '" + peer + "' at " + hostPort + ": "
                        + (e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage()));
            }
        }

        private Socket connect(String peer, String hostPort) throws IOException {
            Socket s = sockets.get(hostPort);
            if (s != null) return s;
            int colon = hostPort.lastIndexOf(':');
            s = new Socket();
            try {
                s.setTcpNoDelay(true);
                s.connect(
                        new InetSocketAddress(
                                hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1))),
                        IDLE_MS);
                s.setSoTimeout(IDLE_MS);
                DataInputStream in = new DataInputStream(new BufferedInputStream(s.getInputStream()));
                DataOutputStream out = new DataOutputStream(s.getOutputStream());
                if (!MAGIC.equals(in.readUTF())) throw new IOException("no peer clock there");
                String name = in.readUTF();
                if (!peer.equals(name)) throw new IOException("the agent there is named '" + name + "'");
                out.write(secret.tag(PURPOSE, peer, in.readNBytes(32)));
                out.flush();
                if (in.readByte() != 0) throw new IOException("it refused the run's secret");
            } catch (IOException e) {
                closeQuietly(s);
                throw e;
            }
            sockets.put(hostPort, s);
            return s;
        }

        @Override
        public void close() {
            sockets.values().forEach(Prober::closeQuietly);
            sockets.clear();
        }

        private static void closeQuietly(Socket s) {
            if (s == null) return;
            try {
                s.close();
            } catch (IOException e) {
                // nothing more to do
            }
        }
    }
}
