package dev.evperf.suites;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import dev.evperf.suites.data.Input;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Rows;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Validation;
import dev.evperf.suites.validate.Verdict;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.function.LongFunction;

/**
 * Runs a translation on a real engine through evperf's engine SPI: setup rows, then events
 * 0..n − 1, every output row kept; then validates them against the reference model.
 */
public final class EngineRun {
    private EngineRun() {
    }

    static EngineFactory factory(String name) {
        return ServiceLoader.load(EngineFactory.class).stream().map(ServiceLoader.Provider::get)
                .filter(f -> f.name().equals(name)).findFirst().orElseThrow();
    }

    /** @param pauseEvery sleep 1 ms after this many events (0: never), for queries whose output follows the engine's clock */
    public static List<Verdict> runAndValidate(QuerySpec spec, Translation.Queries t, long events, int pauseEvery) throws Exception {
        Map<String, List<Object[]>> produced = run(t, new Inputs(spec), events, pauseEvery);
        return Validation.check(spec, t.outputs(), events, produced, Tolerance.DEFAULT);
    }

    static Map<String, List<Object[]>> run(Translation.Queries t, Inputs inputs, long events, int pauseEvery) throws Exception {
        return run(t, inputs.setup(), inputs::event, events, pauseEvery).rows();
    }

    /**
     * What an engine output: per stream, its rows in the neutral field order, and for each row the
     * seq of the event being sent when the row arrived (-1 after the last send), which for engines
     * delivering inside {@code send} is the row's cause.
     */
    public static final class Outputs { // a class, not a record: Siddhi's ClassIndex annotation processor fails on records
        private final Map<String, List<Object[]>> rows;
        private final Map<String, List<Long>> sentDuring;

        Outputs(Map<String, List<Object[]>> rows, Map<String, List<Long>> sentDuring) {
            this.rows = rows;
            this.sentDuring = sentDuring;
        }

        public Map<String, List<Object[]>> rows() {
            return rows;
        }

        public Map<String, List<Long>> sentDuring() {
            return sentDuring;
        }
    }

    /** @param source event seq (0..events − 1), or null for an event this query is not sent */
    public static Outputs run(Translation.Queries t, List<Input> setup, LongFunction<Input> source, long events, int pauseEvery)
            throws Exception {
        EngineSpec spec = new EngineSpec(t.inputs(), t.text(), t.outputNames(), t.options());
        Map<String, List<Object[]>> rows = new HashMap<>();
        Map<String, List<Long>> during = new HashMap<>();
        Map<String, List<String>> fields = new HashMap<>();
        long[] sending = {-1};
        try (Engine engine = factory(t.engine()).open(spec)) {
            for (OutputSchema o : t.outputs()) {
                List<Object[]> list = Collections.synchronizedList(new ArrayList<>());
                List<Long> causes = Collections.synchronizedList(new ArrayList<>());
                rows.put(o.stream(), list);
                during.put(o.stream(), causes);
                fields.put(o.stream(), engine.outputFields(o.stream()));
                engine.subscribe(o.stream(), row -> {
                    list.add(row.clone());
                    causes.add(sending[0]);
                });
            }
            Map<String, InputHandle> handles = new HashMap<>();
            for (var schema : t.inputs()) {
                handles.put(schema.name(), engine.input(schema.name()));
            }
            for (Input in : setup) {
                handles.get(in.stream()).send(in.row());
            }
            for (long seq = 0; seq < events; seq++) {
                Input in = source.apply(seq);
                if (in == null) {
                    continue;
                }
                sending[0] = seq;
                handles.get(in.stream()).send(in.row());
                if (pauseEvery > 0 && seq % pauseEvery == pauseEvery - 1) {
                    Thread.sleep(1);
                }
            }
            sending[0] = -1;
            if (!engine.deliversOnSendingThread()) {
                quiet(rows);
            }
        }
        Map<String, List<Object[]>> neutral = new HashMap<>();
        for (OutputSchema o : t.outputs()) {
            synchronized (rows.get(o.stream())) {
                neutral.put(o.stream(), Rows.reorder(o, fields.get(o.stream()), new ArrayList<>(rows.get(o.stream()))));
            }
        }
        return new Outputs(neutral, during);
    }

    /** Until no row has arrived for 200 ms (engines emitting on their own threads). */
    private static void quiet(Map<String, List<Object[]>> rows) throws InterruptedException {
        long last = -1;
        while (true) {
            long n = rows.values().stream().mapToLong(List::size).sum();
            if (n == last) {
                return;
            }
            last = n;
            Thread.sleep(200);
        }
    }
}
