/**
 * The summary of a run: every figure of each trial ({@link dev.evperf.analysis.summary.TrialSummary},
 * aggregated by DuckDB over the trial's Parquet files in {@link dev.evperf.analysis.summary.SqlSummary}, the one
 * implementation of the summary's figures), the warnings on them, and the
 * output formats behind one interface ({@link dev.evperf.analysis.summary.SummaryFormat}: text, CSV, JSON).
 * Depends on the layers below (trial, figures, warmup, sql); the report and the CLI depend on it.
 */
package dev.evperf.analysis.summary;
