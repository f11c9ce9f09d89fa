package dev.evperf.analysis;

/**
 * Choices of the analyses.
 *
 * @param skipBursts measured bursts left out of the head-tail table as warm-up
 * @param topBursts  how many bursts the top-bursts table lists
 */
public record AnalysisOptions(int skipBursts, int topBursts) {
    public static final AnalysisOptions DEFAULT = new AnalysisOptions(0, TopBursts.DEFAULT_K);

    public AnalysisOptions {
        if (skipBursts < 0) throw new IllegalArgumentException("skipBursts must be >= 0, got " + skipBursts);
        if (topBursts < 0) throw new IllegalArgumentException("topBursts must be >= 0, got " + topBursts);
    }
}
