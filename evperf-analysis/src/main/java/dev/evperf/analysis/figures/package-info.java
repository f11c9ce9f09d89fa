/**
 * The summary's figures, one class each, computed in the JVM over {@code trial}: head-tail, cumulative, top
 * bursts, latency, phase rate, rate shape, adaptivity, disturbance, sampling error, and the one
 * nearest-rank percentile rule ({@link dev.evperf.analysis.figures.Percentiles}) every figure,
 * SQL aggregation and comparison uses. Depends on {@code trial} only.
 */
package dev.evperf.analysis.figures;
