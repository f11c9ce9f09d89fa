package dev.evperf.analysis.report;

import java.util.List;

/**
 * What another analysis adds to one trial of the report: spans (spikes with their attribution)
 * and the end of the warm-up.
 *
 * @param spans       drawn on the trial's timeline charts and listed in its "Spikes and warm-up"
 *                    section, at most {@link #MAX_LISTED} of them in the table (all are counted)
 * @param warmupEndNs end of the warm-up transient on the trial's axis (ns), drawn as a line on the
 *                    timeline charts; null when not known
 * @param note        one line shown above the table (method, thresholds, counts per cause), may be null
 */
public record TrialAnnotations(List<Span> spans, Long warmupEndNs, String note) {
    public static final int MAX_LISTED = 200;
    public static final TrialAnnotations NONE = new TrialAnnotations(List.of(), null, null);

    public TrialAnnotations {
        spans = spans == null ? List.of() : List.copyOf(spans);
    }
}
