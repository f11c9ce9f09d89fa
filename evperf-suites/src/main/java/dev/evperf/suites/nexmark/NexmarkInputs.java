package dev.evperf.suites.nexmark;

import dev.evperf.suites.data.Input;
import dev.evperf.suites.nexmark.data.NexmarkGenerator;
import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import java.util.List;

/**
 * What a Nexmark query is sent: events 0..n − 1 (each to its stream: person, auction or bid), and,
 * for engines whose event-time windows close on the next event rather than on a watermark, one
 * terminal event per stream the windows read (seq n, n + 1, …), far enough in event time to close
 * every window that holds an event. The queries read only the streams they need, so events of other
 * streams are not sent at all: {@link #sent(long)} says which are.
 */
public final class NexmarkInputs {
    private final NexmarkQuery query;
    private final NexmarkGenerator generator;
    private final long events;
    private final List<Integer> terminalKinds;
    private final boolean[] reads = new boolean[3];

    /**
     * @param events   n, the events of the data set (of all three streams, including those not sent)
     * @param terminal whether to end each windowed stream with a terminal event
     */
    public NexmarkInputs(NexmarkQuery query, long events, boolean terminal) {
        this.query = query;
        this.generator = new NexmarkGenerator(query.data());
        this.events = events;
        this.terminalKinds =
                terminal && query.windows() != null ? query.windows().kinds() : List.of();
        for (int k = 0; k < 3; k++) {
            String name = NexmarkStreams.ALL.get(k).name();
            reads[k] = query.inputs().stream().anyMatch(s -> s.name().equals(name));
        }
    }

    public NexmarkGenerator generator() {
        return generator;
    }

    /** n: events 0..n − 1 are the data; the terminal events follow. */
    public long events() {
        return events;
    }

    /** Data and terminal events: seq 0 .. total − 1. */
    public long total() {
        return events + terminalKinds.size();
    }

    /** Whether event {@code seq} goes to the engine (the query reads its stream). */
    public boolean sent(long seq) {
        return seq >= events || reads[generator.kind(seq)];
    }

    /** Event {@code seq} and its stream, a data event or (seq ≥ n) a terminal one. */
    public Input event(long seq) {
        if (seq < events) {
            return new Input(generator.stream(seq), generator.event(seq));
        }
        int kind = terminalKinds.get((int) (seq - events));
        return new Input(NexmarkStreams.ALL.get(kind).name(), NexmarkGenerator.terminal(kind, seq, terminalTime()));
    }

    /** The terminal events' time: past the end of every window holding an event, lateness included. */
    public long terminalTime() {
        long length = query.windows() == null ? 0 : query.windows().length();
        return generator.nominalTime(Math.max(events - 1, 0))
                + length
                + query.data().latenessMillis()
                + 1;
    }

    /** The seq of the terminal event of this kind, or -1 when none is sent. */
    long terminalSeq(int kind) {
        int i = terminalKinds.indexOf(kind);
        return i < 0 ? -1 : events + i;
    }
}
