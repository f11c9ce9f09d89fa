package dev.evperf.core.trial;

import dev.evperf.core.driver.OutputRecords;
import dev.evperf.core.workload.Schemas;
import dev.evperf.core.workload.Workload;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * Which input a row of one output stream names as its cause (the sink's declared sequence number,
 * from which latency is measured when the engine delivers on its own threads): a window row of a
 * neutral query with event-time windows names the event that closed its window (issue 15: "for
 * window outputs, latency is measured from the event that closed the window"), a Nexmark row naming
 * several inputs (q3's pair) the latest of them; any other row the input in its declared sequence
 * attribute, or none.
 */
final class OutputCause {
    private OutputCause() {}

    /** @param feed the trial's neutral query, or null; @param fields the output's attributes, as the engine gives them */
    static ToLongFunction<Object[]> of(Workload w, SpecFeed feed, String output, List<String> fields) {
        ToLongFunction<Object[]> named = feed == null ? null : feed.cause(fields);
        if (named != null) return named;
        String seqAttr = Schemas.outputSequence(w, output);
        int idx = seqAttr == null ? -1 : fields.indexOf(seqAttr);
        if (seqAttr != null && idx < 0) {
            throw new TrialFailure("output stream " + output + " has no attribute '" + seqAttr
                    + "' to carry the sequence number; it has " + fields
                    + " (set engine.outputs." + output + ".sequence, or none)");
        }
        return OutputRecords.field(idx);
    }
}
