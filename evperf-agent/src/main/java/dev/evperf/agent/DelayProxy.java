package dev.evperf.agent;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Arrays;
import java.util.Random;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

/**
 * A user-space TCP proxy that delays each direction by its own fixed delay plus uniform jitter,
 * for tests on one host (this kernel has no {@code tc netem}): the controller's probes can cross an
 * asymmetric path and show the clock bound widening on real sockets. It listens on loopback, serves
 * connections one after another to {@code target}, and keeps each direction's bytes in order (a
 * chunk is released at {@code max(previous release, arrival + delay + jitter)}).
 */
public final class DelayProxy implements AutoCloseable {
    /** Chunks in flight per direction: a bound on memory; a full queue back-pressures the sender. */
    static final int MAX_CHUNKS = 4_096;

    /** A direction's delay (ns): fixed plus uniform jitter in [0, jitter). */
    public record Delay(long fixedNs, long jitterNs) {}

    private final ServerSocket server;
    private final InetSocketAddress target;
    private final Delay toTarget;
    private final Delay fromTarget;
    private final Thread acceptor;
    private volatile boolean closed;

    public DelayProxy(InetSocketAddress target, Delay toTarget, Delay fromTarget) throws IOException {
        this.target = target;
        this.toTarget = toTarget;
        this.fromTarget = fromTarget;
        this.server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        acceptor = new Thread(this::accept, "evperf-delay-proxy");
        acceptor.setDaemon(true);
        acceptor.start();
    }

    public int port() {
        return server.getLocalPort();
    }

    private void accept() {
        long seed = 1;
        while (!closed) {
            try {
                Socket in = server.accept();
                Socket out = new Socket();
                out.setTcpNoDelay(true);
                in.setTcpNoDelay(true);
                out.connect(target, 5_000);
                AtomicInteger ended = new AtomicInteger();
                pipe(in, out, toTarget, new Random(seed++), "to", ended);
                pipe(out, in, fromTarget, new Random(seed++), "from", ended);
            } catch (IOException e) {
                if (closed) return;
            }
        }
    }

    /** Reads from {@code a}, delays, writes to {@code b}: a reader and a releaser thread. */
    private static void pipe(Socket a, Socket b, Delay d, Random rnd, String dir, AtomicInteger ended) {
        BlockingQueue<long[]> times = new ArrayBlockingQueue<>(MAX_CHUNKS);
        BlockingQueue<byte[]> chunks = new ArrayBlockingQueue<>(MAX_CHUNKS);
        Thread reader = new Thread(
                () -> {
                    long lastRelease = 0;
                    byte[] buf = new byte[64 * 1024];
                    // not closed here: closing a socket's stream closes the socket, and the other direction lives on
                    try {
                        InputStream in = a.getInputStream();
                        for (int n; (n = in.read(buf)) >= 0; ) {
                            long jitter = d.jitterNs() > 0 ? (long) (rnd.nextDouble() * d.jitterNs()) : 0;
                            lastRelease = Math.max(lastRelease, System.nanoTime() + d.fixedNs() + jitter);
                            chunks.put(Arrays.copyOf(buf, n));
                            times.put(new long[] {lastRelease});
                        }
                    } catch (IOException | InterruptedException e) {
                        // the connection ended
                    }
                    try {
                        chunks.put(new byte[0]); // end of stream
                        times.put(new long[] {lastRelease});
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                    }
                },
                "evperf-delay-proxy-read-" + dir);
        Thread releaser = new Thread(
                () -> {
                    try {
                        OutputStream out = b.getOutputStream();
                        while (true) {
                            byte[] c = chunks.poll(60, TimeUnit.SECONDS);
                            long[] at = times.poll(1, TimeUnit.SECONDS);
                            if (c == null || at == null || c.length == 0) break;
                            for (long left; (left = at[0] - System.nanoTime()) > 0; ) LockSupport.parkNanos(left);
                            out.write(c);
                            out.flush();
                        }
                        b.shutdownOutput();
                        // both directions ended: the connection is over
                        if (ended.incrementAndGet() < 2) return;
                    } catch (IOException | InterruptedException e) {
                        // one side is gone: so is the connection
                    }
                    closeQuietly(a);
                    closeQuietly(b);
                },
                "evperf-delay-proxy-release-" + dir);
        reader.setDaemon(true);
        releaser.setDaemon(true);
        reader.start();
        releaser.start();
    }

    private static void closeQuietly(Socket s) {
        try {
            s.close();
        } catch (IOException e) {
            // nothing more to do
        }
    }

    @Override
    public void close() throws IOException {
        closed = true;
        server.close();
    }
}
