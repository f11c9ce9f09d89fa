package dev.evperf.esper;

import com.espertech.esper.common.client.EPCompiled;
import com.espertech.esper.common.client.EventBean;
import com.espertech.esper.common.client.EventSender;
import com.espertech.esper.common.client.EventType;
import com.espertech.esper.common.client.configuration.Configuration;
import com.espertech.esper.common.client.hook.exception.ExceptionHandlerContext;
import com.espertech.esper.common.client.hook.exception.ExceptionHandlerExceptionType;
import com.espertech.esper.compiler.client.CompilerArguments;
import com.espertech.esper.runtime.client.EPDeployException;
import com.espertech.esper.runtime.client.EPDeployment;
import com.espertech.esper.runtime.client.EPRuntime;
import com.espertech.esper.runtime.client.EPStatement;
import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.ErrorListener;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.BiConsumer;
import java.util.function.Consumer;
import java.util.regex.Pattern;

/** A runtime with the workload's module deployed. Listeners run on the thread that sends the event. */
final class EsperEngine implements Engine {

    private final EPRuntime runtime;
    private final Configuration config;
    private final EPDeployment deployment;
    private final List<String> inputs;

    private final boolean sendingThreadOnly;
    private final Errors errors;
    /** Input stream to the position of its event-time attribute (option event_time); empty without it. */
    private final Map<String, Integer> eventTime;
    /** The largest event time given to Esper's clock; guarded by this. */
    private long clock = Long.MIN_VALUE;

    EsperEngine(
            EPRuntime runtime,
            Configuration config,
            EPDeployment deployment,
            List<String> inputs,
            String queries,
            Errors errors,
            Map<String, Integer> eventTime) {
        this.runtime = runtime;
        this.eventTime = eventTime;
        this.config = config;
        this.deployment = deployment;
        this.inputs = List.copyOf(inputs);
        this.errors = errors;
        this.sendingThreadOnly = !config.getRuntime().getThreading().isInternalTimerEnabled()
                || !MAY_EMIT_ON_TIMER.matcher(queries).find();
    }

    /**
     * What makes Esper's timer thread call listeners: time windows, time-based output rate
     * limiting, pattern timers and intervals. Any mention (while the internal timer runs) makes
     * the adapter say "any thread", which is always safe; a false alarm costs an atomic per output.
     */
    private static final Pattern MAY_EMIT_ON_TIMER = Pattern.compile(
            "(?i)time|timer|pattern|every|\\b(sec|secs|second|seconds|min|mins|minute|minutes|hour|hours|msec|millisecond|milliseconds)\\b");

    @Override
    public boolean deliversOnSendingThread() {
        return sendingThreadOnly;
    }

    /**
     * Passes what Esper's exception hook receives, and what it only logs ({@link EsperLogHook}), to
     * the listener set by {@link #onError}. A plug-in function that rethrows is logged first and
     * then reaches the hook with the logged exception as a cause: counted once.
     */
    static final class Errors implements Consumer<ExceptionHandlerContext> {
        volatile ErrorListener listener;
        /** The exception last logged on this thread, until the hook call that may follow it. */
        private final ThreadLocal<Throwable> logged = new ThreadLocal<>();

        final BiConsumer<String, Throwable> fromLog = this::logged;

        @Override
        public void accept(ExceptionHandlerContext c) {
            Throwable last = logged.get();
            if (last != null) {
                logged.remove();
                for (Throwable t = c.getThrowable(); t != null && t != t.getCause(); t = t.getCause()) {
                    if (t == last) return;
                }
            }
            ErrorListener l = listener;
            if (l == null) return;
            String where = c.getStatementName() == null
                    ? null
                    : "statement '" + c.getStatementName() + "'"
                            + (c.getType() == ExceptionHandlerExceptionType.PROCESS
                                    ? ""
                                    : " (" + c.getType().name().toLowerCase() + ")");
            l.onError(where, c.getThrowable());
        }

