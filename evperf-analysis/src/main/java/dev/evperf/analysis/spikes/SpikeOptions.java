package dev.evperf.analysis.spikes;

/**
 * Choices of spike attribution.
 *
 * @param eventThresholdNs  an event is a spike when its processing time is above this (thesis: 4 ms)
 * @param burstThresholdNs  a burst is a spike when its time is above this; 0 = twice the median
 *                          time of the trial's measured bursts
 * @param slackNs           how far apart a cause and a spike may be and still overlap: covers the
 *                          placement error of JFR events on the trial's axis (clock drift, pairing)
 * @param minorFaultsPerS   a page-fault burst: minor faults rising faster than this over a sensor
 *                          sample interval that overlaps the spike
 * @param majorFaultsPerS   the same for major faults (0: any major fault)
 * @param frequencyDrop     a frequency drop: a CPU's sampled frequency below this fraction of the
 *                          highest it reached in the trial, at either end of a sample interval
 *                          that overlaps the spike
 * @param measuredOnly      only events and bursts of measured phases
 */
public record SpikeOptions(
        long eventThresholdNs,
        long burstThresholdNs,
        long slackNs,
        double minorFaultsPerS,
        double majorFaultsPerS,
        double frequencyDrop,
        boolean measuredOnly) {
    public static final long THESIS_EVENT_THRESHOLD_NS = 4_000_000;
    public static final SpikeOptions DEFAULT =
            new SpikeOptions(THESIS_EVENT_THRESHOLD_NS, 0, 50_000, 10_000, 0, 0.9, false);

    public SpikeOptions {
        if (eventThresholdNs < 0 || burstThresholdNs < 0 || slackNs < 0) {
            throw new IllegalArgumentException("spike thresholds and slack must be >= 0");
        }
        if (minorFaultsPerS < 0 || majorFaultsPerS < 0)
            throw new IllegalArgumentException("page-fault rates must be >= 0");
        if (!(frequencyDrop > 0 && frequencyDrop <= 1))
            throw new IllegalArgumentException("frequencyDrop must be in (0, 1], got " + frequencyDrop);
    }

    public SpikeOptions withEventThresholdNs(long ns) {
        return new SpikeOptions(
                ns, burstThresholdNs, slackNs, minorFaultsPerS, majorFaultsPerS, frequencyDrop, measuredOnly);
    }

    public SpikeOptions withBurstThresholdNs(long ns) {
        return new SpikeOptions(
                eventThresholdNs, ns, slackNs, minorFaultsPerS, majorFaultsPerS, frequencyDrop, measuredOnly);
    }

    public SpikeOptions withMeasuredOnly(boolean b) {
        return new SpikeOptions(
                eventThresholdNs, burstThresholdNs, slackNs, minorFaultsPerS, majorFaultsPerS, frequencyDrop, b);
    }
}
