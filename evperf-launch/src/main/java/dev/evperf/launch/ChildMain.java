package dev.evperf.launch;

import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;
import java.util.Optional;

/**
 * The main class of every component JVM evperf starts (a broker, a JobManager, a TaskManager):
 * {@code ChildMain <main class> <its arguments…>}. Before it hands over to the system's own main it
 * starts the parent-death watch, so that no component outlives the evperf process that started
 * it, even when that process is killed with SIGKILL and could run no shutdown hook:
 * <ul>
 * <li>stdin is a pipe from the parent that the parent never writes to or closes; the kernel closes
 *     it when the parent dies, however it dies, and the watch then reads end of file;</li>
 * <li>as a second line, the parent's pid (system property {@value #PARENT_PID}) is checked every
 *     {@value #POLL_MS} ms: a child re-parented to init or a subreaper has lost its parent.</li>
 * </ul>
 * Either way the JVM exits through {@link System#exit} so the system's shutdown hooks run (a
 * broker closes its logs cleanly), and is halted if those hooks take longer than
 * {@value #HALT_AFTER_MS} ms.
 */
public final class ChildMain {
    /** System property with the pid of the process that must stay alive for this JVM to live. */
    public static final String PARENT_PID = "evperf.parent.pid";
    /** The exit code of a component whose parent died. */
    public static final int PARENT_GONE = 86;

    static final long POLL_MS = 250;
    static final long HALT_AFTER_MS = 20_000;

    private ChildMain() {}

    public static void main(String[] args) throws Throwable {
        if (args.length == 0) {
            System.err.println("usage: ChildMain <main class> [arguments…]");
            System.exit(2);
        }
        watchParent(System.in, Long.getLong(PARENT_PID, -1));
        // The component's own start-up begins here: everything before it is JVM start-up.
        Ready.announce(
                "started",
                "jvm_ms",
                Long.toString(ManagementFactory.getRuntimeMXBean().getUptime()));
        Method main = Class.forName(args[0]).getMethod("main", String[].class);
        try {
            main.invoke(null, (Object) Arrays.copyOfRange(args, 1, args.length));
        } catch (InvocationTargetException e) {
            throw e.getCause();
        }
    }

    /**
     * Puts the {@code key=value} arguments from index {@code from} on into {@code settings}, over
     * what is there: how components take their system's settings on the command line.
     */
    public static Map<String, String> settings(String[] args, int from, Map<String, String> settings) {
        for (int i = from; i < args.length; i++) {
            int eq = args[i].indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("not a key=value setting: '" + args[i] + "'");
            settings.put(args[i].substring(0, eq), args[i].substring(eq + 1));
        }
        return settings;
    }

    /** Starts the two watch threads; returns at once. */
    static void watchParent(InputStream stdin, long parentPid) {
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
                    exitBecause("stdin closed: the evperf process that started this component is gone");
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
                                exitBecause("parent process " + parentPid + " is gone");
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

    private static synchronized void exitBecause(String why) {
        System.err.println("evperf component: " + why + "; exiting");
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
