package dev.evperf.ref.store;

import dev.evperf.api.EngineException;
import java.util.Arrays;
import java.util.Locale;

/**
 * How a sliding window holds its events: seed 001's chapter 5 representations, from the heaviest
 * to the lightest (thesis Figure 5.7).
 */
public enum Layout {
    /** A HashMap from attribute name to boxed value per event. */
    MAP,
    /** The event's Object[] itself, with its boxed values (what Esper keeps). */
    ARRAY,
    /** A fixed-schema plain Java object per event (stream1 schemas of up to 5 attributes). */
    POJO,
    /** One primitive array per attribute of the stream. */
    COLUMNS,
    /** One primitive array per value the query reads: group, time, aggregate arguments. */
    PROJECTED;

    public String yamlName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static Layout named(String name) throws EngineException {
        for (Layout l : values()) {
            if (l.yamlName().equals(name)) return l;
        }
        throw new EngineException("ref: option layout is one of "
                + Arrays.stream(values()).map(Layout::yamlName).toList() + ", not '" + name + "'");
    }
}
