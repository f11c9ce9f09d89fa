/**
 * The bottom layer: one trial's records as the analysis holds them ({@link dev.evperf.analysis.trial.TrialData},
 * its bursts, its HdrHistogram logs), read through evperf-results. Depends on nothing else in the analysis.
 */
package dev.evperf.analysis.trial;
