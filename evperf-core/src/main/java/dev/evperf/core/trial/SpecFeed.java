package dev.evperf.core.trial;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.InputHandle;
import dev.evperf.core.workload.SpecWorkload;
import dev.evperf.core.workload.Workload;
import dev.evperf.suites.data.Input;
import dev.evperf.suites.run.NeutralQuery;
import java.util.ArrayList;
import java.util.List;
import java.util.function.LongUnaryOperator;
import java.util.function.ToLongFunction;

/**
 * What a trial of a neutral query ({@code engine.query}) sends: the spec's events in send order,
 * each to its own stream, and its setup rows before the timed run. The events are made once, at
 * preparation, as the pool of a trial with as many rows as events: event j is pool row j, so no
 * event repeats (event time advances) and the validation after the trial makes the same events.
 * Their memory grows with the trial's length (≈ 100–300 bytes an event), which is why the suites
 * size trials in events.
 */
final class SpecFeed {
    private final NeutralQuery query;
    private final Object[][] pool;
    private final byte[] route;
    private final List<String> streams = new ArrayList<>();
    /** wend → the seq of the event that closed that window, for a query with event-time windows; else null. */
    private final LongUnaryOperator closing;

    private SpecFeed(NeutralQuery query, Input[] events) {
        this.query = query;
        this.closing = query.closingEvents(events);
        this.pool = new Object[events.length][];
        this.route = new byte[events.length];
        for (int j = 0; j < events.length; j++) {
            pool[j] = events[j].row();
            int s = streams.indexOf(events[j].stream());
            if (s < 0) {
                s = streams.size();
                streams.add(events[j].stream());
            }
            route[j] = (byte) s;
        }
    }

    /** The events of a trial that sends {@code n}, or null for a workload with engine queries. */
    static SpecFeed of(Workload w, long n) {
        if (w.engine.query == null) return null;
        if (n > Integer.MAX_VALUE - 8) {
            throw new TrialFailure("engine.query: " + n + " events are more than a trial of a neutral query holds ("
                    + Integer.MAX_VALUE + "); shorten the load");
        }
        NeutralQuery q = SpecWorkload.query(w);
        return new SpecFeed(q, q.events((int) n, w.engine.name));
    }

    /** Pool row j is event j; the sequence slot (0 in every spec stream) is set again by the driver. */
    Object[][] pool() {
        return pool.length == 0 ? new Object[][] {new Object[1]} : pool;
    }

    /**
     * How a row of an output with these fields names its cause when it is a window's row (it has
     * {@code wend}, and the query has event-time windows): the event that closed its window, among
     * those this trial sends (-1: the end of input). Null for other outputs, which name it by their
     * declared sequence attribute. Engines that deliver inside send are linked by the send anyway.
     */
    ToLongFunction<Object[]> windowCause(List<String> fields) {
        int wend = fields.indexOf("wend");
        if (closing == null || wend < 0) return null;
        LongUnaryOperator closes = closing;
        return row -> closes.applyAsLong(((Number) row[wend]).longValue());
    }

    /**
     * How a row of an output with these fields names its cause in place of its declared attribute: a
     * window row its closing event ({@link #windowCause}), a row naming several inputs the latest of
     * them (q3's pair); null: by the declared sequence attribute.
     */
    ToLongFunction<Object[]> cause(List<String> fields) {
        ToLongFunction<Object[]> window = windowCause(fields);
        return window != null ? window : query.latestNamed(fields);
    }

    /** Sends the setup rows (table1's) before the run. */
    void sendSetup(Engine engine) throws EngineException {
        for (Input in : query.setup()) engine.input(in.stream()).send(in.row());
    }

    /** The load's input: the one stream's handle, or one that routes event j to its stream by its seq. */
    InputHandle input(Engine engine, String loadStream) throws EngineException {
        if (streams.size() <= 1) return engine.input(streams.isEmpty() ? loadStream : streams.get(0));
        InputHandle[] handles = new InputHandle[streams.size()];
        for (int s = 0; s < handles.length; s++) handles[s] = engine.input(streams.get(s));
        byte[] routes = route;
        return new InputHandle() {
            @Override
            public void send(Object[] event) {
                handles[routes[(int) (long) (Long) event[0]]].send(event);
            }

            @Override
            public void send(Object[] event, long seq, long intendedNanos) {
                handles[routes[(int) seq]].send(event, seq, intendedNanos);
            }
        };
    }
}
