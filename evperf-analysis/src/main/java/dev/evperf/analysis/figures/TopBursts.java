package dev.evperf.analysis.figures;

/**
 * Table 4.5: the measured bursts with the highest burst time (ties: the earlier burst first), and
 * their event times; computed by the SQL aggregation (BurstQueries.topBursts).
 */
public final class TopBursts {
    public static final int DEFAULT_K = 10;

    /** Event std is the sample std (n − 1), NaN for a one-event burst. */
    public record Entry(int burst, int size, double timeMs, double maxEventUs, double meanEventUs, double stdEventUs) {}

    private TopBursts() {}
}
