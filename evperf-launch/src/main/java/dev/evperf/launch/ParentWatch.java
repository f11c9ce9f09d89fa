package dev.evperf.launch;

import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * Ends this JVM when the evperf process that started it is gone, however it ended (SIGKILL runs no
 * shutdown hook there, so only the child can notice). Every JVM evperf starts runs it: components
 * through {@link ChildMain}, trial and engine-check JVMs from their own mains. Two signs:
 * <ul>
 * <li>stdin is a pipe from the parent that the parent never writes to or closes; the kernel closes
 *     it when the parent dies, and the watch then reads end of file;</li>
 * <li>as a second line, the parent's pid (system property {@value #PARENT_PID}) is checked every
 *     {@value #POLL_MS} ms: a child re-parented to init or a subreaper has lost its parent.</li>
 * </ul>
 * Either way the JVM exits through {@link System#exit} so its shutdown hooks run (a broker closes
 * its logs, a trial writes what it has), and is halted if those take longer than
 * {@value #HALT_AFTER_MS} ms.
 */
public final class ParentWatch {
    /** System property with the pid of the process that must stay alive for this JVM to live. */
    public static final String PARENT_PID = "evperf.parent.pid";
    /** The exit code of a JVM whose parent died. */
    public static final int PARENT_GONE = 86;

    static final long POLL_MS = 250;
    static final long HALT_AFTER_MS = 20_000;

    private ParentWatch() {}

    /** The JVM option that names this process as the parent to watch, for a child's command line. */
    public static String option() {
        return "-D" + PARENT_PID + "=" + ProcessHandle.current().pid();
    }

    /** Watches this JVM's stdin and the parent named by {@value #PARENT_PID}; returns at once. */
    public static void start(String what) {
        start(System.in, Long.getLong(PARENT_PID, -1), what);
    }

    /**
     * The same, only when the starter named itself with {@link #option()}: a JVM started by hand
     * (its stdin a terminal or /dev/null) is not ended by its stdin.
     */
    public static void startIfNamed(String what) {
        if (Long.getLong(PARENT_PID, -1) > 0) start(what);
    }

    /**
     * Starts the two watch threads; returns at once.
     *
     * @param what how this JVM is named in the line it prints when it exits ("component", "trial")
     */
    static void start(InputStream stdin, long parentPid, String what) {
        Thread eof = new Thread(
                () -> {
                    byte[] sink = new byte[256];
                    try {
                        while (stdin.read(sink) >= 0) {
                            // the parent never writes; anything read is ignored
                        }
                    } catch (IOException e) {
                        // a broken pipe is the same news as end of file
                    }
                    exitBecause(what, "stdin closed: the evperf process that started this " + what + " is gone");
                },
                "evperf-parent-stdin");
        eof.setDaemon(true);
        eof.start();
        if (parentPid > 0) {
            Thread poll = new Thread(
                    () -> {
                        while (true) {
                            Optional<Long> parent =
                                    ProcessHandle.current().parent().map(ProcessHandle::pid);
                            if (parent.isEmpty() || parent.get() != parentPid) {
                                exitBecause(what, "parent process " + parentPid + " is gone");
                            }
                            try {
                                Thread.sleep(POLL_MS);
                            } catch (InterruptedException e) {
                                return;
                            }
                        }
                    },
                    "evperf-parent-pid");
            poll.setDaemon(true);
            poll.start();
        }
    }

    private static synchronized void exitBecause(String what, String why) {
        System.err.println("evperf " + what + ": " + why + "; exiting");
        Thread halt = new Thread(
                () -> {
                    try {
                        Thread.sleep(HALT_AFTER_MS);
                    } catch (InterruptedException ignored) {
                        // halt now
                    }
                    Runtime.getRuntime().halt(PARENT_GONE);
                },
                "evperf-halt");
        halt.setDaemon(true);
        halt.start();
        System.exit(PARENT_GONE);
    }
}
