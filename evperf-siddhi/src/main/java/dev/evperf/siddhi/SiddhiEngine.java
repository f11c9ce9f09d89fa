package dev.evperf.siddhi;

import com.lmax.disruptor.ExceptionHandler;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.ErrorListener;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import io.siddhi.core.SiddhiAppRuntime;
import io.siddhi.core.SiddhiManager;
import io.siddhi.core.event.Event;
import io.siddhi.core.stream.input.InputHandler;
import io.siddhi.core.stream.output.StreamCallback;
import io.siddhi.query.api.definition.StreamDefinition;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.regex.Pattern;

/** A started Siddhi app. Without {@code @Async}, Siddhi runs the queries on the sending thread. */
final class SiddhiEngine implements Engine {

    private final SiddhiManager manager;
    private final SiddhiAppRuntime runtime;
    private final boolean sendingThreadOnly;
    /** Input stream to the position of its event-time attribute (option event_time); empty without it. */
    private final Map<String, Integer> eventTime;

    private boolean closed;
    /** Set by {@link #onError} before the first send; read only when Siddhi reports an error. */
    private volatile ErrorListener errors;

    /** Takes a runtime that has not started: Siddhi's junctions read the error hooks when they start. */
    SiddhiEngine(SiddhiManager manager, SiddhiAppRuntime runtime, String queries, Map<String, Integer> eventTime) {
        this.manager = manager;
        this.eventTime = eventTime;
        this.runtime = runtime;
        this.sendingThreadOnly = !MAY_EMIT_OFF_THREAD.matcher(queries).find();
        // A junction catches what its receivers (queries, functions, callbacks) throw, tells this
        // listener, logs it and drops the event (@OnError action LOG, the default).
        runtime.handleRuntimeExceptionWith(e -> report(null, e));
        // @Async junctions: what escapes a junction's handler on a disruptor thread.
        runtime.handleExceptionWith(new ExceptionHandler<Object>() {
            @Override
            public void handleEventException(Throwable e, long sequence, Object event) {
                report("@Async junction", e);
            }

            @Override
            public void handleOnStartException(Throwable e) {
                report("@Async junction start", e);
            }

            @Override
            public void handleOnShutdownException(Throwable e) {
                report("@Async junction shutdown", e);
            }
        });
    }

    private void report(String where, Throwable e) {
        ErrorListener l = errors;
        if (l != null) l.onError(where, e);
    }

    @Override
    public void onError(ErrorListener listener) {
        this.errors = listener;
    }

    /**
     * What can make Siddhi emit on a thread of its own: @Async junctions, time windows and
     * batches, pattern/sequence time constraints, triggers, time-based output rate limiting (a
     * number with a time unit: {@code 5 sec}; not an aggregate such as {@code min(id)}). Any
     * mention makes the adapter say "any thread" (always safe), so a false alarm only costs the
     * sink an atomic increment per output and links outputs by their sequence attribute instead of
     * by the send that delivered them.
     */
    private static final Pattern MAY_EMIT_OFF_THREAD = Pattern.compile(
            "(?i)@async|time|within|trigger|\\d\\s*(sec|secs|second|seconds|min|mins|minute|minutes|hour|hours|ms|millisec|milliseconds)\\b");

    @Override
    public boolean deliversOnSendingThread() {
        return sendingThreadOnly;
    }

    @Override
    public InputHandle input(String stream) throws EngineException {
        definition(stream);
        InputHandler handler = runtime.getInputHandler(stream);
        int stamp = eventTime.getOrDefault(stream, -1);
        return new InputHandle() {
            @Override
            public void send(Object[] event) {
                try {
                    if (stamp >= 0 && event[stamp] instanceof Long time) {
                        handler.send(time, event);
                    } else {
                        handler.send(event); // stamped with the send time
                    }
                } catch (InterruptedException e) {
                    throw interrupted(stream, e);
                }
            }

            /**
             * Siddhi's own batch: an Event[] sent in one call. Each Event carries the time the batch
             * was prepared as its timestamp (Siddhi stamps single sends with the send time instead),
             * which matters only to time windows over batched input; with option event_time, its own.
             */
            @Override
            public Object prepareBatch(Object[][] events, int from, int count) {
                Event[] batch = new Event[count];
                long now = System.currentTimeMillis();
                for (int i = 0; i < count; i++) {
                    Object[] row = events[from + i];
                    batch[i] = new Event(stamp >= 0 && row[stamp] instanceof Long time ? time : now, row);
                }
                return batch;
            }

            @Override
            public void sendBatch(Object batch) {
                try {
                    handler.send((Event[]) batch);
                } catch (InterruptedException e) {
                    throw interrupted(stream, e);
                }
            }
        };
    }

    /** InputHandle is unchecked; the interrupt stays visible to the driver. */
    private static IllegalStateException interrupted(String stream, InterruptedException e) {
        Thread.currentThread().interrupt();
        return new IllegalStateException("siddhi: interrupted while sending to " + stream, e);
    }

    @Override
    public void subscribe(String outputStream, OutputListener listener) throws EngineException {
        definition(outputStream);
        runtime.addCallback(outputStream, new StreamCallback() {
            @Override
            public void receive(Event[] events) {
                if (events.length > 1) listener.onBatch(events.length);
                for (Event event : events) {
                    listener.onOutput(event.getData());
                }
            }
        });
    }

    @Override
    public List<String> outputFields(String outputStream) throws EngineException {
        return List.of(definition(outputStream).getAttributeNameArray());
    }

    private StreamDefinition definition(String stream) throws EngineException {
        StreamDefinition definition = runtime.getStreamDefinitionMap().get(stream);
        if (definition == null) {
            throw new EngineException("siddhi: no stream named '" + stream + "'; the app defines "
                    + String.join(
                            ", ", new TreeSet<>(runtime.getStreamDefinitionMap().keySet())));
        }
        return definition;
    }

    @Override
    public void close() {
        if (closed) {
            return;
        }
        closed = true;
        runtime.shutdown();
        manager.shutdown();
    }
}
