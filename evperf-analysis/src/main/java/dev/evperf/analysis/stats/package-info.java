/**
 * Statistics of comparisons (seed 003's evaluation method): two-sample Kolmogorov–Smirnov and
 * Wilcoxon rank-sum tests ({@link dev.evperf.analysis.stats.TwoSampleTests}, from Apache Commons
 * Statistics), percentile-bootstrap intervals of differences ({@link dev.evperf.analysis.stats.Bootstrap}),
 * and {@code evperf compare} ({@link dev.evperf.analysis.stats.RunComparison}): per
 * {@link dev.evperf.analysis.stats.Metric}, the difference between two runs with its 95 % interval,
 * both p-values and a verdict at α = 0.01. {@link dev.evperf.analysis.stats.RunSamples} gives the raw
 * samples (for charts overlaid), {@link dev.evperf.analysis.stats.RunComparison#distributions} their
 * quantiles.
 */
package dev.evperf.analysis.stats;
