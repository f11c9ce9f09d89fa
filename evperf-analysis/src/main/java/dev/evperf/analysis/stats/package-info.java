/**
 * Statistics of comparisons: {@code evperf compare} ({@link dev.evperf.analysis.stats.RunComparison})
 * and the methods it rests on. Per {@link dev.evperf.analysis.stats.Metric}, two runs are compared
 * on {@link dev.evperf.analysis.stats.Units} independent enough to count (trials when both runs
 * have repetitions, else blocks of consecutive values sized from their autocorrelation), never on
 * single events: the difference of medians with its interval ({@link dev.evperf.analysis.stats.Welch}
 * over trials, {@link dev.evperf.analysis.stats.BlockBootstrap} over blocks), its size against the
 * run-to-run spread, and a verdict that needs both ({@link dev.evperf.analysis.stats.Comparison});
 * {@link dev.evperf.analysis.stats.Setup} lists how the runs' configurations differ. Also seed
 * 003's building blocks: the Wilcoxon rank-sum test ({@link dev.evperf.analysis.stats.TwoSampleTests})
 * and percentile-bootstrap intervals of independent samples ({@link dev.evperf.analysis.stats.Bootstrap}).
 * {@link dev.evperf.analysis.stats.RunSamples} gives each trial's values in order (for charts,
 * {@link dev.evperf.analysis.stats.RunComparison#distributions} their quantiles).
 */
package dev.evperf.analysis.stats;
