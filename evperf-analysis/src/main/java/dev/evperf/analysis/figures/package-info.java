/**
 * The summary's figures, one class each, computed in the JVM over {@code trial}: head-tail, cumulative, top
 * bursts, latency, phase rate, rate shape, adaptivity, disturbance, sampling error. Every figure,
 * SQL aggregation and comparison uses the one nearest-rank percentile rule,
 * {@link dev.evperf.results.Percentiles} (in evperf-results, so that the agents' figures follow it
 * too). Depends on {@code trial} only.
 */
package dev.evperf.analysis.figures;
