package dev.evperf.launch;

import java.lang.management.ManagementFactory;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Map;

/**
 * The main class of every component JVM evperf starts (a broker, a JobManager, a TaskManager):
 * {@code ChildMain <main class> <its arguments…>}. Before it hands over to the system's own main it
 * starts the parent-death watch ({@link ParentWatch}), so that no component outlives the evperf
 * process that started it, even when that process is killed with SIGKILL.
 */
public final class ChildMain {
    /** System property with the pid of the process that must stay alive for this JVM to live. */
    public static final String PARENT_PID = ParentWatch.PARENT_PID;
    /** The exit code of a component whose parent died. */
    public static final int PARENT_GONE = ParentWatch.PARENT_GONE;

    private ChildMain() {}

    public static void main(String[] args) throws Throwable {
        if (args.length == 0) {
            System.err.println("usage: ChildMain <main class> [arguments…]");
            System.exit(2);
        }
        ParentWatch.start("component");
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
}
