package dev.evperf.launch;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The one line a component JVM prints on stdout to tell its starter something happened:
 * {@code evperf-ready <event> key=value …}, e.g. {@code evperf-ready up bootstrap=127.0.0.1:9092}.
 * Values contain no blanks. Events: {@code started} (the child's main began: the JVM is up) and
 * {@code up} (the system serves requests).
 */
public final class Ready {
    public static final String PREFIX = "evperf-ready ";

    private Ready() {}

    /** Prints the line and flushes stdout, so the starter sees it at once. */
    public static synchronized void announce(String event, String... keyValues) {
        StringBuilder line = new StringBuilder(PREFIX).append(event);
        for (int i = 0; i + 1 < keyValues.length; i += 2) {
            line.append(' ').append(keyValues[i]).append('=').append(keyValues[i + 1]);
        }
        System.out.println(line);
        System.out.flush();
    }

    /** @return the line's event and its values (key "event" holds the event), or null for any other line */
    public static Map<String, String> parse(String line) {
        if (!line.startsWith(PREFIX)) return null;
        String[] parts = line.substring(PREFIX.length()).trim().split(" +");
        Map<String, String> out = new LinkedHashMap<>();
        out.put("event", parts[0]);
        for (int i = 1; i < parts.length; i++) {
            int eq = parts[i].indexOf('=');
            if (eq > 0) out.put(parts[i].substring(0, eq), parts[i].substring(eq + 1));
        }
        return out;
    }
}
