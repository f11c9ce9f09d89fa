/**
 * DuckDB over a trial's Parquet and CSV files: the connection ({@link dev.evperf.analysis.sql.Db}), exact
 * distributions of a column, the HdrHistogram distribution, and the queries of one trial
 * ({@link dev.evperf.analysis.sql.TrialQueries}) that the large-trial summary and the report share. Depends on
 * {@code trial}, {@code figures} and {@code warmup}.
 */
package dev.evperf.analysis.sql;
