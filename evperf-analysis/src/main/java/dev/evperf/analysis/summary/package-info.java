/**
 * The summary of a run: every figure of each trial ({@link dev.evperf.analysis.summary.TrialSummary}, in the
 * JVM or, for large trials, by {@link dev.evperf.analysis.summary.SqlSummary}), the warnings on them, and the
 * output formats behind one interface ({@link dev.evperf.analysis.summary.SummaryFormat}: text, CSV, JSON).
 * Depends on the layers below (trial, figures, warmup, sql); the report and the CLI depend on it.
 */
package dev.evperf.analysis.summary;
