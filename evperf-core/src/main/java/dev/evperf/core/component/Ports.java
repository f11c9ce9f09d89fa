package dev.evperf.core.component;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * Free TCP ports on the loopback interface for components to listen on. A port found free can be
 * taken by another process before the component binds it; components therefore retry their start
 * with fresh ports when they fail with "address already in use" ({@link #inUse}). Ports handed out
 * are remembered for a while, so two components of this JVM never get the same one.
 */
public final class Ports {
    private static final Deque<Integer> RECENT = new ArrayDeque<>();

    private Ports() {}

    /** A port the OS reports free on 127.0.0.1, not handed out recently by this JVM. */
    public static synchronized int free() {
        for (int attempt = 0; attempt < 100; attempt++) {
            int port;
            try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
                port = s.getLocalPort();
            } catch (IOException e) {
                throw new ComponentFailure("no free port on 127.0.0.1: " + e.getMessage(), e);
            }
            if (!RECENT.contains(port)) {
                RECENT.addLast(port);
                if (RECENT.size() > 256) RECENT.removeFirst();
                return port;
            }
        }
        throw new ComponentFailure("no free port on 127.0.0.1 after 100 tries");
    }

    /** Whether a component's log says a port was taken, so that a start with fresh ports may succeed. */
    public static boolean inUse(String logTail) {
        return logTail.contains("Address already in use") || logTail.contains("BindException");
    }
}
