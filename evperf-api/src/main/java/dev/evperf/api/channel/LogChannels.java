package dev.evperf.api.channel;

import java.util.Objects;
import java.util.function.Function;

/**
 * Where code inside a trial finds its channels by name. The trial installs its channel registry
 * before it opens the engine, so an engine extension can open its channel while its query
 * compiles (once) and log on every event. Outside a trial, or before one installs its registry,
 * {@link #open} returns a channel that drops everything: engine code need not know whether it
 * runs under evperf.
 */
public final class LogChannels {
    private static final LogChannel DROP = new LogChannel() {
        @Override
        public void log(long id, long value) {}

        @Override
        public void log(long timestamp, long id, long value) {}

        @Override
        public String name() {
            return "(no channels installed)";
        }
    };

    private static volatile Function<String, ? extends LogChannel> registry;

    private LogChannels() {}

    /** Installs the process's channel registry (the trial does this); null uninstalls it. */
    public static void install(Function<String, ? extends LogChannel> opener) {
        registry = opener;
    }

    /**
     * The channel of that name from the installed registry (opening it there the first time), or a
     * channel that drops everything when none is installed.
     */
    public static LogChannel open(String name) {
        Objects.requireNonNull(name, "channel name");
        Function<String, ? extends LogChannel> r = registry;
        return r == null ? DROP : r.apply(name);
    }

    /** Whether a registry is installed (e.g. to warn that logging goes nowhere). */
    public static boolean installed() {
        return registry != null;
    }
}
