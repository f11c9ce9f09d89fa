package dev.evperf.analysis.trial;

import java.util.ArrayList;
import java.util.List;

/** Finds the bursts of a trial. Events come ordered by seq, so a burst is a run of equal burst indices. */
public final class Bursts {
    private Bursts() {}

    /** All bursts in injection order; empty for a workload without bursts (burst == -1 everywhere). */
    public static List<Burst> all(TrialData d) {
        List<Burst> bursts = new ArrayList<>();
        int n = d.size();
        int previous = -1;
        for (int i = 0; i < n; ) {
            int b = d.burst(i);
            if (b == -1) {
                i++;
                continue;
            }
            if (b <= previous) {
                // A burst index seen again (or going back) means the file is not what the runner writes.
                throw new IllegalArgumentException(
                        "events: burst " + b + " at seq " + i + " is not contiguous or not increasing");
            }
            int j = i;
            boolean measured = true;
            while (j < n && d.burst(j) == b) measured &= d.measured(j++);
            bursts.add(new Burst(b, i, j, measured));
            previous = b;
            i = j;
        }
        return bursts;
    }

    /** The bursts whose events are all measured (warm-up bursts excluded). */
    public static List<Burst> measured(TrialData d) {
        return all(d).stream().filter(Burst::measured).toList();
    }

    /** Burst times in ns, in the order given. */
    public static long[] timesNs(TrialData d, List<Burst> bursts) {
        long[] t = new long[bursts.size()];
        for (int i = 0; i < t.length; i++) t[i] = bursts.get(i).timeNs(d);
        return t;
    }
}
