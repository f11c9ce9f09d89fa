package dev.evperf.analysis.spikes;

/**
 * A trial's spikes: its events above the event threshold and, for bursty workloads, its bursts
 * above the burst threshold (null otherwise).
 */
public record TrialSpikes(SpikeReport events, SpikeReport bursts, SpikeOptions options) {}
