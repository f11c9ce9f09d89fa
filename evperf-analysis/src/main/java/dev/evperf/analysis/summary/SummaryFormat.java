package dev.evperf.analysis.summary;

/**
 * One way of writing a run summary (as JMH's ResultFormat): the text tables, CSV, or JSON. A new
 * output format is a class implementing this and a constant of {@link RunSummary.Format}; the
 * figures themselves are computed once, in {@link TrialSummary}, whatever the format.
 */
@FunctionalInterface
public interface SummaryFormat {
    /** The whole summary in this format, ending with a newline. */
    String render(RunSummary run);
}
