package dev.evperf.suites.validate;

import dev.evperf.suites.data.Input;
import dev.evperf.suites.data.Inputs;
import dev.evperf.suites.reference.Model;
import dev.evperf.suites.reference.ReferenceModel;
import dev.evperf.suites.spec.OutputSchema;
import dev.evperf.suites.spec.QuerySpec;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Validates a run: regenerates the events the engine was sent (seq 0..events − 1, from the spec's
 * seed), runs the reference model over them, and checks every output stream.
 */
public final class Validation {
    private Validation() {
    }

    /**
     * @param outputs  the rows the translation emits (its {@code outputs()})
     * @param produced per output stream, the engine's rows in the schema's field order
     */
    public static List<Verdict> check(QuerySpec spec, List<OutputSchema> outputs, long events,
                                      Map<String, List<Object[]>> produced, Tolerance tolerance) {
        Map<String, StreamCheck> checks = new LinkedHashMap<>();
        for (OutputSchema o : outputs) {
            checks.put(o.stream(), new StreamCheck(o, tolerance, produced.getOrDefault(o.stream(), List.of())));
        }
        Model model = ReferenceModel.of(spec, outputs);
        Inputs inputs = new Inputs(spec);
        for (long seq = 0; seq < events; seq++) {
            Input in = inputs.event(seq);
            model.onEvent(in.stream(), in.row(), (stream, row) -> checks.get(stream).expect(row));
        }
        List<Verdict> verdicts = new ArrayList<>();
        for (StreamCheck c : checks.values()) {
            verdicts.add(c.finish());
        }
        return verdicts;
    }
}
