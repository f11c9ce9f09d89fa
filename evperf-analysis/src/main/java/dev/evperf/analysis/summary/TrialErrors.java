package dev.evperf.analysis.summary;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.evperf.analysis.sql.ErrorLinks;
import dev.evperf.results.TrialResult;
import java.nio.file.Path;
import java.util.List;

/**
 * The errors the engine raised while processing a trial's events (result.json's {@code errors}),
 * and what became of the inputs they hit. When the engine processes on the sending thread, an
 * error recorded at time t belongs to the input whose send was under way at t (send start ≤ t ≤
 * send end); such an input that delivered no output at all is an output that never came. That
 * link needs the per-event records, unbatched sends and delivery on the sending thread; otherwise
 * the two counts are null and {@code note} says why.
 *
 * @param count               errors in all: {@code reported} (caught by the engine and given to its
 *                            error hook) + {@code escapedSend} (thrown out of send)
 * @param maxErrors           trial.max_errors: more fail the trial
 * @param first               the first few errors, with their time on the trial's axis
 * @param inputsHit           inputs during whose send an error was recorded (of the errors whose
 *                            times were kept: the first 100 000)
 * @param inputsWithoutOutput of those, the inputs that delivered no output
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record TrialErrors(
        long count,
        long reported,
        long escapedSend,
        long maxErrors,
        List<TrialResult.First> first,
        Long inputsHit,
        Long inputsWithoutOutput,
        String note) {

    /** @return null for a trial whose result.json predates error counting */
    public static TrialErrors load(Path dir, TrialResult result) {
        if (result == null || result.errors() == null) return null;
        TrialResult.Errors e = result.errors();
        if (e.count() == 0) return new TrialErrors(0, 0, 0, e.maxErrors(), List.of(), null, null, null);
        String why = result.recordsOff()
                ? "per-event records off"
                : !result.deliveredOnSendingThread()
                        ? "the engine may process on threads of its own (output delivery " + result.outputDelivery()
                                + ")"
                        : result.inputBatches() != null
                                ? "micro-batched sends: an error belongs to a whole batch"
                                : null;
        long[] links = why == null ? ErrorLinks.inputsHit(dir) : null;
        if (why == null && links == null) why = "no errors.csv";
        String note = why != null
                ? "which inputs the errors hit is unknown: " + why
                : e.timesKept() < e.count() ? "inputs of the first " + e.timesKept() + " errors" : null;
        return new TrialErrors(
                e.count(),
                e.reported(),
                e.escapedSend(),
                e.maxErrors(),
                e.first(),
                links == null ? null : links[0],
                links == null ? null : links[1],
                note);
    }

    /** One line: how many, of which kind, and what became of the inputs. */
    public String describe() {
        StringBuilder sb = new StringBuilder()
                .append(count)
                .append(count == 1 ? " error" : " errors")
                .append(" inside the engine (")
                .append(reported)
                .append(" caught and reported by it, ")
                .append(escapedSend)
                .append(" thrown out of send; trial.max_errors ")
                .append(maxErrors)
                .append(')');
        if (inputsHit != null) {
            sb.append("; ")
                    .append(inputsHit)
                    .append(inputsHit == 1 ? " input" : " inputs")
                    .append(" hit, ")
                    .append(inputsWithoutOutput)
                    .append(" of them delivered no output");
        }
        if (note != null) sb.append(" (").append(note).append(')');
        return sb.toString();
    }
}
