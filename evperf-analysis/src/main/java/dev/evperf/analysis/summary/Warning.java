package dev.evperf.analysis.summary;

/**
 * A caution about a trial's figures, in one structured place: summary (text, JSON, CSV), report
 * and compare all print a trial's {@code warnings} list.
 *
 * @param kind    what is wrong, one of the constants below (stable, for scripts)
 * @param figure  the figure or table it concerns, e.g. "phase steady", "head-tail A (N=1)", "trial"
 * @param message what happened and by how much, in words
 */
public record Warning(String kind, String figure, String message) {
    /** The engine raised errors while processing events: the figures describe the events that went through. */
    public static final String ERRORS = "errors";
    /** The driver was descheduled (stalls, involuntary context switches, steal time) during the timed loop. */
    public static final String DISTURBED = "disturbed";
    /**
     * The sender waited for the event supply (the generator or the data file) to make events: for that
     * part of the run generation, not the engine, set the pace.
     */
    public static final String GENERATION_BOUND = "generation-bound";
    /** A phase's achieved rate fell short of its target: its latency describes a growing queue. */
    public static final String RATE_SHORT = "rate-short";
    /** A phase's generator lag grew: the driver fell ever further behind its schedule. */
    public static final String LAG_GROWING = "lag-growing";
    /** A rate phase sent events far behind their intended times (a backlog, even if cleared by the end). */
    public static final String BEHIND_SCHEDULE = "behind-schedule";
    /** A figure computed over a phase that was no steady state (e.g. adaptivity's steady phase). */
    public static final String NOT_STEADY = "not-steady";
    /** No end of warm-up was found: the steady-state tables include the transient. */
    public static final String WARM_UP = "warm-up";
    /**
     * The engine's rows for a neutral query (engine.query) differ from the reference model's: the
     * figures are those of an engine that computed something else (validation.json has the rows).
     */
    public static final String INVALID = "invalid";
    /** One value moves a mean by more than 10 %: read the median and trimmed mean next to it. */
    public static final String DOMINATED = "dominated";

    @Override
    public String toString() {
        return kind + " [" + figure + "]: " + message;
    }
}
