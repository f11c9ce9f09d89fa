package dev.evperf.kafka.io;

import java.io.IOException;
import java.net.ConnectException;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * Whether nothing listens at a server's addresses. A refused TCP connection is an answer (no process
 * has the port), so a client's wait for a slow server would only delay the same message; any other
 * outcome (accepted, no answer within the probe, a name that does not resolve) is left to the client.
 */
public final class Refused {
    /** How long the probe waits for each address (a refusal is immediate). */
    private static final int PROBE_MS = 2_000;

    private Refused() {}

    /**
     * "connection refused" when every one of the comma-separated host:port addresses refuses a TCP
     * connection; otherwise null.
     */
    public static String everywhere(String addresses) {
        String why = null;
        for (String server : addresses.split(",")) {
            String s = server.strip();
            int colon = s.lastIndexOf(':');
            if (colon < 0) return null;
            try (Socket socket = new Socket()) {
                socket.connect(
                        new InetSocketAddress(s.substring(0, colon), Integer.parseInt(s.substring(colon + 1))),
                        PROBE_MS);
                return null;
            } catch (ConnectException e) {
                why = "connection refused";
            } catch (IOException | RuntimeException e) {
                return null;
            }
        }
        return why;
    }
}
