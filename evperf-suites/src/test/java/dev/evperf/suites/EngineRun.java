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
        EngineSpec spec = new EngineSpec(t.inputs(), t.text(), t.outputNames(), t.options());
        Map<String, List<Object[]>> rows = new HashMap<>();
        Map<String, List<String>> fields = new HashMap<>();
        try (Engine engine = factory(t.engine()).open(spec)) {
            for (OutputSchema o : t.outputs()) {
                List<Object[]> list = Collections.synchronizedList(new ArrayList<>());
                rows.put(o.stream(), list);
                fields.put(o.stream(), engine.outputFields(o.stream()));
                engine.subscribe(o.stream(), row -> list.add(row.clone()));
            }
            Map<String, InputHandle> handles = new HashMap<>();
            for (var schema : t.inputs()) {
                handles.put(schema.name(), engine.input(schema.name()));
            }
            for (Input in : inputs.setup()) {
                handles.get(in.stream()).send(in.row());
            }
            for (long seq = 0; seq < events; seq++) {
                Input in = inputs.event(seq);
                handles.get(in.stream()).send(in.row());
                if (pauseEvery > 0 && seq % pauseEvery == pauseEvery - 1) {
                    Thread.sleep(1);
                }
            }
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
        return neutral;
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
