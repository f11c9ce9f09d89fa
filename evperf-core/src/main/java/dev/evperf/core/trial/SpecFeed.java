package dev.evperf.core.trial;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.InputHandle;
import dev.evperf.core.driver.EventMaker;
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
 * preparation, as the trial's pool: event j is pool row j mod the pool's length, and the validation
 * after the trial makes the same events.
 * <ul>
 * <li>A chapter-4 test's data repeat every {@link NeutralQuery#period} events but for seq and event
 *     time: the pool holds one period (at most; fewer when the trial sends fewer events), and the
 *     driver writes each copy's event time (TS) as it writes its seq. The harness's memory is then
 *     bounded by the query's reach and 256 MiB (Stream1), not by the trial's length.</li>
 * <li>A Nexmark query's events do not repeat: the pool holds every event of the trial (≈ 100–300
 *     bytes an event), which bounds its length.</li>
 * </ul>
 */
final class SpecFeed {
    private final NeutralQuery query;
    private final Object[][] pool;
    private final byte[] route;
    private final List<String> streams = new ArrayList<>();
    /** wend → the seq of the event that closed that window, for a query with event-time windows; else null. */
    private final LongUnaryOperator closing;
    /** Whether the trial sends more events than the pool holds: their event time is then written per send. */
    private final boolean repeats;

    private SpecFeed(NeutralQuery query, Input[] events, boolean repeats) {
        this.query = query;
        this.repeats = repeats;
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
        NeutralQuery q = SpecWorkload.query(w);
        long rows = Math.min(n, q.period());
        if (rows > Integer.MAX_VALUE - 8) {
            throw new TrialFailure("engine.query: " + n + " events of " + q.label() + " are more than a trial's pool"
                    + " holds (" + Integer.MAX_VALUE + "); shorten the load");
        }
        return new SpecFeed(q, q.events((int) rows, w.engine.name), n > rows);
    }

    /** How the driver makes event j: a copy of pool row j mod its length, with seq j, and event time j when repeating. */
    EventMaker maker(int seqIndex) {
        return repeats
                ? new EventMaker(pool(), seqIndex, query.timeIndex(), query.eventTime())
                : new EventMaker(pool(), seqIndex);
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

    /** The load's input: the one stream's handle, or one that routes event j to its stream by its seq (mod the period). */
    InputHandle input(Engine engine, String loadStream) throws EngineException {
        if (streams.size() <= 1) return engine.input(streams.isEmpty() ? loadStream : streams.get(0));
        InputHandle[] handles = new InputHandle[streams.size()];
        for (int s = 0; s < handles.length; s++) handles[s] = engine.input(streams.get(s));
        byte[] routes = route;
        int n = routes.length; // the period is even: event j + n goes where event j goes
        return new InputHandle() {
            @Override
            public void send(Object[] event) {
                handles[routes[(int) ((Long) event[0] % n)]].send(event);
            }

            @Override
            public void send(Object[] event, long seq, long intendedNanos) {
                handles[routes[(int) (seq % n)]].send(event, seq, intendedNanos);
            }
        };
    }
}
