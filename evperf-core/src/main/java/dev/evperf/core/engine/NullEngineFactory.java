package dev.evperf.core.engine;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.ErrorListener;
import dev.evperf.api.Field;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import dev.evperf.api.StreamSchema;
import dev.evperf.api.config.Dur;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code null} engine: a pass-through that hands every input event to the output listeners
 * inside the send call. It measures evperf's own cost, and with option {@code service_time} (a
 * busy spin per event) it is an engine of known capacity against which every figure can be
 * checked. Every requested output stream receives every input event unchanged. Options
 * {@code error_every: N} and {@code throw_every: N} make it fail on every N-th send, as real engines
 * fail on some events: the first reports the error through {@link Engine#onError} and drops the
 * event (what Siddhi and Esper do with an exception in a query), the second throws it out of send.
 */
public final class NullEngineFactory implements EngineFactory {
    static final List<String> OPTIONS = List.of("service_time", "error_every", "throw_every");

    @Override
    public String name() {
        return "null";
    }

    @Override
    public String version() {
        return "evperf null engine";
    }

    @Override
    public Engine open(EngineSpec spec) throws EngineException {
        for (String key : spec.options().keySet()) {
            if (!OPTIONS.contains(key)) {
                throw new EngineException(
                        "null: unknown option '" + key + "'; the null engine takes " + String.join(", ", OPTIONS));
            }
        }
        Object st = spec.options().get("service_time");
        long serviceNanos;
        try {
            serviceNanos = st == null ? 0 : Dur.parse(st).nanos();
        } catch (IllegalArgumentException e) {
            throw new EngineException("null: option service_time: " + e.getMessage());
        }
        return new NullEngine(spec, serviceNanos, every(spec, "error_every"), every(spec, "throw_every"));
    }

    private static long every(EngineSpec spec, String option) throws EngineException {
        Object v = spec.options().get(option);
        if (v == null) return 0;
        if (v instanceof Number n && n.longValue() >= 1 && n.doubleValue() == n.longValue()) return n.longValue();
        throw new EngineException("null: option " + option + " must be a whole number >= 1, not '" + v + "'");
    }

    static final class NullEngine implements Engine {
        private final EngineSpec spec;
        private final long serviceNanos;
        private final long errorEvery;
        private final long throwEvery;
        private OutputListener[] listeners = new OutputListener[0];
        private ErrorListener errors = (where, e) -> {};
        private long sends;

        NullEngine(EngineSpec spec, long serviceNanos, long errorEvery, long throwEvery) {
            this.spec = spec;
            this.serviceNanos = serviceNanos;
            this.errorEvery = errorEvery;
            this.throwEvery = throwEvery;
        }

        @Override
        public InputHandle input(String stream) throws EngineException {
            schema(stream);
            if (errorEvery > 0 || throwEvery > 0) {
                // A separate handle, so the plain ones below stay as cheap as they were.
                return event -> {
                    if (serviceNanos > 0) spin();
                    long k = ++sends; // per engine, unsynchronised: exact with one sender
                    if (throwEvery > 0 && k % throwEvery == 0) {
                        throw new IllegalStateException("null: throw_every " + throwEvery + ": send " + k + " fails");
                    }
                    if (errorEvery > 0 && k % errorEvery == 0) {
                        errors.onError(
                                "null engine",
                                new IllegalStateException(
                                        "null: error_every " + errorEvery + ": event of send " + k + " dropped"));
                        return;
                    }
                    for (OutputListener l : listeners) l.onOutput(event);
                };
            }
            if (serviceNanos == 0) {
                return event -> {
                    for (OutputListener l : listeners) l.onOutput(event);
                };
            }
            return event -> {
                spin();
                for (OutputListener l : listeners) l.onOutput(event);
            };
        }

        private void spin() {
            long until = System.nanoTime() + serviceNanos;
            while (System.nanoTime() < until) {
                Thread.onSpinWait();
            }
        }

        @Override
        public void onError(ErrorListener listener) {
            errors = listener;
        }

        @Override
        public void subscribe(String outputStream, OutputListener listener) throws EngineException {
            outputFields(outputStream);
            List<OutputListener> all = new ArrayList<>(List.of(listeners));
            all.add(listener);
            listeners = all.toArray(new OutputListener[0]);
        }

        @Override
        public List<String> outputFields(String outputStream) throws EngineException {
            if (!spec.outputs().contains(outputStream)) {
                throw new EngineException("null: no output stream '" + outputStream + "'; outputs: " + spec.outputs()
                        + " (each receives every event of the inputs " + inputNames() + ")");
            }
            // Outputs are the inputs themselves, so they have the (first) input stream's fields.
            return spec.inputs().get(0).fields().stream().map(Field::name).toList();
        }

        private StreamSchema schema(String stream) throws EngineException {
            for (StreamSchema s : spec.inputs()) {
                if (s.name().equals(stream)) return s;
            }
            throw new EngineException("null: no input stream '" + stream + "'; inputs: " + inputNames());
        }

        private List<String> inputNames() {
            return spec.inputs().stream().map(StreamSchema::name).toList();
        }

        @Override
        public boolean deliversOnSendingThread() {
            return true;
        }

        @Override
        public void close() {}
    }
}
