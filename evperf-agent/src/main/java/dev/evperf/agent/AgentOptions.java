package dev.evperf.agent;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;

/**
 * How an agent was started ({@code evperf agent}).
 *
 * @param host the address to listen on; loopback unless {@code allowRemote}
 * @param port the port, 0 for any (the chosen one is announced on stdout)
 * @param secretFile the file holding the run's secret
 * @param allowRemote whether a non-loopback address may be listened on
 * @param name the agent's name, as the workload calls it
 * @param acceptMs how long the agent waits for its controller before it exits
 * @param idleMs how long a controller may stay silent before the agent takes it as gone
 * @param testOffsetNs test only: added to every timestamp the agent reports
 * @param testDriftPpm test only: the rate error applied to every timestamp the agent reports
 */
public record AgentOptions(
        String host,
        int port,
        Path secretFile,
        boolean allowRemote,
        String name,
        long acceptMs,
        long idleMs,
        long testOffsetNs,
        double testDriftPpm) {
    /** The most controllers with a wrong answer an agent listens to before it exits. */
    public static final int MAX_REFUSALS = 3;

    /**
     * @return the address to bind
     * @throws IllegalArgumentException one line: unknown host, bad port, or a non-loopback address
     *     without {@code --allow-remote}
     */
    public InetAddress bindAddress() {
        if (port < 0 || port > 65_535)
            throw new IllegalArgumentException("--listen: port " + port + " is not 0..65535");
        InetAddress a;
        try {
            a = InetAddress.getByName(host);
        } catch (UnknownHostException e) {
            throw new IllegalArgumentException("--listen: unknown host '" + host + "'");
        }
        if (!a.isLoopbackAddress() && !allowRemote) {
            throw new IllegalArgumentException("--listen: " + host + " is not a loopback address; an agent listens on "
                    + "another only with --allow-remote (and a firewall that admits the controller alone)");
        }
        return a;
    }

    /** Parses {@code host:port} ({@code [v6]:port} too). */
    public static String[] hostPort(String listen) {
        int colon = listen.lastIndexOf(':');
        if (colon <= 0 || colon == listen.length() - 1) {
            throw new IllegalArgumentException("--listen: '" + listen + "' is not host:port");
        }
        String host = listen.substring(0, colon);
        if (host.startsWith("[") && host.endsWith("]")) host = host.substring(1, host.length() - 1);
        String port = listen.substring(colon + 1);
        if (!port.chars().allMatch(Character::isDigit)) {
            throw new IllegalArgumentException("--listen: port '" + port + "' is not a number");
        }
        return new String[] {host, port};
    }
}
