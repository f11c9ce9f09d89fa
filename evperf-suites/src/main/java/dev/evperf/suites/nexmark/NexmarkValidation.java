package dev.evperf.suites.nexmark;

import dev.evperf.suites.nexmark.model.NexmarkModels;
import dev.evperf.suites.nexmark.query.NexmarkQuery;
import dev.evperf.suites.validate.Tolerance;
import dev.evperf.suites.validate.Validation;
import dev.evperf.suites.validate.Verdict;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Validates an engine's rows for a Nexmark query: regenerates events 0..n − 1, runs the query's
 * model over the events the query reads, closes its windows at the end, and compares every output
 * stream per slot (input or window) as multisets. The verdict line is the Yahoo streaming
 * benchmark's {@code --check} answer: CORRECT or DIFFER.
 */
public final class NexmarkValidation {
    private NexmarkValidation() {}

    /**
     * @param events   n, the data events generated (terminal events are not data)
     * @param produced per output stream, the engine's rows in the query's field order ({@code Rows.reorder})
     */
    public static List<Verdict> check(
            NexmarkQuery query, long events, Map<String, List<Object[]>> produced, Tolerance tolerance) {
        NexmarkInputs inputs = new NexmarkInputs(query, events, false);
        // events of streams the query does not read are not sent: the model sees what the engine saw
        return Validation.check(
                query.outputs(),
                NexmarkModels.of(query),
                events,
                seq -> inputs.sent(seq) ? inputs.event(seq) : null,
                produced,
                tolerance);
    }

    /** {@code q5 esper: CORRECT (Out: 240 rows)} or {@code q5 flink: DIFFER (Out: 240 expected, …; first: missing at slot …)}. */
    public static String line(NexmarkQuery query, String engine, List<Verdict> verdicts) {
        boolean ok = verdicts.stream().allMatch(Verdict::valid);
        String detail = ok
                ? verdicts.stream()
                        .map(v -> v.stream() + ": " + v.correct() + " rows")
                        .collect(Collectors.joining(", "))
                : verdicts.stream()
                        .filter(v -> !v.valid())
                        .map(v -> v.summary()
                                + (v.examples().isEmpty()
                                        ? ""
                                        : "; first: " + v.examples().get(0)))
                        .collect(Collectors.joining("; "));
        return query.name() + " " + engine + ": " + (ok ? "CORRECT" : "DIFFER") + " (" + detail + ")";
    }
}
