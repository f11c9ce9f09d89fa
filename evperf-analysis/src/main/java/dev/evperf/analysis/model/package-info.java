/**
 * The service execution model (Kristiansen et al.) with the time dimension the seed-000 thesis
 * found missing: {@link dev.evperf.analysis.model.ModelBuilder} cuts a trial's trace.parquet into
 * cases, clusters them into signatures, fits segment durations per context cell (idle time before
 * the burst × position in it) into a {@link dev.evperf.analysis.model.ServiceModel} (model.json);
 * {@link dev.evperf.analysis.model.ModelCheck} predicts a held-out trial's burst times with it.
 */
package dev.evperf.analysis.model;
