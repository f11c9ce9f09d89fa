package dev.evperf.jmh;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineException;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import dev.evperf.core.engine.Engines;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.translate.EsperTranslator;
import dev.evperf.suites.translate.RefTranslator;
import dev.evperf.suites.translate.SiddhiTranslator;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.translate.Translator;
import dev.evperf.suites.validate.Rows;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Validation;
import dev.evperf.suites.validate.Verdict;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * A neutral query spec opened on an engine through its translation (ref, Esper, Siddhi), fed the
 * spec's events through the engine SPI, with a listener that can keep every row (to validate) or
 * only count them (to measure).
 */
final class SpecEngines {
    private SpecEngines() {}

    static Translation.Queries translate(String engine, QuerySpec spec) {
        Translator t =
                switch (engine) {
                    case "ref" -> new RefTranslator();
                    case "esper" -> new EsperTranslator();
                    case "siddhi" -> new SiddhiTranslator();
                    default -> throw new IllegalArgumentException("no translator for " + engine);
                };
        return (Translation.Queries) t.translate(spec);
    }

    /** An opened engine, its single output's listener switchable between keeping and counting rows. */
    static final class Opened implements AutoCloseable {
        final Engine engine;
        final Translation.Queries queries;
        final Inputs inputs;
        final List<String> fields;
        List<Object[]> kept;
        long outputs;

        Opened(String name, QuerySpec spec) throws EngineException {
            this(name, spec, Map.of());
        }

        Opened(String name, QuerySpec spec, Map<String, Object> options) throws EngineException {
            queries = translate(name, spec);
            Map<String, Object> o = new HashMap<>(queries.options());
            o.putAll(options);
            engine = Engines.get(name).open(new EngineSpec(queries.inputs(), queries.text(), queries.outputNames(), o));
            inputs = new Inputs(spec);
            String out = queries.outputNames().get(0);
            fields = engine.outputFields(out);
            OutputListener l = row -> {
                outputs++;
                if (kept != null) kept.add(row.clone());
            };
            engine.subscribe(out, l);
        }

        /** Sends events [from, to) made by the spec's generator, to their streams. */
        void send(long from, long to) throws EngineException {
            var s1 = engine.input(queries.inputs().get(0).name());
            for (long seq = from; seq < to; seq++) s1.send(inputs.event(seq).row());
        }

        /** Sends events 0..n − 1 keeping every row, and validates them against the reference model. */
        Verdict validate(QuerySpec spec, long n) throws EngineException {
            kept = new ArrayList<>();
            send(0, n);
            List<Object[]> rows = Rows.reorder(queries.outputs().get(0), fields, kept);
            kept = null;
            return Validation.check(
                            spec,
                            queries.outputs(),
                            n,
                            Map.of(queries.outputNames().get(0), rows),
                            Tolerance.DEFAULT)
                    .get(0);
        }

        @Override
        public void close() {
            engine.close();
        }
    }

    /**
     * A benchmark's state: an opened engine fed batches of the spec's events, each batch made before
     * the invocation that sends it (not timed), after checking that every event sent so far had its one
     * output.
     */
    @State(Scope.Thread)
    abstract static class Batches {
        Opened opened;
        InputHandle input;
        Object[][] batch;
        long seq;
        long expected;

        /** Events per invocation. */
        abstract int size();

        @Setup(Level.Invocation)
        public void freshEvents() {
            if (opened.outputs != expected)
                throw new IllegalStateException(
                        opened.queries.engine() + " emitted " + opened.outputs + ", expected " + expected);
            if (batch == null) batch = new Object[size()][];
            for (int i = 0; i < batch.length; i++)
                batch[i] = opened.inputs.event(seq++).row();
            expected += batch.length;
        }

        @TearDown(Level.Trial)
        public void close() {
            opened.close();
        }

        void send() {
            InputHandle in = input;
            for (Object[] e : batch) in.send(e);
        }
    }
}
