package dev.evperf.analysis.trial;

/** Event processing times Time(S_i,j) = send_end − send_start (see {@link TrialData#eventTimeNs}). */
public final class EventTimes {
    private EventTimes() {}

    /** Event times of the measured events in ns, in seq order. */
    public static long[] measuredNs(TrialData d) {
        long[] t = new long[Math.toIntExact(d.measuredCount())];
        int k = 0;
        for (int i = 0; i < d.size(); i++) if (d.measured(i)) t[k++] = d.eventTimeNs(i);
        return t;
    }
}
