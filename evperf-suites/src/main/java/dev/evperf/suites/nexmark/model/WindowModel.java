package dev.evperf.suites.nexmark.model;

import dev.evperf.suites.nexmark.data.NexmarkStreams;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.reference.Model;
import dev.evperf.suites.reference.RowSink;
import java.util.Arrays;
import java.util.Iterator;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * Event-time windows of {@code length}, starting at multiples of {@code slide} from the epoch, each
 * with a state of type S. A window [s, e) closes when every stream it reads has had an event with
 * {@code dateTime ≥ e + lateness} (the watermark {@code max − lateness − 1} passes e − 1), and at the
 * end of input; windows close in order of their end.
 */
abstract class WindowModel<S> implements Model {
    private final long length;
    private final long slide;
    private final long lateness;
    private final String[] streams;
    private final long[] maxTime;
    private final Supplier<S> empty;
    private final TreeMap<Long, S> open = new TreeMap<>();

    WindowModel(NexmarkQuery q, long slide, Supplier<S> empty) {
        NexmarkQuery.Windows w = q.windows();
        this.length = w.length();
        this.slide = slide;
        this.lateness = q.data().latenessMillis();
        this.streams =
                w.kinds().stream().map(k -> NexmarkStreams.ALL.get(k).name()).toArray(String[]::new);
        this.maxTime = new long[streams.length];
        Arrays.fill(maxTime, Long.MIN_VALUE);
        this.empty = empty;
    }

    /** Adds the event to the state of one window it falls in. */
    abstract void add(String stream, Object[] row, S window);

    /** The rows of a closed window. */
    abstract void close(long wend, S window, RowSink out);

    @Override
    public final void onEvent(String stream, Object[] row, RowSink out) {
        int kind = kindOf(stream);
        long t = (Long) row[NexmarkStreams.timeIndex(kind)];
        // the windows [s, s + length) holding t: s from the last multiple of slide at or before t, back
        for (long s = Math.floorDiv(t, slide) * slide; s > t - length; s -= slide) {
            add(stream, row, open.computeIfAbsent(s, x -> empty.get()));
        }
        for (int i = 0; i < streams.length; i++) {
            if (streams[i].equals(stream)) {
                maxTime[i] = Math.max(maxTime[i], t);
            }
        }
        long passed = Long.MAX_VALUE;
        for (long m : maxTime) {
            passed = Math.min(passed, m);
        }
        if (passed != Long.MIN_VALUE) {
            closeUpTo(passed - lateness, out);
        }
    }

    @Override
    public final void end(RowSink out) {
        closeUpTo(Long.MAX_VALUE - length, out);
    }

    /** Closes the windows whose end is at most {@code limit}. */
    private void closeUpTo(long limit, RowSink out) {
        for (Iterator<Map.Entry<Long, S>> it = open.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Long, S> w = it.next();
            long end = w.getKey() + length;
            if (end > limit) {
                return;
            }
            close(end, w.getValue(), out);
            it.remove();
        }
    }

    private static int kindOf(String stream) {
        for (int k = 0; k < NexmarkStreams.ALL.size(); k++) {
            if (NexmarkStreams.ALL.get(k).name().equals(stream)) {
                return k;
            }
        }
        throw new IllegalArgumentException("no Nexmark stream " + stream);
    }
}
