package dev.evperf.analysis.summary;

import dev.evperf.analysis.figures.TopBursts;

/**
 * Choices of the analyses.
 *
 * @param skipBursts measured bursts left out of the head-tail table, counted from the first measured
 *                   burst: bursts the warm-up cut left out count towards it (see {@code WarmUp.headTailSkip})
 * @param topBursts  how many bursts the top-bursts table lists
 * @param cutWarmUp  leave each trial's detected warm-up transient (MSER-5, see
 *                   {@link dev.evperf.analysis.warmup.WarmUp}) out of the steady-state figures:
 *                   latency, burst, head-tail, distribution and top-burst tables (rates and
 *                   adaptivity always use every measured event)
 */
public record AnalysisOptions(int skipBursts, int topBursts, boolean cutWarmUp) {
    public static final AnalysisOptions DEFAULT = new AnalysisOptions(0, TopBursts.DEFAULT_K, true);

    public AnalysisOptions {
        if (skipBursts < 0) throw new IllegalArgumentException("skipBursts must be >= 0, got " + skipBursts);
        if (topBursts < 0) throw new IllegalArgumentException("topBursts must be >= 0, got " + topBursts);
    }

    /** These options, warm-up cut or kept. */
    public AnalysisOptions withCutWarmUp(boolean cut) {
        return new AnalysisOptions(skipBursts, topBursts, cut);
    }
}