        private void logged(String where, Throwable error) {
            ErrorListener l = listener;
            if (l == null) return;
            logged.set(error);
            l.onError(where, error);
        }
    }

    @Override
    public void onError(ErrorListener listener) {
        errors.listener = listener;
    }

    @Override
    public InputHandle input(String stream) throws EngineException {
        // only the configured types are on Esper's event bus; insert-into streams cannot be sent to
        if (!inputs.contains(stream)) {
            throw new EngineException("esper: no input stream named '" + stream + "'; input streams: "
                    + String.join(", ", new TreeSet<>(inputs)));
        }
        EventSender sender = runtime.getEventService().getEventSender(stream);
        // Esper keeps the array itself as the event (windows hold on to it): callers must not reuse it
        int stamp = eventTime.getOrDefault(stream, -1);
        if (stamp < 0) {
            return sender::sendEvent;
        }
        return event -> {
            if (event[stamp] instanceof Long time) {
                advanceTo(time);
            }
            sender.sendEvent(event);
        };
    }

    /**
     * Esper's external clock follows the largest event time sent (option event_time). The first event
     * sets it even backwards: an external clock starts at the wall-clock time the runtime was made.
     */
    private synchronized void advanceTo(long time) {
        if (clock == Long.MIN_VALUE || time > clock) {
            clock = time;
            runtime.getEventService().advanceTime(time);
        }
    }

    @Override
    public void subscribe(String outputStream, OutputListener listener) throws EngineException {
        String[] names = type(outputStream).getPropertyNames();
        // A listener needs a statement: select the stream in a module of its own, against the deployed types.
        CompilerArguments arguments = new CompilerArguments(config);
        arguments.getPath().add(runtime.getRuntimePath());
        EPCompiled compiled = EsperEngineFactory.compile(
                "@name('evperf-out-" + outputStream + "') select * from " + outputStream, arguments);
        EPStatement statement;
        try {
            statement = runtime.getDeploymentService().deploy(compiled).getStatements()[0];
        } catch (EPDeployException e) {
            throw new EngineException(EsperEngineFactory.oneLine("esper: " + e.getMessage()), e);
        }
        statement.addListener((newEvents, oldEvents, stmt, rt) -> {
            if (newEvents == null) {
                return;
            }
            if (newEvents.length > 1) listener.onBatch(newEvents.length);
            for (EventBean event : newEvents) {
                listener.onOutput(event.getUnderlying() instanceof Object[] row ? row : toRow(event, names));
            }
        });
    }

    /** For streams that are not object-array types (e.g. a map schema the queries create). */
    private static Object[] toRow(EventBean event, String[] names) {
        Object[] row = new Object[names.length];
        for (int i = 0; i < names.length; i++) {
            row[i] = event.get(names[i]);
        }
        return row;
    }

    @Override
    public List<String> outputFields(String outputStream) throws EngineException {
        return List.of(type(outputStream).getPropertyNames());
    }

    /** A type the module created (insert into, create schema, …) or one of the configured inputs. */
    private EventType type(String name) throws EngineException {
        EventType type = runtime.getEventTypeService().getEventType(deployment.getDeploymentId(), name);
        if (type == null) {
            type = runtime.getEventTypeService().getEventTypePreconfigured(name);
        }
        if (type == null) {
            throw new EngineException("esper: no stream or event type named '" + name + "'; the queries have "
                    + String.join(", ", knownStreams()));
        }
        return type;
    }

    private Set<String> knownStreams() {
        Set<String> names = new TreeSet<>(inputs);
        for (EPStatement statement : deployment.getStatements()) {
            String name = statement.getEventType().getName();
            // plain selects have anonymous types that cannot be looked up by name
            if (runtime.getEventTypeService().getEventType(deployment.getDeploymentId(), name) != null) {
                names.add(name);
            }
        }
        return names;
    }

    @Override
    public void close() {
        if (!runtime.isDestroyed()) {
            EsperErrorHook.unregister(runtime.getURI());
            EsperLogHook.untarget(errors.fromLog);
            runtime.destroy();
        }
    }
}
