/**
 * Spike attribution (seed 000, analysis 6): events and bursts above a threshold, each attributed to
 * what overlaps it on the trial's axis (GC pauses, safepoints, deoptimizations, JIT compilations
 * from jvm-events.csv; page-fault bursts and frequency drops from sensors.csv) or unattributed,
 * counted per cause. Entry point: {@link dev.evperf.analysis.spikes.Spikes#load}.
 */
package dev.evperf.analysis.spikes;
