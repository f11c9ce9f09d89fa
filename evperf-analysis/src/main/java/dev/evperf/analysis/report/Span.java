package dev.evperf.analysis.report;

/**
 * A marked stretch of a trial's time axis, for the report's "Spikes and warm-up" section and the
 * timeline charts: e.g. a spike (an event or burst above its threshold) and what it is
 * attributed to.
 *
 * @param startNs ns on the trial's axis (since its origin, as every time in the results)
 * @param endNs   ns on the trial's axis, ≥ startNs
 * @param cause   short name shown and used for the colour, e.g. "gc-pause", "jit-compilation",
 *                "safepoint", "page-faults", "frequency-drop", "unattributed"
 * @param detail  free text (what the span is: "event seq 5012, burst 5, pos 12, 4.2 ms"), may be ""
 */
public record Span(long startNs, long endNs, String cause, String detail) {
    public Span {
        if (endNs < startNs)
            throw new IllegalArgumentException("span ends before it starts: " + startNs + " > " + endNs);
        if (cause == null || cause.isBlank()) throw new IllegalArgumentException("a span needs a cause");
        if (detail == null) detail = "";
    }
}
