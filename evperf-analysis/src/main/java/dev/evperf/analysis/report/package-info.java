/**
 * The HTML report: page building only ({@link dev.evperf.analysis.report.ReportWriter}, one
 * {@link dev.evperf.analysis.report.TrialSection} per trial, the compare page). Its numbers come from the
 * layers below: {@code sql} (a trial's queries and exact distributions), {@code figures},
 * {@code warmup} and {@code summary}; nothing below depends on it.
 */
package dev.evperf.analysis.report;
