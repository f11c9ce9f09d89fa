package dev.evperf.suites.validate;

import dev.evperf.suites.data.Input;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.reference.Model;
import dev.evperf.suites.reference.ReferenceModel;
import dev.evperf.suites.reference.RowSink;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.QuerySpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

/**
 * Validates a run: regenerates the events the engine was sent (seq 0..events − 1, from the spec's
 * seed), runs the reference model over them, and checks every output stream.
 */
public final class Validation {
    private Validation() {}

    /**
     * @param outputs  the rows the translation emits (its {@code outputs()})
     * @param produced per output stream, the engine's rows in the schema's field order
     */
    public static List<Verdict> check(
            QuerySpec spec,
            List<OutputSchema> outputs,
            long events,
            Map<String, List<Object[]>> produced,
            Tolerance tolerance) {
        return check(outputs, ReferenceModel.of(spec, outputs), events, new Inputs(spec)::event, produced, tolerance);
    }

    /** {@link #check(QuerySpec, List, long, Map, Tolerance)} with each stream's rows given in slot order. */
    public static List<Verdict> checkStreamed(
            QuerySpec spec,
            List<OutputSchema> outputs,
            long events,
            Map<String, ? extends Produced> produced,
            Tolerance tolerance) {
        return checkStreamed(
                outputs, ReferenceModel.of(spec, outputs), events, new Inputs(spec)::event, produced, tolerance);
    }

    /**
     * Runs any model over events 0..events − 1 made by {@code inputs} (null for an event the
     * engine was not sent), ends its input, and checks every output stream (the Nexmark suite's
     * queries come this way). Rows of windows the model still has open after its end are checked
     * only when the engine emitted them ({@link Model#openAtEnd}).
     */
    public static List<Verdict> check(
            List<OutputSchema> outputs,
            Model model,
            long events,
            LongFunction<Input> inputs,
            Map<String, List<Object[]>> produced,
            Tolerance tolerance) {
        Map<String, Produced> given = new LinkedHashMap<>();
        for (OutputSchema o : outputs) {
            given.put(o.stream(), Produced.of(o, produced.getOrDefault(o.stream(), List.of())));
        }
        return checkStreamed(outputs, model, events, inputs, given, tolerance);
    }

    /**
     * The same with each stream's rows given in slot order ({@link Produced}, e.g. a trial's values
     * file read by {@link SlotSortedFile}): neither side's rows are all in memory. A stream missing
     * from {@code produced} had no rows.
     */
    public static List<Verdict> checkStreamed(
            List<OutputSchema> outputs,
            Model model,
            long events,
            LongFunction<Input> inputs,
            Map<String, ? extends Produced> produced,
            Tolerance tolerance) {
        Map<String, StreamCheck> checks = new LinkedHashMap<>();
        for (OutputSchema o : outputs) {
            Produced rows = produced.get(o.stream());
            checks.put(o.stream(), new StreamCheck(o, tolerance, rows == null ? Produced.of(o, List.of()) : rows));
        }
        RowSink expected = (stream, row) -> checks.get(stream).expect(row);
        for (long seq = 0; seq < events; seq++) {
            Input in = inputs.apply(seq);
            if (in != null) {
                model.onEvent(in.stream(), in.row(), expected);
            }
        }
        model.end(expected);
        model.openAtEnd((stream, row) -> checks.get(stream).expectIfClosed(row));
        List<Verdict> verdicts = new ArrayList<>();
        for (StreamCheck c : checks.values()) {
            verdicts.add(c.finish());
        }
        return verdicts;
    }
}
