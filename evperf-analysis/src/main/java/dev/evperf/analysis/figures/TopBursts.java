package dev.evperf.analysis.figures;

import dev.evperf.analysis.trial.Burst;
import dev.evperf.analysis.trial.Bursts;
import dev.evperf.analysis.trial.TrialData;

import java.util.Comparator;
import java.util.List;

/** Table 4.5: the measured bursts with the highest burst time, and their event times. */
public final class TopBursts {
    public static final int DEFAULT_K = 10;

    /** Event std is the sample std (n − 1), NaN for a one-event burst. */
    public record Entry(int burst, int size, double timeMs, double maxEventUs, double meanEventUs, double stdEventUs) {}

    private TopBursts() {}

    /** Highest burst time first; ties keep the earlier burst first. Empty without bursts. */
    public static List<Entry> of(TrialData d, int k) {
        if (k < 0) throw new IllegalArgumentException("k must be >= 0, got " + k);
        return Bursts.measured(d).stream()
                .sorted(Comparator.comparingLong((Burst b) -> b.timeNs(d)).reversed()
                        .thenComparingInt(Burst::index))
                .limit(k)
                .map(b -> {
                    double[] us = b.eventTimesUs(d);
                    return new Entry(b.index(), b.size(), b.timeNs(d) / Stats.NS_PER_MS,
                            Stats.max(us), Stats.mean(us), Stats.sampleStd(us));
                })
                .toList();
    }
}
