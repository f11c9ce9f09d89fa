package dev.evperf.esper;

import dev.evperf.api.channel.LogChannel;
import dev.evperf.api.channel.LogChannels;
import dev.evperf.api.trace.Tracepoint;
import java.util.concurrent.ConcurrentHashMap;

/**
 * evperf's EPL single-row functions, Esper's counterpart of Siddhi's {@code evperf:log} and
 * {@code evperf:trace}:
 * <ul>
 * <li>{@code evperfLog('channel', id [, value])} logs (now, id, value) on the trial's channel of that
 *     name and returns {@code id};</li>
 * <li>{@code evperfTrace(seq, 'name')} timestamps event {@code seq} at the tracepoint
 *     {@code esper.<name>} and returns {@code seq}.</li>
 * </ul>
 * Esper calls static methods with the name as an argument on every event, so the channel or
 * tracepoint is looked up by name then (one hash lookup of an interned constant, no allocation);
 * the first call opens or registers it. {@link #reset} forgets them when an engine opens, so a new
 * trial's channels are not confused with a closed registry's.
 */
public final class EvperfFunctions {
    private static final ConcurrentHashMap<String, LogChannel> CHANNELS = new ConcurrentHashMap<>();
    private static final ConcurrentHashMap<String, Tracepoint> POINTS = new ConcurrentHashMap<>();

    private EvperfFunctions() {}

    static void reset() {
        CHANNELS.clear();
        POINTS.clear();
    }

    /**
     * Boxed, so that a null argument (a missing field) reaches the function instead of failing
     * Esper's unboxing: a null id logs nothing and is returned as null; a null value logs as 0.
     */
    public static Long log(String channel, Long id, Long value) {
        if (id == null || channel == null) return id;
        LogChannel c = CHANNELS.get(channel);
        if (c == null) c = CHANNELS.computeIfAbsent(channel, LogChannels::open);
        c.log(id, value == null ? 0 : value);
        return id;
    }

    public static Long log(String channel, Long id) {
        return log(channel, id, null);
    }

    /** A null seq (or name) records nothing and is returned as it is. */
    public static Long trace(Long seq, String name) {
        if (seq == null || name == null) return seq;
        Tracepoint p = POINTS.get(name);
        if (p == null) p = POINTS.computeIfAbsent(name, n -> Tracepoint.register("esper." + n));
        p.record(seq);
        return seq;
    }
}
