package dev.evperf.suites;

import dev.evperf.api.Engine;
import dev.evperf.api.EngineFactory;
import dev.evperf.api.EngineSpec;
import dev.evperf.api.InputHandle;
import dev.evperf.api.OutputListener;
import dev.evperf.suites.data.Input;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.QuerySpec;
import dev.evperf.suites.translate.Translation;
import dev.evperf.suites.validate.Rows;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Validation;
import dev.evperf.suites.validate.Verdict;
import java.time.Duration;
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
    private EngineRun() {}

    public static EngineFactory factory(String name) {
        return ServiceLoader.load(EngineFactory.class).stream()
                .map(ServiceLoader.Provider::get)
                .filter(f -> f.name().equals(name))
                .findFirst()
                .orElseThrow();
    }

    /** @param pauseEvery sleep 1 ms after this many events (0: never), for queries whose output follows the engine's clock */
    public static List<Verdict> runAndValidate(QuerySpec spec, Translation.Queries t, long events, int pauseEvery)
            throws Exception {
        Map<String, List<Object[]>> produced = run(t, new Inputs(spec), events, pauseEvery);
        return Validation.check(spec, t.outputs(), events, produced, Tolerance.DEFAULT);
    }

    /** The rows; an engine that reported errors fails the caller's test (right rows with errors are no pass). */
    static Map<String, List<Object[]>> run(Translation.Queries t, Inputs inputs, long events, int pauseEvery)
            throws Exception {
        Outputs out = run(t, inputs.setup(), inputs::event, events, pauseEvery);
        if (!out.errors().isEmpty())
            throw new AssertionError(t.engine() + " reported " + out.errors().size() + " errors, the first: "
                    + out.errors().get(0));
        return out.rows();
    }

    /**
     * What an engine output: per stream, its rows in the neutral field order; for each row the seq
     * of the event being sent when the row arrived (-1 after the last send), which for engines
     * delivering inside {@code send} is the row's cause, and when it arrived ({@code nanoTime}, the
     * engine's receipt for rows from outside the JVM); and when each event's send began.
     */
    public static final
    class Outputs { // a class, not a record: Siddhi's ClassIndex annotation processor fails on records
        private final Map<String, List<Object[]>> rows;
        private final Map<String, List<Long>> sentDuring;
        private final Map<String, List<Long>> received;
        private final long[] sent;
        private final List<String> errors;

        Outputs(
                Map<String, List<Object[]>> rows,
                Map<String, List<Long>> sentDuring,
                Map<String, List<Long>> received,
                long[] sent,
                List<String> errors) {
            this.rows = rows;
            this.sentDuring = sentDuring;
            this.received = received;
            this.sent = sent;
            this.errors = errors;
        }

        /** What the engine reported through its error hook ("where: error"); right rows with errors are no pass. */
        public List<String> errors() {
            return errors;
        }

        public Map<String, List<Object[]>> rows() {
            return rows;
        }

        public Map<String, List<Long>> sentDuring() {
            return sentDuring;
        }

        public Map<String, List<Long>> received() {
            return received;
        }

        /** The {@code nanoTime} at which event seq's send began (0 for events not sent). */
        public long sent(long seq) {
            return sent[(int) seq];
        }
    }

    public static Outputs run(
            Translation.Queries t, List<Input> setup, LongFunction<Input> source, long events, int pauseEvery)
            throws Exception {
        return run(t, Map.of(), setup, source, events, pauseEvery);
    }

    /**
     * @param options    engine options over the translation's own (a broker's and a cluster's address)
     * @param source     event seq (0..events − 1), or null for an event this query is not sent
     * @param pauseEvery sleep 1 ms after this many events (0: never)
     */
    public static Outputs run(
            Translation.Queries t,
            Map<String, Object> options,
            List<Input> setup,
            LongFunction<Input> source,
            long events,
            int pauseEvery)
            throws Exception {
        Map<String, Object> merged = new HashMap<>(t.options());
        merged.putAll(options);
        EngineSpec spec = new EngineSpec(t.inputs(), t.text(), t.outputNames(), merged);
        Map<String, List<Object[]>> rows = new HashMap<>();
        Map<String, List<Long>> during = new HashMap<>();
        Map<String, List<Long>> received = new HashMap<>();
        Map<String, List<String>> fields = new HashMap<>();
        long[] sending = {-1};
        long[] sent = new long[Math.toIntExact(events)];
        List<String> errors = Collections.synchronizedList(new ArrayList<>());
        try (Engine engine = factory(t.engine()).open(spec)) {
            engine.onError((where, error) -> errors.add(where + ": " + error));
            for (OutputSchema o : t.outputs()) {
                List<Object[]> list = Collections.synchronizedList(new ArrayList<>());
                List<Long> causes = Collections.synchronizedList(new ArrayList<>());
                List<Long> receipts = Collections.synchronizedList(new ArrayList<>());
                rows.put(o.stream(), list);
                during.put(o.stream(), causes);
                received.put(o.stream(), receipts);
                fields.put(o.stream(), engine.outputFields(o.stream()));
                engine.subscribe(o.stream(), new OutputListener() {
                    @Override
                    public void onOutput(Object[] row) {
                        onOutput(row, System.nanoTime(), -1);
                    }

                    @Override
                    public void onOutput(Object[] row, long receiptNanos, long appendMillis) {
                        synchronized (list) { // one row's three records together
                            list.add(row.clone());
                            causes.add(sending[0]);
                            receipts.add(receiptNanos);
                        }
                    }
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
                sent[(int) seq] = System.nanoTime();
                handles.get(in.stream()).send(in.row());
                if (pauseEvery > 0 && seq % pauseEvery == pauseEvery - 1) {
                    Thread.sleep(1);
                }
            }
            sending[0] = -1;
            // engines behind a broker: every output of the events sent has arrived; engines that hold
            // outputs back (ref's grace join) emit them
            engine.drain(Duration.ofMinutes(3));
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
        return new Outputs(neutral, during, received, sent, List.copyOf(errors));
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
