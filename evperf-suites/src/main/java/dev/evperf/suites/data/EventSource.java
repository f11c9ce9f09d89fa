package dev.evperf.suites.data;

import dev.evperf.api.StreamSchema;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;

/**
 * A stream's events made one after another while a trial runs (a workload's {@code data.<stream>.live}),
 * instead of read from a pool built before it: a generator fed live (issue 16: generated data "can
 * also be fed live"). The driver calls {@link #next} on a thread of its own, a bounded ring ahead of
 * the senders, so making an event never counts towards a send.
 *
 * <p>A source is deterministic: the same arguments give the same events, so a replay phase's
 * timestamps (the schedule) are read by a first pass over a second instance before the run, and a
 * validator can make the same events again.
 */
public interface EventSource {
    /**
     * The next event's row in the schema's field order, the sequence slot left empty (the driver sets
     * it), or null after the last. Each row is a new array: engines keep the rows they are sent.
     */
    Object[] next();

    /** Makes sources of one kind; registered in {@code META-INF/services/dev.evperf.suites.data.EventSource$Factory}. */
    interface Factory {
        /** The name a workload gives as {@code live.source}. */
        String name();

        /**
         * A source from the start, its rows in {@code schema}'s order; a bad argument or a field the
         * source cannot fill throws {@link IllegalArgumentException} with a one-line message naming it.
         */
        EventSource open(StreamSchema schema, int seqIndex, Map<String, String> args);
    }

    /** The names of the sources on the class path. */
    static List<String> names() {
        List<String> names = new ArrayList<>();
        for (Factory f : ServiceLoader.load(Factory.class)) names.add(f.name());
        return names;
    }

    /** Opens source {@code name}; an unknown name throws {@link IllegalArgumentException} listing the known ones. */
    static EventSource open(String name, StreamSchema schema, int seqIndex, Map<String, String> args) {
        for (Factory f : ServiceLoader.load(Factory.class)) {
            if (f.name().equals(name)) return f.open(schema, seqIndex, args);
        }
        throw new IllegalArgumentException("no live source '" + name + "'; sources: " + names());
    }
}
