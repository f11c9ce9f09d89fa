package dev.evperf.suites.nexmark;

import dev.evperf.suites.nexmark.data.NexmarkGenerator;
import dev.evperf.suites.nexmark.query.NexmarkQuery;

/**
 * The event that closed a window, from which a window row's latency is measured: for each stream
 * the window reads, the first event with {@code dateTime ≥ wend + lateness} (no earlier event can
 * have it, since no event is stamped later than its place in the sequence); for two streams, the
 * later of the two. Found from the generator in O(lateness / inter-event delay + proportions)
 * steps, without the events before it: the sink can name the cause of a window row from its
 * {@code wend} alone.
 */
public final class ClosingEvents {
    private final NexmarkInputs inputs;
    private final NexmarkGenerator generator;
    private final NexmarkQuery.Windows windows;
    private final long lateness;

    public ClosingEvents(NexmarkQuery query, NexmarkInputs inputs) {
        if (query.windows() == null) {
            throw new IllegalArgumentException(query.name() + " has no event-time windows");
        }
        this.inputs = inputs;
        this.generator = inputs.generator();
        this.windows = query.windows();
        this.lateness = query.data().latenessMillis();
    }

    /**
     * The seq of the event that closed the window ending at {@code wend}: a data event, a terminal
     * event, or -1 when the end of input closed it (an engine's end-of-input watermark).
     */
    public long closingSeq(long wend) {
        long closing = -1;
        for (int kind : windows.kinds()) {
            long k = first(kind, wend + lateness);
            if (k < 0) {
                return -1;
            }
            closing = Math.max(closing, k);
        }
        return closing;
    }

    private long first(int kind, long time) {
        for (long k = generator.firstAtOrAfter(time); k < inputs.events(); k++) {
            if (generator.kind(k) == kind && generator.dateTime(k) >= time) {
                return k;
            }
        }
        return inputs.terminalSeq(kind);
    }
}
