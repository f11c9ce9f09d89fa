package dev.evperf.core.engine;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.Field;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import dev.evperf.api.StreamSchema;
import dev.evperf.core.workload.Dur;
import java.util.ArrayList;
import java.util.List;

/**
 * The {@code null} engine: a pass-through that hands every input event to the output listeners
 * inside the send call. It measures evperf's own cost, and with option {@code service_time} (a
 * busy spin per event) it is an engine of known capacity against which every figure can be
 * checked. Every requested output stream receives every input event unchanged.
 */
public final class NullEngineFactory implements EngineFactory {
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
        Object st = spec.options().get("service_time");
        long serviceNanos;
        try {
            serviceNanos = st == null ? 0 : Dur.parse(st).nanos();
        } catch (IllegalArgumentException e) {
            throw new EngineException("null: option service_time: " + e.getMessage());
        }
        for (String key : spec.options().keySet()) {
            if (!key.equals("service_time")) {
                throw new EngineException("null: unknown option '" + key + "'; the null engine takes service_time");
            }
        }
        return new NullEngine(spec, serviceNanos);
    }

    static final class NullEngine implements Engine {
        private final EngineSpec spec;
        private final long serviceNanos;
        private OutputListener[] listeners = new OutputListener[0];

        NullEngine(EngineSpec spec, long serviceNanos) {
            this.spec = spec;
            this.serviceNanos = serviceNanos;
        }

        @Override
        public InputHandle input(String stream) throws EngineException {
            schema(stream);
            if (serviceNanos == 0) {
                return event -> {
                    for (OutputListener l : listeners) l.onOutput(event);
                };
            }
            return event -> {
                long until = System.nanoTime() + serviceNanos;
                while (System.nanoTime() < until) {
                    Thread.onSpinWait();
                }
                for (OutputListener l : listeners) l.onOutput(event);
            };
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
                throw new EngineException("null: no output stream '" + outputStream + "'; outputs: " + spec.outputs());
            }
            // Outputs are the inputs themselves, so they have the (first) input stream's fields.
            return spec.inputs().get(0).fields().stream().map(Field::name).toList();
        }

        private StreamSchema schema(String stream) throws EngineException {
            for (StreamSchema s : spec.inputs()) {
                if (s.name().equals(stream)) return s;
            }
            throw new EngineException("null: no input stream '" + stream + "'");
        }

        @Override
        public boolean deliversOnSendingThread() {
            return true;
        }

        @Override
        public void close() {
        }
    }
}
