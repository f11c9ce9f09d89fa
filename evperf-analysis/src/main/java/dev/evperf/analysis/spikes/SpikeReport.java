package dev.evperf.analysis.spikes;

import java.util.List;
import java.util.Map;

/**
 * The spikes of one unit (events or bursts) of a trial, and their counts per cause.
 *
 * @param thresholdNs  the threshold applied
 * @param candidates   events (or bursts) that were checked
 * @param byCause      spikes per attributed cause (each spike counted once, under {@link Spike#cause}),
 *                     every cause of {@link Cause#ORDER} and "unattributed" present, in that order;
 *                     the counts add up to {@code spikes.size()}
 * @param overlapping  spikes that overlap each cause at all (a spike may count under several)
 */
public record SpikeReport(
        String unit,
        long thresholdNs,
        int candidates,
        Map<String, Integer> byCause,
        Map<String, Integer> overlapping,
        List<Spike> spikes) {
    public int count() {
        return spikes.size();
    }
}
