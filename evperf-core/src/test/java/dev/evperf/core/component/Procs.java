package dev.evperf.core.component;

import dev.evperf.launch.Pids;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/** Process checks for component tests: whether a pid still runs, read from procfs. */
public final class Procs {
    private Procs() {}

    /** True while the process exists and is not a zombie; see {@link Pids#running}. */
    public static boolean running(long pid) {
        return Pids.running(pid);
    }

    /** Waits until the process no longer runs; false if it still runs after the timeout. */
    public static boolean awaitGone(long pid, Duration timeout) throws InterruptedException {
        return Pids.awaitGone(pid, timeout);
    }

    /** The local addresses a process's TCP listening sockets are bound to, as "ip:port", from /proc/net/tcp. */
    public static java.util.List<String> listening(int... ports) throws IOException {
        java.util.List<String> out = new java.util.ArrayList<>();
        for (String table : new String[] {"/proc/net/tcp", "/proc/net/tcp6"}) {
            if (!Files.exists(Path.of(table))) continue;
            for (String line : Files.readAllLines(Path.of(table))) {
                String[] f = line.trim().split("\\s+");
                if (f.length < 4 || !f[3].equals("0A")) continue; // 0A = LISTEN
                String[] local = f[1].split(":");
                int port = Integer.parseInt(local[1], 16);
                for (int p : ports) {
                    if (p == port) out.add(address(local[0]) + ":" + port);
                }
            }
        }
        return out;
    }

    private static String address(String hex) {
        if (hex.length() == 32 && hex.startsWith("0000000000000000FFFF0000")) hex = hex.substring(24); // ::ffff:a.b.c.d
        if (hex.length() != 8) return hex.equals("00000000000000000000000000000000") ? "::" : hex;
        long v = Long.parseLong(hex, 16); // IPv4 in host (little-endian) order
        return (v & 0xff) + "." + ((v >> 8) & 0xff) + "." + ((v >> 16) & 0xff) + "." + ((v >> 24) & 0xff);
    }
}
