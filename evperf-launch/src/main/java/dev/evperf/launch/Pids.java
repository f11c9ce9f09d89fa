package dev.evperf.launch;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Whether a process still runs, by pid, read from procfs. {@link ProcessHandle#isAlive} counts a zombie
 * as alive: a server that has exited but whose parent (often init, for a daemon started through a
 * launcher such as pg_ctl) has not yet reaped it. Here a zombie has ended, which is what "stopped" means.
 */
public final class Pids {
    private Pids() {}

    /** True while the process exists and is not a zombie (a zombie has exited; only its entry waits to be reaped). */
    public static boolean running(long pid) {
        try {
            String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
            char state = stat.charAt(stat.lastIndexOf(')') + 2);
            return state != 'Z' && state != 'X';
        } catch (IOException e) {
            return false;
        }
    }

    /** Waits until the process no longer runs; false if it still runs after the timeout. */
    public static boolean awaitGone(long pid, Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (running(pid)) {
            if (System.nanoTime() > deadline) return false;
            Thread.sleep(50);
        }
        return true;
    }
}
